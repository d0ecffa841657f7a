// read_page_range: the full text of up to ten pages, with tables that cross the range merged and
// the pages' notes.

#include <algorithm>
#include <map>

#include "regreader/core/error.hpp"
#include "regreader/tools/arguments.hpp"
#include "regreader/tools/lookups.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"
#include "regreader/tools/search_hits.hpp"

namespace regreader::tools {

namespace {

// A model reads at most this many pages per call: enough for a section, small enough for context.
constexpr int kMaxPages = 10;

// Block id -> the merged table it is a part of, for tables sent whole in merged_tables.
using MergedParts = std::map<std::string, std::string>;

// The page's text, with each part of a merged table replaced by a pointer to it: the model gets
// every table once, not a page's segment and the merged table both.
std::string page_text(const model::PageDocument& p, const MergedParts& parts) {
  if (std::none_of(p.content_blocks.begin(), p.content_blocks.end(),
                   [&](const model::ContentBlock& b) { return parts.count(b.block_id) > 0; }))
    return p.content_markdown;
  std::vector<model::ContentBlock> blocks = p.content_blocks;
  for (auto& b : blocks)
    if (const auto it = parts.find(b.block_id); it != parts.end())
      b.content_markdown = "[" + it->second + ": part of a table across pages, in merged_tables]";
  return model::join_blocks_markdown(blocks);
}

nlohmann::json page_json(const std::string& reg_id, const model::PageDocument& p,
                         const MergedParts& parts) {
  nlohmann::json j = {{"page_num", p.page_num},
                      {"chapter_path", p.chapter_path},
                      {"content_markdown", page_text(p, parts)},
                      {"continues_from_prev", p.continues_from_prev},
                      {"continues_to_next", p.continues_to_next},
                      {"text_source", p.text_source},
                      {"source", cite(reg_id, p.page_num, p.page_num)}};
  if (p.text_source == "ocr") add_ocr_fields(j, p.ocr_confidence);
  return j;
}

// Tables with a part in the range that also run outside one page: merged, so the model sees the
// whole table once.
nlohmann::json crossing_tables(const ToolContext& ctx, const std::string& reg_id, int start,
                               int end, MergedParts& parts) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& t : ctx.store().tables(reg_id)) {
    if (t.page_end < start || t.page_start > end || t.segments.size() < 2) continue;
    for (const auto& s : t.segments)
      parts[s.block_id] = t.table_id;
    auto j = table_summary_json(ctx.store(), reg_id, t);
    j["markdown"] = t.merged.to_markdown();
    out.push_back(j);
  }
  return out;
}

ToolResult run(const ToolContext& ctx, const nlohmann::json& args) {
  const Arguments a(args);
  const std::string reg_id = a.str("reg_id");
  const int start = a.integer("start_page", 1), end = a.integer("end_page", start);
  if (end < start)
    throw Error(ErrorCode::kInvalidArgument, "end_page (" + std::to_string(end) +
                                                 ") must not be before start_page (" +
                                                 std::to_string(start) + ")");
  if (end - start + 1 > kMaxPages)
    throw Error(ErrorCode::kInvalidArgument,
                "at most " + std::to_string(kMaxPages) + " pages per call; read " +
                    std::to_string(start) + "-" + std::to_string(start + kMaxPages - 1) + " first");
  const auto pages = ctx.store().pages(reg_id, start, end);
  MergedParts parts;
  const auto tables = crossing_tables(ctx, reg_id, start, end, parts);
  nlohmann::json pj = nlohmann::json::array(), notes = nlohmann::json::array();
  std::string text;
  for (const auto& p : pages) {
    pj.push_back(page_json(reg_id, p, parts));
    for (const auto& n : p.annotations)
      notes.push_back(n);
    text += "──── " + cite(reg_id, p.page_num, p.page_num) +
            ocr_mark(p.text_source, p.ocr_confidence) + " ────\n" + page_text(p, parts) + "\n\n";
  }
  for (const auto& t : tables)
    text += "[merged table " + t["table_id"].get<std::string>() + ", " +
            t["source"].get<std::string>() + "]" + ocr_mark(t) + "\n" +
            t["markdown"].get<std::string>() + "\n";
  nlohmann::json out = {{"reg_id", reg_id},
                        {"start_page", start},
                        {"end_page", end},
                        {"pages", pj},
                        {"merged_tables", tables},
                        {"annotations", notes},
                        {"source", cite(reg_id, start, end)}};
  add_paging_warning(ctx.store(), reg_id, out);
  if (out.contains("paging_warning"))
    text = "[" + out["paging_warning"].get<std::string>() + "]\n" + text;
  return {out, text};
}

}  // namespace

ToolSpec read_page_range_tool() {
  using namespace schema;
  const json page = output({{"page_num", {{"type", "integer"}}},
                            {"chapter_path", strings()},
                            {"content_markdown", {{"type", "string"}}},
                            {"continues_from_prev", {{"type", "boolean"}}},
                            {"continues_to_next", {{"type", "boolean"}}},
                            {"source", source()}},
                           {"page_num", "content_markdown", "source"});
  return {"read_page_range",
          "Read pages",
          "Read the full text of pages start_page..end_page (at most 10) of a regulation, as "
          "Markdown with chapter paths. Tables that run across pages come back merged "
          "(merged_tables) and the pages' notes (注1, 注①…) are included. Read the pages a search "
          "hit points to before answering, and cite them as the source says.",
          object({{"reg_id", reg_id()},
                  {"start_page", integer("First page (1-based)", 1, 100000)},
                  {"end_page", integer("Last page, at most start_page + 9", 1, 100000)}},
                 {"reg_id", "start_page", "end_page"}),
          output({{"reg_id", {{"type", "string"}}},
                  {"start_page", {{"type", "integer"}}},
                  {"end_page", {{"type", "integer"}}},
                  {"pages", {{"type", "array"}, {"items", page}}},
                  {"merged_tables", {{"type", "array"}, {"items", {{"type", "object"}}}}},
                  {"annotations", {{"type", "array"}, {"items", {{"type", "object"}}}}},
                  {"source", source()}},
                 {"reg_id", "start_page", "end_page", "pages", "merged_tables", "annotations",
                  "source"}),
          false,
          run};
}

}  // namespace regreader::tools
