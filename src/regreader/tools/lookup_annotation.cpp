// lookup_annotation: the text of a note (注1, 注①, 方案A …), nearest to the page it is cited from.

#include "regreader/tools/arguments.hpp"
#include "regreader/tools/lookups.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"
#include "regreader/tools/search_hits.hpp"

namespace regreader::tools {

namespace {

ToolResult run(const ToolContext& ctx, const nlohmann::json& args) {
  const Arguments a(args);
  const std::string reg_id = a.str("reg_id"), label = a.str("annotation_id");
  ctx.store().require(reg_id);
  const auto notes = find_notes(ctx.store(), reg_id, label, a.integer("page_hint", 0));
  const auto& best = notes.front();
  nlohmann::json matches = nlohmann::json::array();
  std::string text;
  for (const auto& n : notes) {
    nlohmann::json j = note_json(ctx.store(), reg_id, n);
    text += n.annotation_id + "：" + n.content + "  (" + j["source"].get<std::string>() + ")" +
            ocr_mark(j) + "\n";
    matches.push_back(j);
  }
  nlohmann::json out = {{"reg_id", reg_id},
                        {"annotation_id", best.annotation_id},
                        {"content", best.content},
                        {"page_num", best.page_num},
                        {"related_blocks", best.related_blocks},
                        {"matches", matches},
                        {"source", matches.front()["source"]}};
  add_text_source(ctx.store(), reg_id, best.page_num, out);
  return {out, text};
}

}  // namespace

ToolSpec lookup_annotation_tool() {
  using namespace schema;
  return {
      "lookup_annotation",
      "Look up a note",
      "Get the text of a note that a passage or table points to (见注1, 注①, 注一, 方案A, "
      "脚注1). Give page_hint (the page you are reading) so the nearest note with that label "
      "comes first: many tables have their own 注1.",
      object({{"reg_id", reg_id()},
              {"annotation_id",
               {{"type", "string"},
                {"minLength", 1},
                {"description", "Note label, e.g. 注1, 注①, 方案A"}}},
              {"page_hint", integer("The page the note is cited from", 1, 100000)}},
             {"reg_id", "annotation_id"}),
      output(
          {{"reg_id", {{"type", "string"}}},
           {"annotation_id", {{"type", "string"}}},
           {"content", {{"type", "string"}}},
           {"page_num", {{"type", "integer"}}},
           {"related_blocks", strings()},
           {"matches", {{"type", "array"}, {"items", {{"type", "object"}}}}},
           {"source", source()},
           {"text_source",
            string("Where the note's page text came from: text_layer, ocr, text (Word, Markdown)")},
           {"ocr_confidence", {{"type", "number"}, {"description", "OCR pages: 0-100"}}},
           {"ocr_warning", {{"type", "string"}}}},
          {"reg_id", "annotation_id", "content", "page_num", "matches", "source"}),
      false,
      run};
}

}  // namespace regreader::tools
