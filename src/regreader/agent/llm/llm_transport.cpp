#include "regreader/agent/llm/llm_transport.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <thread>

#include "regreader/agent/llm/llm_error.hpp"
#include "regreader/core/error.hpp"

namespace regreader::agent {

namespace {

// Retry-After can ask for longer than our own backoff cap, but not for minutes.
constexpr double kMaxRetryAfterSeconds = 60.0;
// Keep at most this much of a streamed body for an error message.
constexpr size_t kMaxErrorBodyBytes = size_t{64} * 1024;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

HttpRequest make_request(const Endpoint& ep, const std::string& body) {
  HttpRequest req;
  req.method = "POST";
  req.url = ep.url;
  req.headers = ep.headers;
  req.headers.emplace_back("content-type", "application/json");
  req.body = body;
  req.timeout_seconds = ep.timeout_seconds;
  req.connect_timeout_seconds = ep.connect_timeout_seconds;
  return req;
}

double backoff_seconds(const RetryPolicy& p, int attempt) {
  return std::min(p.max_delay_seconds, p.base_delay_seconds * std::pow(2.0, attempt - 1));
}

void wait(const RetryPolicy& p, double seconds) {
  if (p.sleep) {
    p.sleep(seconds);
    return;
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

double delay_after(const RetryPolicy& p, int attempt, const HttpResponse* response) {
  if (response) {
    if (auto ra = retry_after_seconds(*response)) return std::min(*ra, kMaxRetryAfterSeconds);
  }
  return backoff_seconds(p, attempt);
}

bool is_2xx(int status) {
  return status >= 200 && status < 300;
}

bool mentions_context_limit(const std::string& msg) {
  const std::string m = lower(msg);
  return m.find("context") != std::string::npos || m.find("too long") != std::string::npos ||
         m.find("too many tokens") != std::string::npos ||
         (m.find("maximum") != std::string::npos && m.find("token") != std::string::npos);
}

bool mentions_unknown_model(const std::string& msg) {
  const std::string m = lower(msg);
  return m.find("model") != std::string::npos &&
         (m.find("not found") != std::string::npos || m.find("not exist") != std::string::npos ||
          m.find("unknown") != std::string::npos || m.find("invalid model") != std::string::npos);
}

// One attempt of a streamed call: routes the bytes to the SSE parser unless the body is JSON.
struct StreamAttempt {
  const StreamHandlers& handlers;
  SseParser parser;
  std::string raw;  // the first bytes, for an error message or a JSON reply
  bool decided = false;
  bool is_json = false;
  std::exception_ptr failure;  // thrown by a handler; never let it cross libcurl

  explicit StreamAttempt(const StreamHandlers& h)
      : handlers(h), parser([this](const SseEvent& e) { handlers.on_event(e); }) {}

  bool on_chunk(std::string_view chunk) {
    if (raw.size() < kMaxErrorBodyBytes || is_json) raw.append(chunk);
    if (!decided) {
      const size_t first = raw.find_first_not_of(" \t\r\n");
      if (first == std::string::npos) return true;
      decided = true;
      is_json = raw[first] == '{' || raw[first] == '[';
      if (!is_json) chunk = raw;  // feed what was held back too
    }
    if (is_json) return true;
    try {
      parser.feed(chunk);
    } catch (...) {
      failure = std::current_exception();
      return false;
    }
    return true;
  }

  void finish() {
    if (failure || is_json) return;
    try {
      parser.finish();
    } catch (...) {
      failure = std::current_exception();
    }
  }
};

}  // namespace

std::string error_message_of(const std::string& body) {
  auto j = nlohmann::json::parse(body, nullptr, false);
  if (!j.is_discarded() && j.is_object()) {
    if (j.contains("error")) {
      const auto& e = j["error"];
      if (e.is_object() && e.contains("message") && e["message"].is_string())
        return e["message"].get<std::string>();
      if (e.is_string()) return e.get<std::string>();
    }
    if (j.contains("message") && j["message"].is_string()) return j["message"].get<std::string>();
  }
  std::string s = body.substr(0, 300);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
    s.pop_back();
  return s.empty() ? "(empty body)" : s;
}

bool is_retryable_status(int status) {
  return status == 408 || status == 409 || status == 429 || (status >= 500 && status <= 599);
}

std::optional<double> retry_after_seconds(const HttpResponse& response) {
  auto number = [](const std::string& s) -> std::optional<double> {
    if (s.empty()) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end == s.c_str() || *end != '\0' || v < 0) return std::nullopt;
    return v;
  };
  if (auto ms = number(response.header("retry-after-ms"))) return *ms / 1000.0;
  return number(response.header("retry-after"));  // an HTTP date falls back to our backoff
}

void throw_upstream_error(const Endpoint& ep, int status, const std::string& body, int attempts) {
  const std::string msg = error_message_of(body);
  const std::string where = ep.provider + " at " + ep.url;
  const std::string detail = " (HTTP " + std::to_string(status) + ": " + msg + ")";
  const std::string tries = attempts > 1 ? " after " + std::to_string(attempts) + " attempts" : "";
  if (status == 401 || status == 403)
    throw UpstreamError(status, "bad API key for " + where + detail +
                                    "; set REGREADER_LLM_API_KEY or the provider's own key");
  if (status == 404 || (status == 400 && mentions_unknown_model(msg)))
    throw UpstreamError(status,
                        "unknown model '" + ep.model + "' or wrong URL for " + where + detail);
  if ((status == 400 || status == 413) && mentions_context_limit(msg))
    throw UpstreamError(
        status, "context too long for model '" + ep.model + "' at " + ep.provider + ": " + msg);
  if (status == 429) throw UpstreamError(status, "rate limited by " + where + tries + detail);
  if (status >= 500) throw UpstreamError(status, where + " is unavailable" + tries + detail);
  throw UpstreamError(status, where + " rejected the request" + detail);
}

nlohmann::json parse_reply_json(const Endpoint& ep, const std::string& body) {
  auto j = nlohmann::json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    throw UpstreamError(
        0, "malformed JSON from " + ep.provider + " at " + ep.url + ": " + body.substr(0, 200));
  return j;
}

std::string post_json(HttpClient& http, const Endpoint& ep, const std::string& body) {
  const HttpRequest req = make_request(ep, body);
  const int max = std::max(1, ep.retry.max_attempts);
  for (int attempt = 1;; ++attempt) {
    HttpResponse resp;
    try {
      resp = http.send(req);
    } catch (const Error& e) {
      if (e.code() != ErrorCode::kNetwork || attempt >= max) throw;
      spdlog::warn("{}: {}; retrying ({}/{})", ep.provider, e.what(), attempt, max);
      wait(ep.retry, delay_after(ep.retry, attempt, nullptr));
      continue;
    }
    if (is_2xx(resp.status)) return resp.body;
    if (!is_retryable_status(resp.status) || attempt >= max)
      throw_upstream_error(ep, resp.status, resp.body, attempt);
    spdlog::warn("{} answered HTTP {}; retrying ({}/{})", ep.provider, resp.status, attempt, max);
    wait(ep.retry, delay_after(ep.retry, attempt, &resp));
  }
}

std::optional<std::string> post_json_stream(HttpClient& http, const Endpoint& ep,
                                            const std::string& body, const StreamHandlers& h) {
  HttpRequest req = make_request(ep, body);
  req.headers.emplace_back("accept", "text/event-stream");
  const int max = std::max(1, ep.retry.max_attempts);
  for (int attempt = 1;; ++attempt) {
    if (h.reset) h.reset();
    StreamAttempt a(h);
    HttpResponse resp;
    try {
      resp = http.send(req, [&a](std::string_view c) { return a.on_chunk(c); });
    } catch (const Error& e) {
      if (e.code() != ErrorCode::kNetwork || attempt >= max || (h.can_retry && !h.can_retry()))
        throw;
      spdlog::warn("{}: {}; retrying ({}/{})", ep.provider, e.what(), attempt, max);
      wait(ep.retry, delay_after(ep.retry, attempt, nullptr));
      continue;
    }
    if (!is_2xx(resp.status)) {
      if (!is_retryable_status(resp.status) || attempt >= max)
        throw_upstream_error(ep, resp.status, a.raw, attempt);
      spdlog::warn("{} answered HTTP {}; retrying ({}/{})", ep.provider, resp.status, attempt, max);
      wait(ep.retry, delay_after(ep.retry, attempt, &resp));
      continue;
    }
    a.finish();
    if (!a.failure) {
      if (a.is_json) return a.raw;
      return std::nullopt;
    }
    try {
      std::rethrow_exception(a.failure);
    } catch (const UpstreamError& e) {
      const bool retry =
          is_retryable_status(e.status()) && attempt < max && (!h.can_retry || h.can_retry());
      if (!retry) throw;
      spdlog::warn("{}: {}; retrying ({}/{})", ep.provider, e.what(), attempt, max);
      wait(ep.retry, backoff_seconds(ep.retry, attempt));
    }
  }
}

}  // namespace regreader::agent
