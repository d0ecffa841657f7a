// resolve_reference: follow 见表1 / 参见5.2.3 / 按附录A / 见注1 / 第十二条 to what it points at.

#include "regreader/core/error.hpp"
#include "regreader/parse/structure/references.hpp"
#include "regreader/tools/arguments.hpp"
#include "regreader/tools/lookups.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"
#include "regreader/tools/search_hits.hpp"

namespace regreader::tools {

namespace {

ToolResult run(const ToolContext& ctx, const nlohmann::json& args) {
  const Arguments a(args);
  const std::string reg_id = a.str("reg_id"), text = a.str("reference_text");
  ctx.store().require(reg_id);
  const auto ref = parse::parse_reference_query(text);
  if (!ref)
    throw Error(ErrorCode::kInvalidArgument,
                "cannot read a reference in '" + text +
                    "'; give the words that point somewhere, e.g. 见表1, 参见5.2.3, 按附录A, "
                    "见注1, 第十二条");
  const auto structure = ctx.store().structure(reg_id);
  const auto tables = ctx.store().tables(reg_id);
  const auto notes = ctx.store().annotations(reg_id);
  const auto link =
      parse::resolve_reference(*ref, a.integer("page_hint", 0), {structure, tables, notes});
  const auto target = reference_target_json(ctx.store(), reg_id, link, structure, tables, notes);
  nlohmann::json out = {{"reg_id", reg_id},
                        {"reference_text", text},
                        {"kind", model::ref_kind_name(link.kind)},
                        {"target", link.target},
                        {"resolved", link.resolved},
                        {"content", target}};
  std::string rendered;
  if (!link.resolved) {
    out["source"] = reg_id;
    rendered = "\"" + text + "\" points to " + link.target + ", which is not in " + reg_id +
               ". Check get_toc, or search for it.\n";
  } else {
    out["source"] = target.is_object() ? target.value("source", reg_id) : reg_id;
    out["target_page"] = link.target_page;
    rendered =
        "\"" + text + "\" → " + link.target + " (" + out["source"].get<std::string>() + ")" +
        ocr_mark(target) + "\n" +
        (target.is_object() ? target.value("content_markdown",
                                           target.value("markdown", target.value("content", "")))
                            : "") +
        "\n";
  }
  return {out, rendered};
}

}  // namespace

ToolSpec resolve_reference_tool() {
  using namespace schema;
  return {
      "resolve_reference",
      "Follow a reference",
      "Follow a cross-reference found in the text — 见第六章, 见表6-2, 参见5.2.3, 按附录A, "
      "见注1, 第十二条 — to what it points at, and return that chapter's text, table or note "
      "with its pages. resolved=false means the target is not in this regulation.",
      object({{"reg_id", reg_id()},
              {"reference_text",
               {{"type", "string"},
                {"minLength", 1},
                {"description", "The reference as written, e.g. 见表1 or 参见5.2.3"}}},
              {"page_hint", integer("The page the reference is on (helps with notes)", 1, 100000)}},
             {"reg_id", "reference_text"}),
      output({{"reg_id", {{"type", "string"}}},
              {"reference_text", {{"type", "string"}}},
              {"kind", {{"type", "string"}}},
              {"target", {{"type", "string"}}},
              {"resolved", {{"type", "boolean"}}},
              {"target_page", {{"type", "integer"}}},
              {"content", {{"type", {"object", "null"}}}},
              {"source", source()}},
             {"reg_id", "reference_text", "kind", "target", "resolved", "content", "source"}),
      false,
      run};
}

}  // namespace regreader::tools
