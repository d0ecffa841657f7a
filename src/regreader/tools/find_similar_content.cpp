// find_similar_content (advanced): passages like a given text or block, elsewhere in a regulation.

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/tools/arguments.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"
#include "regreader/tools/search_hits.hpp"
#include "regreader/tools/search_runner.hpp"

namespace regreader::tools {

namespace {

// A block's text used as a query is cut to this many characters: the start of a clause carries
// its subject, and long queries only slow the loose pass down.
constexpr size_t kQueryChars = 80;
// Hits fetched per wanted one, since the source block and its page are dropped afterwards.
constexpr int kOverfetch = 3;

struct Source {
  std::string text;
  int page = 0;
  std::string block_id;
};

Source source_block(const ToolContext& ctx, const std::string& reg_id, const std::string& id) {
  // Block ids are REG:pN:bM; the page is in the id.
  const auto p = id.rfind(":p");
  const auto b = id.rfind(":b");
  if (p == std::string::npos || b == std::string::npos || b < p)
    throw Error(ErrorCode::kInvalidArgument, "source_block_id '" + id +
                                                 "' is not a block id (they look like " + reg_id +
                                                 ":p4:b2, as search results give them)");
  const int page = std::atoi(id.substr(p + 2, b - p - 2).c_str());
  for (const auto& blk : ctx.store().page(reg_id, page).content_blocks)
    if (blk.block_id == id) return {blk.content_markdown, page, id};
  throw Error(ErrorCode::kNotFound, "no block " + id + " on page " + std::to_string(page));
}

ToolResult run(const ToolContext& ctx, const nlohmann::json& args) {
  const Arguments a(args);
  const std::string reg_id = a.str("reg_id");
  ctx.store().require(reg_id);
  Source src;
  if (auto id = a.opt_str("source_block_id"))
    src = source_block(ctx, reg_id, *id);
  else if (auto q = a.opt_str("query_text"))
    src.text = *q;
  else
    throw Error(ErrorCode::kInvalidArgument, "give query_text or source_block_id");
  const int limit = a.integer("limit", 5);
  const bool exclude_page = a.boolean("exclude_same_page", true);
  SearchRequest r;
  r.query = text::prefix(src.text, kQueryChars);
  r.reg_ids = {reg_id};
  r.limit = limit * kOverfetch + 1;
  const auto out = run_search(ctx, r);
  std::vector<index::SearchHit> hits;
  for (const auto& h : out.hits) {
    if (h.block_id == src.block_id || (exclude_page && src.page > 0 && h.page_num == src.page))
      continue;
    hits.push_back(h);
    if (static_cast<int>(hits.size()) >= limit) break;
  }
  std::string text;
  for (const auto& h : hits)
    text += "[" + h.source + "] " + h.snippet + "\n";
  return {
      {{"reg_id", reg_id}, {"mode_used", out.mode_used}, {"results", hits_json(ctx.store(), hits)}},
      text.empty() ? "No similar passages.\n" : text};
}

}  // namespace

ToolSpec find_similar_content_tool() {
  using namespace schema;
  return {
      "find_similar_content",
      "Find similar passages",
      "Find passages of a regulation similar to a text or to a block (give source_block_id "
      "from a search result): related clauses in other chapters, repeated requirements. "
      "exclude_same_page drops hits on the source block's own page.",
      object(
          {{"reg_id", reg_id()},
           {"query_text", string("Text to find similar passages to")},
           {"source_block_id", string("A block id from a search result, e.g. GB26860-2011:p4:b2")},
           {"limit", integer("Results (default 5)", 1, 20)},
           {"exclude_same_page", boolean("Skip hits on the source block's page (default true)")}},
          {"reg_id"}),
      output({{"reg_id", {{"type", "string"}}},
              {"mode_used", {{"type", "string"}}},
              {"results", {{"type", "array"}, {"items", search_hit()}}}},
             {"reg_id", "mode_used", "results"}),
      true,
      run};
}

}  // namespace regreader::tools
