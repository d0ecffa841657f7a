#include "regreader/tools/search_runner.hpp"

#include "regreader/core/error.hpp"
#include "regreader/index/search.hpp"

namespace regreader::tools {

namespace {

// Over-fetch when a section filter is applied after the search.
constexpr int kSectionOverfetch = 5;

bool in_section(const std::string& have, const std::string& want) {
  return have == want || (have.size() > want.size() && have.compare(0, want.size(), want) == 0 &&
                          have[want.size()] == '.');
}

}  // namespace

SearchOutcome run_search(const ToolContext& ctx, const SearchRequest& r) {
  const index::SearchMode mode = index::parse_search_mode(r.mode);
  index::SearchFilter f;
  for (const auto& id : r.reg_ids)
    if (id != "all") {
      ctx.store.require(id);
      f.reg_ids.push_back(id);
    }
  f.chapter_scope = r.chapter_scope;
  f.block_types = r.block_types;
  f.limit = r.section_number.empty() ? r.limit : r.limit * kSectionOverfetch;
  f.synonyms = ctx.synonyms;
  SearchOutcome out;
  // Progress for the steps that can be slow (a remote embedding model, a large vector index); the
  // server sends it only once a call has run for a while.
  double done = 0;
  auto on_step = [&](const std::string& what) {
    if (ctx.progress) ctx.progress(done++, 3, what);
  };
  for (auto& h : index::search(ctx.store, r.query, f, mode, on_step)) {
    if (!r.section_number.empty() && !in_section(h.section_number, r.section_number)) continue;
    out.hits.push_back(std::move(h));
    if (static_cast<int>(out.hits.size()) >= r.limit) break;
  }
  // After the search, which loaded the semantic leg (with progress); effective_mode reads its
  // cache.
  out.mode_used = std::string(index::search_mode_name(index::effective_mode(ctx.store, mode)));
  return out;
}

}  // namespace regreader::tools
