// get_toc: a regulation's chapter tree with page ranges.

#include "regreader/tools/arguments.hpp"
#include "regreader/tools/lookups.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"

namespace regreader::tools {

namespace {

void toc_text(const nlohmann::json& nodes, int indent, std::string& out) {
  for (const auto& n : nodes) {
    std::string label = n.value("section_number", "");
    const std::string title = n.value("title", "");
    if (!title.empty()) label += (label.empty() ? "" : " ") + title;
    const int a = n.value("page_start", 0), b = n.value("page_end", 0);
    out += std::string(static_cast<size_t>(indent) * 2, ' ') + label + "  (P" + std::to_string(a) +
           (b > a ? "-" + std::to_string(b) : "") + ")\n";
    if (n.contains("children")) toc_text(n["children"], indent + 1, out);
  }
}

ToolResult run(const ToolContext& ctx, const nlohmann::json& args) {
  const Arguments a(args);
  const std::string reg_id = a.str("reg_id");
  const auto info = ctx.store().require(reg_id);
  const auto structure = ctx.store().structure(reg_id);
  const auto tree =
      structure.get_chapter_tree(a.integer("max_depth", 3), a.opt_str("expand_section"));
  std::string text =
      info.title + " [" + reg_id + ", " + std::to_string(info.total_pages) + " pages]\n";
  toc_text(tree, 0, text);
  return {{{"reg_id", reg_id},
           {"title", info.title},
           {"total_pages", info.total_pages},
           {"toc", tree},
           {"source", cite(reg_id, 1, info.total_pages)}},
          text};
}

}  // namespace

ToolSpec get_toc_tool() {
  using namespace schema;
  return {"get_toc",
          "Table of contents",
          "Get a regulation's table of contents: chapters and sections (第X章, 5.2, 5.2.3, 附录A) "
          "with the pages each spans. Start here: find the chapter that covers the question, then "
          "search within it (smart_search with chapter_scope) and read its pages "
          "(read_page_range). Use expand_section to open one deep branch fully.",
          object({{"reg_id", reg_id()},
                  {"max_depth", integer("Levels to show (default 3)", 1, 10)},
                  {"expand_section",
                   string("Section number or title to show in full depth, e.g. 5.2 or 附录A")}},
                 {"reg_id"}),
          output({{"reg_id", {{"type", "string"}}},
                  {"title", {{"type", "string"}}},
                  {"total_pages", {{"type", "integer"}}},
                  {"toc", {{"type", "array"}, {"items", {{"type", "object"}}}}},
                  {"source", source()}},
                 {"reg_id", "title", "total_pages", "toc", "source"}),
          false,
          run};
}

}  // namespace regreader::tools
