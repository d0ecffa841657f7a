#include "regreader/tools/search_runner.hpp"

#include "regreader/core/error.hpp"

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
  if (r.mode != "keyword" && r.mode != "vector" && r.mode != "hybrid")
    throw Error(ErrorCode::kInvalidArgument,
                "search mode must be keyword, vector or hybrid, got '" + r.mode + "'");
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
  out.mode_used = "keyword";
  if (r.mode == "vector")
    throw Error(ErrorCode::kInvalidArgument,
                "vector search needs an embedding index, which this store does not have; use "
                "search_mode keyword or hybrid");
  for (auto& h : index::keyword_search(ctx.store, r.query, f)) {
    if (!r.section_number.empty() && !in_section(h.section_number, r.section_number)) continue;
    out.hits.push_back(std::move(h));
    if (static_cast<int>(out.hits.size()) >= r.limit) break;
  }
  return out;
}

}  // namespace regreader::tools
