#pragma once
// OpenAI Chat Completions API (POST /v1/chat/completions, Bearer key), also spoken by Qwen
// (DashScope), DeepSeek, GLM, vLLM and Ollama: tools / tool_calls with JSON-string arguments and
// SSE streaming (`data:` chunks with delta.tool_calls fragments, usage via
// stream_options.include_usage, then `data: [DONE]`).

#include <nlohmann/json.hpp>

#include "regreader/agent/llm/llm_client.hpp"
#include "regreader/agent/llm/llm_config.hpp"

namespace regreader::agent {

class OpenAIClient : public LlmClient {
 public:
  /// `http` must outlive the client. An empty config.base_url means https://api.openai.com.
  OpenAIClient(HttpClient& http, const LlmConfig& config);

  ChatResponse chat(const ChatRequest& request, const TextCallback& on_text = {}) override;
  std::string provider() const override { return "openai"; }
  std::string model() const override { return endpoint_.model; }

  /// The request body for `request` (exposed for tests).
  nlohmann::json request_body(const ChatRequest& request) const;
  /// A non-streamed reply body → ChatResponse; throws UpstreamError when it is not one.
  ChatResponse parse_reply(const std::string& body) const;

 private:
  HttpClient& http_;
  Endpoint endpoint_;
};

}  // namespace regreader::agent
