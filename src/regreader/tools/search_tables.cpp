// search_tables: tables whose caption or cells match a query, as whole (merged) tables.

#include <set>

#include "regreader/tools/arguments.hpp"
#include "regreader/tools/lookups.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"
#include "regreader/tools/search_hits.hpp"
#include "regreader/tools/search_runner.hpp"

namespace regreader::tools {

namespace {

// Table blocks fetched per wanted table: several segments of one table may all match.
constexpr int kSegmentsPerTable = 3;

const model::TableEntry* table_of_block(const std::vector<model::TableEntry>& tables,
                                        const std::string& block_id) {
  for (const auto& t : tables)
    for (const auto& s : t.segments)
      if (s.block_id == block_id) return &t;
  return nullptr;
}

ToolResult run(const ToolContext& ctx, const nlohmann::json& args) {
  const Arguments a(args);
  SearchRequest r;
  r.query = a.str("query");
  r.reg_ids = {a.str("reg_id")};
  r.chapter_scope = a.str("chapter_scope");
  r.block_types = {model::BlockType::kTable};
  r.mode = a.str("search_mode", "hybrid");
  const int limit = a.integer("limit", 10);
  r.limit = limit * kSegmentsPerTable;
  const auto out = run_search(ctx, r);
  const auto tables = ctx.store().tables(r.reg_ids.front());
  nlohmann::json results = nlohmann::json::array();
  std::set<std::string> seen;
  std::string text;
  // Tables the query names (`告警阈值` for a table under `各电池簇的告警阈值如下：`) come first:
  // a worker asks for a table by what it is called, and an untitled one has no 表N to search.
  const double top = out.hits.empty() ? 1.0 : out.hits.front().score;
  if (r.chapter_scope.empty())
    for (const auto* t : tables_named(tables, r.query)) {
      if (static_cast<int>(results.size()) >= limit || !seen.insert(t->table_id).second) continue;
      auto j = table_summary_json(ctx.store(), r.reg_ids.front(), *t);
      j["snippet"] = table_title(*t);
      j["score"] = top;
      j["matched_page"] = t->page_start;
      j["matched"] = "name";
      results.push_back(j);
      text += j["source"].get<std::string>() + "  " + table_title(*t) + ocr_mark(j) + "\n";
    }
  for (const auto& h : out.hits) {
    if (static_cast<int>(results.size()) >= limit) break;
    const auto* t = table_of_block(tables, h.block_id);
    if (!t || !seen.insert(t->table_id).second) continue;
    auto j = table_summary_json(ctx.store(), h.reg_id, *t);
    j["snippet"] = h.snippet;
    j["score"] = h.score;
    j["matched_page"] = h.page_num;
    results.push_back(j);
    text += j["source"].get<std::string>() + "  " + table_title(*t) + ocr_mark(j) + "\n  " +
            h.snippet + "\n";
    if (static_cast<int>(results.size()) >= limit) break;
  }
  if (results.empty()) text = "No table matches \"" + r.query + "\".\n";
  return {{{"query", r.query}, {"mode_used", out.mode_used}, {"results", results}}, text};
}

}  // namespace

ToolSpec search_tables_tool() {
  using namespace schema;
  const json table = output({{"table_id", {{"type", "string"}}},
                             {"caption", {{"type", "string"}}},
                             {"page_start", {{"type", "integer"}}},
                             {"page_end", {{"type", "integer"}}},
                             {"snippet", {{"type", "string"}}},
                             {"score", {{"type", "number"}}},
                             {"source", source()}},
                            {"table_id", "caption", "page_start", "page_end", "source"});
  return {"search_tables",
          "Search tables",
          "Search the tables of one regulation (captions and cells, e.g. 安全距离 110kV). Each "
          "result is a whole table, merged across the pages it spans, with the matching snippet. "
          "Get its full content with get_table_by_id; its notes with lookup_annotation.",
          object({{"query",
                   {{"type", "string"},
                    {"minLength", 1},
                    {"description", "Words to find in captions or cells"}}},
                  {"reg_id", reg_id()},
                  {"chapter_scope", string("Section number (5.2) or chapter title words")},
                  {"search_mode",
                   {{"type", "string"},
                    {"enum", {"keyword", "vector", "hybrid"}},
                    {"description", "Retrieval mode (default hybrid)"}}},
                  {"limit", integer("Tables to return (default 10)", 1, 50)}},
                 {"query", "reg_id"}),
          output({{"query", {{"type", "string"}}},
                  {"mode_used", {{"type", "string"}}},
                  {"results", {{"type", "array"}, {"items", table}}}},
                 {"query", "mode_used", "results"}),
          false,
          run};
}

}  // namespace regreader::tools
