#include "regreader/tools/search_runner.hpp"

#include <algorithm>

#include "regreader/core/error.hpp"
#include "regreader/index/guided_search.hpp"
#include "regreader/index/search.hpp"

namespace regreader::tools {

SearchOutcome run_search(const ToolContext& ctx, const SearchRequest& r) {
  const index::SearchMode mode = index::parse_search_mode(r.mode);
  index::SearchFilter f;
  for (const auto& id : r.reg_ids)
    if (id != "all") {
      ctx.store().require(id);
      f.reg_ids.push_back(id);
    }
  f.chapter_scope = r.chapter_scope;
  f.block_types = r.block_types;
  f.section_number = r.section_number;
  f.section_exact = r.section_exact;
  f.limit = r.limit;
  f.synonyms = ctx.synonyms;
  SearchOutcome out;
  // Progress for the steps that can be slow (a remote embedding model, a large vector index); the
  // server sends it only once a call has run for a while.
  double done = 0;
  auto on_step = [&](const std::string& what) {
    if (ctx.progress) ctx.progress(done++, 3, what);
  };
  index::GuidedOptions o;
  // reg_id "all" is a choice too: the regulations the query names do not narrow it.
  o.route = std::find(r.reg_ids.begin(), r.reg_ids.end(), "all") == r.reg_ids.end();
  o.per_reg = r.per_reg;
  o.collapse = r.collapse_copies;
  o.aliases = ctx.aliases;
  out.guided = index::guided_search(ctx.engine, r.query, f, mode, o, on_step);
  out.hits = std::move(out.guided.hits);
  // After the search, which loaded the semantic leg (with progress): hybrid without one ran as
  // keyword.
  out.mode_used = std::string(index::search_mode_name(index::effective_mode(ctx.engine, mode)));
  return out;
}

}  // namespace regreader::tools
