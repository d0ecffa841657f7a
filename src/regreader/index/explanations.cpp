#include "regreader/index/explanations.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "regreader/index/restated_chapters.hpp"

namespace regreader::index {

namespace {

// The blocks of chapters an explanation restates and of the explanation's chapters, by id: the
// restated chapter's node id (unique in the library: it begins with its regulation's id) and
// whether the block is the explanation's.
struct Restatement {
  std::string chapter;
  bool explains = false;
};
using Restatements = std::unordered_map<std::string, Restatement>;

// One regulation's: read from its chapter tree.
Restatements read_restatements(const store::DocumentStore& store, const std::string& reg_id) {
  Restatements out;
  const auto structure = store.structure(reg_id);
  const auto restated = restated_chapters(structure);
  for (size_t i = 0; i < restated.size(); ++i) {
    if (restated[i] < 0) continue;
    const auto& clause = structure.nodes()[static_cast<size_t>(restated[i])];
    for (const auto& id : clause.content_block_ids)
      out[id] = {clause.node_id, false};
    for (const auto& id : structure.nodes()[i].content_block_ids)
      out[id] = {clause.node_id, true};
  }
  return out;
}

// The restatements of the regulations a search's hits are in, each read once per library
// version: a search reads one or two regulations' trees, not the library's (at 69 documents,
// reading every tree cost a command-line search 23 ms, as long as the search itself).
Restatements hits_restatements(const store::DocumentStore& store,
                               const std::vector<SearchHit>& hits) {
  static std::mutex mutex;
  static std::string version;
  static std::unordered_map<std::string, std::shared_ptr<const Restatements>> by_regulation;
  Restatements out;
  for (const auto& h : hits) {
    std::shared_ptr<const Restatements> known;
    {
      std::lock_guard lock(mutex);
      if (version != store.version()) {
        version = store.version();
        by_regulation.clear();
      }
      if (const auto at = by_regulation.find(h.reg_id); at != by_regulation.end())
        known = at->second;
    }
    if (!known) {
      known = std::make_shared<const Restatements>(read_restatements(store, h.reg_id));
      std::lock_guard lock(mutex);
      by_regulation.emplace(h.reg_id, known);
    }
    if (const auto at = known->find(h.block_id); at != known->end()) out.insert(*at);
  }
  return out;
}

}  // namespace

std::vector<SearchHit> explanations_after_clauses(const store::DocumentStore& store,
                                                  std::vector<SearchHit> hits) {
  const auto restatements = hits_restatements(store, hits);
  if (restatements.empty()) return hits;
  for (size_t i = hits.size(); i-- > 0;) {
    const auto at = restatements.find(hits[i].block_id);
    if (at == restatements.end() || !at->second.explains) continue;
    for (size_t j = i + 1; j < hits.size(); ++j) {
      const auto clause = restatements.find(hits[j].block_id);
      if (clause == restatements.end() || clause->second.explains ||
          clause->second.chapter != at->second.chapter)
        continue;
      std::rotate(hits.begin() + static_cast<long>(i), hits.begin() + static_cast<long>(i) + 1,
                  hits.begin() + static_cast<long>(j) + 1);
      break;
    }
  }
  return hits;
}

}  // namespace regreader::index
