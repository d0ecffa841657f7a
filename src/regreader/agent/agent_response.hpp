#pragma once
// What an agent run returns: the answer, its cited sources (checked when a CitationChecker was
// given), every tool call, the model's intermediate reasoning, token usage and timings.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/agent/citations.hpp"
#include "regreader/agent/llm/llm_types.hpp"
#include "regreader/agent/model_call.hpp"

namespace regreader::agent {

/// One tool call the model asked for.
struct ToolCallRecord {
  std::string id;
  std::string name;
  nlohmann::json args;
  double duration_ms = 0;
  size_t result_chars = 0;               ///< before trimming to the result budget
  bool truncated = false;                ///< the model saw a trimmed result
  bool is_error = false;                 ///< the tool failed, or the call was refused
  std::string error;                     ///< why, when is_error
  std::vector<std::string> regulations;  ///< ids it read (arguments and result)
};

/// How the run ended.
enum class AgentOutcome {
  kAnswered,     ///< the model gave its final answer
  kTurnLimit,    ///< still calling tools after ReactOptions::max_turns
  kTokenBudget,  ///< ReactOptions::max_total_tokens spent
  kMaxTokens,    ///< the answer was cut by the per-reply max_tokens
};

struct AgentTimings {
  double total_ms = 0;
  double llm_ms = 0;    ///< waiting for the model
  double tools_ms = 0;  ///< running tools (wall time; parallel calls overlap)
  /// Wall time spent waiting for the model. Equals llm_ms for one agent; for the orchestrator,
  /// subagents running in parallel count once (the longest of them).
  double llm_wall_ms = 0;

  /// Wall time outside the model: tools, routing, parsing, citation checks.
  double outside_model_ms() const { return total_ms - llm_wall_ms; }
};

struct AgentResponse {
  std::string content;                     ///< the answer shown to the user
  std::vector<CheckedCitation> sources;    ///< unique citations of the answer
  std::vector<tools::ClaimResult> claims;  ///< each claim of the answer with its verdict
  bool checked = false;                    ///< the claims were checked (a checker was there)
  std::vector<ToolCallRecord> tool_calls;
  std::string thinking;  ///< text and reasoning the model produced between tool calls
  Usage usage;
  AgentTimings timings;
  AgentOutcome outcome = AgentOutcome::kAnswered;
  int turns = 0;                       ///< model calls made
  std::vector<ModelCall> model_calls;  ///< every model call with its prompt size, in order
  std::string strategy = "react";      ///< "react", "orchestrated" or "workflow"
  std::vector<std::string> warnings;   ///< fabricated citations, missing 【来源】, limits hit
  /// Answered from what the tools returned without citing any page (`ask` exits 1).
  bool uncited = false;

  /// True when a claim or a cited source failed verification.
  bool has_fabricated_citation() const;
  size_t failed_claims() const;
};

std::string_view agent_outcome_name(AgentOutcome o);

void to_json(nlohmann::json& j, const ToolCallRecord& r);
void to_json(nlohmann::json& j, const CheckedCitation& c);
/// The whole response as JSON (for `ask --json`).
void to_json(nlohmann::json& j, const AgentResponse& r);

}  // namespace regreader::agent
