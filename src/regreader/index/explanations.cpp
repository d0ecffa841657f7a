#include "regreader/index/explanations.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "regreader/core/keyed_cache.hpp"
#include "regreader/index/restated_chapters.hpp"

namespace regreader::index {

namespace {

// The blocks of chapters an explanation restates and of the explanation's chapters, by id: the
// chapter's numbers (its regulation's id first) and whether the block is the explanation's.
struct Restatement {
  std::string chapter;
  bool explains = false;
};
using Restatements = std::unordered_map<std::string, Restatement>;

Restatements read_restatements(const store::DocumentStore& store) {
  Restatements out;
  for (const auto& info : store.list()) {
    const auto structure = store.structure(info.reg_id);
    const auto restated = restated_chapters(structure);
    if (std::none_of(restated.begin(), restated.end(), [](bool b) { return b; })) continue;
    const auto chains = chapter_chains(structure);
    std::unordered_map<std::string, size_t> first;  // each chain's first node
    for (size_t i = 0; i < chains.size(); ++i)
      first.emplace(chains[i], i);
    for (size_t i = 0; i < chains.size(); ++i) {
      if (!restated[i]) continue;
      const std::string chapter = info.reg_id + '\x1f' + chains[i];
      for (const auto& id : structure.nodes()[first.at(chains[i])].content_block_ids)
        out[id] = {chapter, false};
      for (const auto& id : structure.nodes()[i].content_block_ids)
        out[id] = {chapter, true};
    }
  }
  return out;
}

std::shared_ptr<const Restatements> library_restatements(const store::DocumentStore& store) {
  static KeyedCache<Restatements> cache;
  return cache.get(store.version(), [&] { return read_restatements(store); });
}

}  // namespace

std::vector<SearchHit> explanations_after_clauses(const store::DocumentStore& store,
                                                  std::vector<SearchHit> hits) {
  const auto restatements = library_restatements(store);
  if (restatements->empty()) return hits;
  for (size_t i = hits.size(); i-- > 0;) {
    const auto at = restatements->find(hits[i].block_id);
    if (at == restatements->end() || !at->second.explains) continue;
    for (size_t j = i + 1; j < hits.size(); ++j) {
      const auto clause = restatements->find(hits[j].block_id);
      if (clause == restatements->end() || clause->second.explains ||
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
