#include "regreader/agent/model_call.hpp"

#include <algorithm>
#include <chrono>

#include "regreader/agent/agent_response.hpp"

namespace regreader::agent {

ModelCall measure_request(std::string agent, const ChatRequest& request) {
  ModelCall c;
  c.agent = std::move(agent);
  c.system_bytes = request.system.size();
  for (const auto& m : request.messages)
    for (const auto& b : m.content)
      c.message_bytes += b.text.size() + b.name.size() +
                         (b.type == ContentBlock::Type::kToolUse ? b.input.dump().size() : 0);
  for (const auto& t : request.tools)
    c.tools_bytes += t.name.size() + t.description.size() + t.input_schema.dump().size();
  c.tools_offered = request.tools.size();
  return c;
}

ChatResponse call_model(LlmClient& llm, const ChatRequest& request, const std::string& agent,
                        AgentResponse& into, const TextCallback& on_text) {
  ModelCall record = measure_request(agent, request);
  const auto t0 = std::chrono::steady_clock::now();
  ChatResponse reply = llm.chat(request, on_text);
  record.ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  record.input_tokens = reply.usage.input_tokens;
  record.output_tokens = reply.usage.output_tokens;
  into.timings.llm_ms += record.ms;
  into.usage += reply.usage;
  ++into.turns;
  into.model_calls.push_back(std::move(record));
  return reply;
}

std::optional<nlohmann::json> extract_json_object(std::string_view text) {
  const size_t open = text.find('{');
  const size_t close = text.rfind('}');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open)
    return std::nullopt;
  auto j = nlohmann::json::parse(text.substr(open, close - open + 1), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  return j;
}

void to_json(nlohmann::json& j, const ModelCall& c) {
  j = {{"agent", c.agent},
       {"system_bytes", c.system_bytes},
       {"message_bytes", c.message_bytes},
       {"tools_bytes", c.tools_bytes},
       {"tools_offered", c.tools_offered},
       {"prompt_bytes", c.prompt_bytes()},
       {"input_tokens", c.input_tokens},
       {"output_tokens", c.output_tokens},
       {"ms", c.ms}};
}

nlohmann::json prompt_summary(const std::vector<ModelCall>& calls) {
  size_t total = 0, largest = 0;
  for (const auto& c : calls) {
    total += c.prompt_bytes();
    largest = std::max(largest, c.prompt_bytes());
  }
  return {{"model_calls", calls.size()}, {"prompt_bytes", total}, {"max_prompt_bytes", largest}};
}

}  // namespace regreader::agent
