#include "regreader/agent/agent_response.hpp"

#include <algorithm>

namespace regreader::agent {

bool AgentResponse::has_fabricated_citation() const {
  return std::any_of(claims.begin(), claims.end(),
                     [](const tools::ClaimResult& c) { return tools::is_failure(c.verdict); }) ||
         std::any_of(sources.begin(), sources.end(),
                     [](const CheckedCitation& c) { return is_fabricated(c.status); });
}

size_t AgentResponse::failed_claims() const {
  return static_cast<size_t>(
      std::count_if(claims.begin(), claims.end(),
                    [](const tools::ClaimResult& c) { return tools::is_failure(c.verdict); }));
}

std::string_view agent_outcome_name(AgentOutcome o) {
  switch (o) {
    case AgentOutcome::kAnswered:
      return "answered";
    case AgentOutcome::kTurnLimit:
      return "turn_limit";
    case AgentOutcome::kTokenBudget:
      return "token_budget";
    case AgentOutcome::kMaxTokens:
      return "max_tokens";
  }
  return "answered";
}

void to_json(nlohmann::json& j, const ToolCallRecord& r) {
  j = {{"id", r.id},
       {"name", r.name},
       {"args", r.args},
       {"duration_ms", r.duration_ms},
       {"result_chars", r.result_chars},
       {"regulations", r.regulations},
       {"truncated", r.truncated},
       {"is_error", r.is_error}};
  if (!r.error.empty()) j["error"] = r.error;
}

void to_json(nlohmann::json& j, const CheckedCitation& c) {
  const Citation& x = c.citation;
  j = {{"raw", x.raw},
       {"regulation", x.regulation},
       {"page_first", x.page_first},
       {"page_last", x.page_last},
       {"objects", x.objects},
       {"status", citation_status_name(c.status)}};
  if (!c.reg_id.empty()) j["reg_id"] = c.reg_id;
  if (!x.table().empty()) j["table"] = x.table();
  if (!x.annotation().empty()) j["annotation"] = x.annotation();
  if (!x.section().empty()) j["section"] = x.section();
  if (!c.detail.empty()) j["detail"] = c.detail;
}

void to_json(nlohmann::json& j, const AgentResponse& r) {
  j = {{"content", r.content},
       {"sources", r.sources},
       {"claims", r.claims},
       {"checked", r.checked},
       {"tool_calls", r.tool_calls},
       {"thinking", r.thinking},
       {"usage", r.usage},
       {"timings",
        {{"total_ms", r.timings.total_ms},
         {"llm_ms", r.timings.llm_ms},
         {"tools_ms", r.timings.tools_ms},
         {"outside_model_ms", r.timings.outside_model_ms()}}},
       {"model_calls", r.model_calls},
       {"strategy", r.strategy},
       {"outcome", agent_outcome_name(r.outcome)},
       {"turns", r.turns},
       {"warnings", r.warnings},
       {"uncited", r.uncited}};
}

}  // namespace regreader::agent
