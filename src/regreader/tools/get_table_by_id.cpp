// get_table_by_id: one table, merged over every page it spans (or one part of it), with its notes.

#include "regreader/tools/arguments.hpp"
#include "regreader/tools/lookups.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"
#include "regreader/tools/search_hits.hpp"

namespace regreader::tools {

namespace {

// The markdown of one segment: the part of the table printed on that page.
std::string segment_markdown(const ToolContext& ctx, const std::string& reg_id,
                             const model::TableSegmentRef& seg) {
  for (const auto& b : ctx.store().page(reg_id, seg.page_num).content_blocks)
    if (b.block_id == seg.block_id) return b.content_markdown;
  return "";
}

ToolResult run(const ToolContext& ctx, const nlohmann::json& args) {
  const Arguments a(args);
  const std::string reg_id = a.str("reg_id"), id = a.str("table_id");
  ctx.store().require(reg_id);
  const auto t = find_table(ctx.store(), reg_id, id);
  const bool merged = a.boolean("include_merged", true);
  auto j = table_summary_json(ctx.store(), reg_id, t);
  std::string md;
  if (merged) {
    md = t.merged.to_markdown();
  } else {
    // Only the part asked for: a segment id (表1#2) or, for the master id, its first page.
    const model::TableSegmentRef* part = &t.segments.front();
    for (const auto& s : t.segments)
      if (s.table_id == id) part = &s;
    md = segment_markdown(ctx, reg_id, *part);
    j["source"] = cite(reg_id, part->page_num, part->page_num) + " " + part->table_id;
  }
  j["markdown"] = md;
  j["merged"] = merged;
  j["notes"] = table_notes(ctx.store(), reg_id, t);
  std::string text = md + "\n";
  for (const auto& n : j["notes"])
    text += n["annotation_id"].get<std::string>() + "：" + n["content"].get<std::string>() + "\n";
  text += "source: " + j["source"].get<std::string>() + ocr_mark(j) + "\n";
  return {j, text};
}

}  // namespace

ToolSpec get_table_by_id_tool() {
  using namespace schema;
  return {"get_table_by_id",
          "Get a table",
          "Get one table by id or label (表1, 表 6-2, 表B.0.3, T3, or a part such as 表1#2), or by "
          "name (its caption's title, the name search_tables shows for an untitled table, words of "
          "its header), as Markdown, merged over every page it spans (include_merged=false gives "
          "only the part on one page), with the notes that qualify it. Use it when a page shows "
          "a table that continues (续表) or a search hit is a truncated table.",
          object({{"reg_id", reg_id()},
                  {"table_id",
                   {{"type", "string"},
                    {"minLength", 1},
                    {"description", "Table id or label, e.g. 表1; or its name, e.g. 作业记录表"}}},
                  {"include_merged", boolean("Merge the parts on every page (default true)")}},
                 {"reg_id", "table_id"}),
          output({{"table_id", {{"type", "string"}}},
                  {"caption", {{"type", "string"}}},
                  {"page_start", {{"type", "integer"}}},
                  {"page_end", {{"type", "integer"}}},
                  {"markdown", {{"type", "string"}}},
                  {"merged", {{"type", "boolean"}}},
                  {"notes", {{"type", "array"}, {"items", {{"type", "object"}}}}},
                  {"source", source()}},
                 {"table_id", "caption", "page_start", "page_end", "markdown", "notes", "source"}),
          false,
          run};
}

}  // namespace regreader::tools
