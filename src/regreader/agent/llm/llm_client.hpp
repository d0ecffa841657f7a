#pragma once
// The interface every LLM provider implements. Clients are stateless between calls: the caller
// owns the conversation and sends all of it each time, so chat() may be called from several
// threads at once (the orchestrator's subagents run in parallel on one client).

#include <string>

#include "regreader/agent/llm/llm_types.hpp"

namespace regreader::agent {

class LlmClient {
 public:
  virtual ~LlmClient() = default;
  /// Sends one request and returns the whole reply. When request.stream is set, text deltas reach
  /// on_text as they arrive; the returned response is the same either way. Throws UpstreamError
  /// (kRemote) when the server answers with an error, Error(kNetwork) when it cannot be reached.
  virtual ChatResponse chat(const ChatRequest& request, const TextCallback& on_text = {}) = 0;
  /// "anthropic" or "openai".
  virtual std::string provider() const = 0;
  virtual std::string model() const = 0;
};

}  // namespace regreader::agent
