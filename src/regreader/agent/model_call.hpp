#pragma once
// One model call as the strategies see it: what was sent (prompt bytes: system, messages, tool
// definitions), what it cost (tokens) and how long it took. Every strategy records its calls so
// prompt sizes can be compared ("orchestrated subagent prompts are small"); call_model() is the
// one way the orchestrator and the workflow call the model outside a ReactAgent.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regreader/agent/llm/llm_client.hpp"
#include "regreader/agent/llm/llm_types.hpp"

namespace regreader::agent {

struct AgentResponse;

/// The size and cost of one model call.
struct ModelCall {
  std::string agent;  ///< "react", "analyzer", "search_agent", "aggregator", "workflow/scope"…
  size_t system_bytes = 0;   ///< system prompt
  size_t message_bytes = 0;  ///< text, tool inputs and tool results of every message sent
  size_t tools_bytes = 0;    ///< the tool definitions offered, as JSON
  size_t tools_offered = 0;
  long long input_tokens = 0;  ///< as the provider reported
  long long output_tokens = 0;
  double ms = 0;

  /// What the model was sent: system + messages + tool definitions.
  size_t prompt_bytes() const { return system_bytes + message_bytes + tools_bytes; }
};

/// Measures a request before it is sent (tokens and time are filled in after).
ModelCall measure_request(std::string agent, const ChatRequest& request);

/// Sends `request`, and records the call into `into` (model_calls, usage, turns, llm_ms).
/// Exceptions of the client propagate.
ChatResponse call_model(LlmClient& llm, const ChatRequest& request, const std::string& agent,
                        AgentResponse& into, const TextCallback& on_text = {});

/// The first JSON object in a model's reply, tolerating ```json fences and prose around it;
/// nullopt when there is none or it does not parse.
std::optional<nlohmann::json> extract_json_object(std::string_view text);

void to_json(nlohmann::json& j, const ModelCall& c);

/// For task_completed events: {"model_calls": n, "prompt_bytes": total, "max_prompt_bytes": …}.
nlohmann::json prompt_summary(const std::vector<ModelCall>& calls);

}  // namespace regreader::agent
