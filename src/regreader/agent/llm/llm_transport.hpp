#pragma once
// The HTTP side shared by the LLM clients: one POST of a JSON body with retries (exponential
// backoff, Retry-After) on 429, 5xx and Anthropic's 529 overload, and one mapping from an HTTP
// error to a message a user can act on (bad key, unknown model, context too long).

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "regreader/agent/llm/llm_error.hpp"
#include "regreader/agent/llm/sse_parser.hpp"
#include "regreader/core/http_client.hpp"

namespace regreader::agent {

struct RetryPolicy {
  int max_attempts = 4;             ///< including the first
  double base_delay_seconds = 1.0;  ///< doubled after each failed attempt
  double max_delay_seconds = 30.0;  ///< cap on backoff; a Retry-After header may ask for up to 60 s
  /// How to wait; empty means std::this_thread::sleep_for. Tests record the delays instead.
  std::function<void(double seconds)> sleep;
};

/// Where and how one provider is called.
struct Endpoint {
  std::string provider;  ///< "anthropic" / "openai", for messages
  std::string url;       ///< full URL of the endpoint
  std::string model;     ///< for messages (unknown model)
  std::vector<std::pair<std::string, std::string>> headers;
  double timeout_seconds = 300;
  double connect_timeout_seconds = 10;
  RetryPolicy retry;
};

/// What a streaming call does with the events of one attempt.
struct StreamHandlers {
  std::function<void()> reset;  ///< forget a failed attempt's partial state before a retry
  /// One SSE event. May throw UpstreamError for an error event sent mid-stream.
  std::function<void(const SseEvent&)> on_event;
  /// Whether the call may be retried after a mid-stream error (false once text reached the user).
  std::function<bool()> can_retry;
};

/// POSTs `body`; returns the body of the 2xx reply. Throws UpstreamError / Error(kNetwork).
std::string post_json(HttpClient& http, const Endpoint& endpoint, const std::string& body);

/// POSTs `body` asking for SSE and feeds the events to `handlers`. A server that ignores the
/// stream flag and answers with plain JSON is tolerated: that body is returned for normal parsing.
std::optional<std::string> post_json_stream(HttpClient& http, const Endpoint& endpoint,
                                            const std::string& body,
                                            const StreamHandlers& handlers);

/// The message of an error body ({"error":{"message":…}}, {"message":…}), else its first bytes.
std::string error_message_of(const std::string& body);

/// True for statuses worth retrying: 408, 409, 429, 5xx (including Anthropic's 529).
bool is_retryable_status(int status);

/// The seconds a Retry-After (or retry-after-ms) header asks for, when present and numeric.
std::optional<double> retry_after_seconds(const HttpResponse& response);

/// The UpstreamError for a non-2xx reply, after `attempts` attempts.
[[noreturn]] void throw_upstream_error(const Endpoint& endpoint, int status,
                                       const std::string& body, int attempts);

/// Parses a 2xx body as JSON or throws UpstreamError(status 0) naming the provider and URL.
nlohmann::json parse_reply_json(const Endpoint& endpoint, const std::string& body);

/// A chat call over one wire format, plain or streamed, written once for every client: `parse`
/// reads a plain reply body (also the body of a server that ignored the stream flag); `State`
/// reads the events of one streamed attempt -- State(endpoint, on_text), reset() before a retry,
/// on_event(event), emitted_text() (no retry once text reached the user) and finish(). A
/// malformed event is an UpstreamError naming the provider, the URL and `unit` ("event").
template <typename State, typename OnText, typename Parse>
auto chat_call(HttpClient& http, const Endpoint& endpoint, const std::string& body, bool stream,
               const OnText& on_text, const Parse& parse, const char* unit) {
  if (!stream) return parse(post_json(http, endpoint, body));
  State state(endpoint, on_text);
  StreamHandlers h;
  h.reset = [&] { state.reset(); };
  h.on_event = [&](const SseEvent& e) {
    try {
      state.on_event(e);
    } catch (const nlohmann::json::exception& ex) {
      throw UpstreamError(0, std::string("malformed stream ") + unit + " from " +
                                 endpoint.provider + " at " + endpoint.url + ": " + ex.what());
    }
  };
  h.can_retry = [&] { return !state.emitted_text(); };
  if (auto plain = post_json_stream(http, endpoint, body, h)) return parse(*plain);
  return state.finish();
}

}  // namespace regreader::agent
