// compare_sections (advanced): two sections side by side, with their tables.

#include "regreader/core/error.hpp"
#include "regreader/tools/arguments.hpp"
#include "regreader/tools/lookups.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"

namespace regreader::tools {

namespace {

nlohmann::json section(const ToolContext& ctx, const std::string& reg_id,
                       const model::DocumentStructure& s, const std::string& number,
                       bool with_tables) {
  const auto* n = s.get_node_by_section_number(number);
  if (!n)
    throw Error(ErrorCode::kNotFound,
                "no section " + number + " in " + reg_id + " (see get_toc for its sections)");
  auto j = section_json(ctx.store(), reg_id, *n, s);
  nlohmann::json tables = nlohmann::json::array();
  if (with_tables)
    for (const auto& t : ctx.store().tables(reg_id))
      if (t.page_start <= n->page_end && t.page_end >= n->page_start) {
        auto tj = table_summary_json(ctx.store(), reg_id, t);
        tj["markdown"] = t.merged.to_markdown();
        tables.push_back(tj);
      }
  j["tables"] = tables;
  return j;
}

ToolResult run(const ToolContext& ctx, const nlohmann::json& args) {
  const Arguments a(args);
  const std::string reg_id = a.str("reg_id");
  ctx.store().require(reg_id);
  const auto s = ctx.store().structure(reg_id);
  const bool with_tables = a.boolean("include_tables", true);
  const auto sa = section(ctx, reg_id, s, a.str("section_a"), with_tables);
  const auto sb = section(ctx, reg_id, s, a.str("section_b"), with_tables);
  std::string text;
  for (const auto* x : {&sa, &sb})
    text += "──── " + (*x)["source"].get<std::string>() + " ────\n" +
            (*x)["content_markdown"].get<std::string>() + "\n\n";
  return {{{"reg_id", reg_id},
           {"section_a", sa},
           {"section_b", sb},
           {"source", sa["source"].get<std::string>() + "; " + sb["source"].get<std::string>()}},
          text};
}

}  // namespace

ToolSpec compare_sections_tool() {
  using namespace schema;
  const json sec =
      output({{"section_number", {{"type", "string"}}},
              {"title", {{"type", "string"}}},
              {"page_start", {{"type", "integer"}}},
              {"page_end", {{"type", "integer"}}},
              {"content_markdown", {{"type", "string"}}},
              {"tables", {{"type", "array"}, {"items", {{"type", "object"}}}}},
              {"source", source()}},
             {"section_number", "page_start", "page_end", "content_markdown", "source"});
  return {
      "compare_sections",
      "Compare two sections",
      "Put two sections of one regulation side by side (e.g. 5.2 and 5.3, or 第六章 and "
      "第七章), each with its text over its first pages and, with include_tables, the tables "
      "on its pages. For questions that contrast two procedures or requirements.",
      object({{"reg_id", reg_id()},
              {"section_a",
               {{"type", "string"}, {"minLength", 1}, {"description", "Section number, e.g. 5.2"}}},
              {"section_b",
               {{"type", "string"}, {"minLength", 1}, {"description", "Section number, e.g. 5.3"}}},
              {"include_tables",
               boolean("Include the tables on each section's pages (default true)")}},
             {"reg_id", "section_a", "section_b"}),
      output({{"reg_id", {{"type", "string"}}},
              {"section_a", sec},
              {"section_b", sec},
              {"source", source()}},
             {"reg_id", "section_a", "section_b", "source"}),
      true,
      run};
}

}  // namespace regreader::tools
