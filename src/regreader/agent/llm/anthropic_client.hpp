#pragma once
// Anthropic Messages API (POST /v1/messages, anthropic-version 2023-06-01): tool use and SSE
// streaming (message_start, content_block_start/delta/stop, message_delta, message_stop, error).

#include <nlohmann/json.hpp>

#include "regreader/agent/llm/llm_client.hpp"
#include "regreader/agent/llm/llm_config.hpp"

namespace regreader::agent {

class AnthropicClient : public LlmClient {
 public:
  /// `http` must outlive the client. An empty config.base_url means https://api.anthropic.com.
  AnthropicClient(HttpClient& http, const LlmConfig& config);

  ChatResponse chat(const ChatRequest& request, const TextCallback& on_text = {}) override;
  std::string provider() const override { return "anthropic"; }
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
