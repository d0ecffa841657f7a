// verify_answer: the citation checker as a tool, so an agent on a remote server has its answer
// checked against that server's store, the one it read.

#include "regreader/core/error.hpp"
#include "regreader/tools/arguments.hpp"
#include "regreader/tools/claim_check.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"
#include "regreader/tools/store_page_source.hpp"

namespace regreader::tools {

namespace {

// The longest answer checked: far beyond any answer a model writes, and it bounds the work.
constexpr size_t kMaxAnswerBytes = 200000;

std::string summary_text(const AnswerReport& r) {
  std::string out = r.ok() ? "All claims hold.\n" : "Some claims do not hold.\n";
  for (const auto& c : r.claims) {
    out += "- [" + std::string(verdict_name(c.verdict)) + "] " + c.claim.text;
    if (!c.detail.empty()) out += "  (" + c.detail + ")";
    out += "\n";
  }
  return out;
}

ToolResult run(const ToolContext& ctx, const nlohmann::json& args) {
  const Arguments a(args);
  const std::string answer = a.str("answer");
  if (answer.size() > kMaxAnswerBytes)
    throw Error(ErrorCode::kInvalidArgument,
                "answer is longer than " + std::to_string(kMaxAnswerBytes) + " bytes");
  CheckOptions options;
  if (args.contains("read_regulations")) options.read_regulations = a.strings("read_regulations");
  StorePageSource source(ctx.store(), ctx.aliases ? *ctx.aliases : index::builtin_aliases());
  const AnswerReport report = check_answer_claims(answer, source, options);
  return {nlohmann::json(report), summary_text(report)};
}

}  // namespace

ToolSpec verify_answer_tool() {
  using namespace schema;
  const json verdict = {{"type", "string"},
                        {"enum",
                         {"verified", "figure_not_on_page", "object_not_on_page", "page_missing",
                          "regulation_unknown", "not_read_in_run", "uncited_figure"}}};
  return {
      "verify_answer",
      "Check an answer's citations",
      "Check every claim of an answer against the pages it cites: the regulation exists (and "
      "was read, when read_regulations is given), the page exists, the cited 表/注/clause is on "
      "it, and each figure with its unit (0.70 m, 3 个月, 10 kV) is printed there, in one table "
      "row. Claims with a figure and no citation fail.",
      object({{"answer", {{"type", "string"}, {"minLength", 1}, {"description", "The answer"}}},
              {"read_regulations",
               {{"type", "array"},
                {"items", {{"type", "string"}}},
                {"description", "Regulation ids the run read; citations of others fail"}}}},
             {"answer"}),
      output(
          {{"ok", boolean("True when every claim holds")},
           {"counts", {{"type", "object"}}},
           {"claims",
            {{"type", "array"},
             {"items", output({{"text", {{"type", "string"}}},
                               {"verdict", verdict},
                               {"detail", {{"type", "string"}}},
                               {"figures", strings()},
                               {"citations", {{"type", "array"}, {"items", {{"type", "object"}}}}}},
                              {"text", "verdict", "citations"})}}}},
          {"ok", "counts", "claims"}),
      false,
      run};
}

}  // namespace regreader::tools
