#pragma once
// Test doubles for the agent: an HttpClient that replays scripted replies (streamed in small
// chunks that split lines and UTF-8 characters), and renderers that turn a scripted model turn
// into an Anthropic or OpenAI reply body, as JSON or as an SSE stream.

#include <algorithm>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "regreader/core/error.hpp"
#include "regreader/core/http_client.hpp"

namespace regreader::testing {

struct Step {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  bool network_error = false;  ///< throw Error(kNetwork) as libcurl's timeout does
};

class ScriptedHttpClient : public HttpClient {
 public:
  explicit ScriptedHttpClient(std::vector<Step> steps, size_t chunk_bytes = 7)
      : steps_(steps.begin(), steps.end()), chunk_bytes_(chunk_bytes) {}

  HttpResponse send(const HttpRequest& request, const ChunkCallback& on_chunk) override {
    std::lock_guard lock(mutex_);
    requests.push_back(request);
    if (steps_.empty())
      throw std::logic_error("ScriptedHttpClient: no reply left for " + request.url);
    Step s = steps_.front();
    steps_.pop_front();
    if (s.network_error)
      throw Error(ErrorCode::kNetwork, "POST " + request.url + ": Timeout was reached");
    HttpResponse r;
    r.status = s.status;
    r.headers = s.headers;
    if (!on_chunk) {
      r.body = s.body;
      return r;
    }
    for (size_t i = 0; i < s.body.size(); i += chunk_bytes_)
      if (!on_chunk(std::string_view(s.body).substr(i, chunk_bytes_))) break;
    return r;
  }

  size_t remaining() const { return steps_.size(); }
  nlohmann::json body_json(size_t i) const { return nlohmann::json::parse(requests.at(i).body); }

  std::vector<HttpRequest> requests;

 private:
  std::deque<Step> steps_;
  size_t chunk_bytes_;
  std::mutex mutex_;
};

/// Value of a request header ("" when absent).
inline std::string req_header(const HttpRequest& r, const std::string& name) {
  for (const auto& [k, v] : r.headers)
    if (k == name) return v;
  return "";
}

enum class Wire { kAnthropic, kOpenAI };

struct ScriptedCall {
  std::string id;
  std::string name;
  std::string args;  ///< the raw JSON text the model sends (may be malformed on purpose)
};

/// One model reply.
struct ScriptedTurn {
  std::string text;
  std::vector<ScriptedCall> calls;
  int input_tokens = 10;
  int output_tokens = 5;
  bool cut = false;  ///< stopped by max_tokens
};

inline ScriptedTurn say(std::string text) {
  return ScriptedTurn{std::move(text), {}};
}
inline ScriptedTurn call(std::string id, std::string name, std::string args,
                         std::string text = "") {
  return ScriptedTurn{std::move(text), {{std::move(id), std::move(name), std::move(args)}}};
}

inline std::string anthropic_stop(const ScriptedTurn& t) {
  return t.cut ? "max_tokens" : t.calls.empty() ? "end_turn" : "tool_use";
}
inline std::string openai_stop(const ScriptedTurn& t) {
  return t.cut ? "length" : t.calls.empty() ? "stop" : "tool_calls";
}

inline std::string render_json(Wire w, const ScriptedTurn& t) {
  using nlohmann::json;
  if (w == Wire::kAnthropic) {
    json content = json::array();
    if (!t.text.empty()) content.push_back({{"type", "text"}, {"text", t.text}});
    for (const auto& c : t.calls) {
      auto input = json::parse(c.args, nullptr, false);
      content.push_back({{"type", "tool_use"},
                         {"id", c.id},
                         {"name", c.name},
                         {"input", input.is_discarded() ? json(c.args) : input}});
    }
    return json{{"id", "msg_1"},
                {"type", "message"},
                {"role", "assistant"},
                {"model", "claude-test"},
                {"content", content},
                {"stop_reason", anthropic_stop(t)},
                {"usage", {{"input_tokens", t.input_tokens}, {"output_tokens", t.output_tokens}}}}
        .dump();
  }
  json msg = {{"role", "assistant"}, {"content", t.text.empty() ? json(nullptr) : json(t.text)}};
  if (!t.calls.empty()) {
    msg["tool_calls"] = json::array();
    for (const auto& c : t.calls)
      msg["tool_calls"].push_back({{"id", c.id},
                                   {"type", "function"},
                                   {"function", {{"name", c.name}, {"arguments", c.args}}}});
  }
  return json{
      {"id", "chatcmpl-1"},
      {"object", "chat.completion"},
      {"model", "gpt-test"},
      {"choices", {{{"index", 0}, {"message", msg}, {"finish_reason", openai_stop(t)}}}},
      {"usage", {{"prompt_tokens", t.input_tokens}, {"completion_tokens", t.output_tokens}}}}
      .dump();
}

/// Splits in two at a character boundary (servers send whole characters in each delta).
inline std::pair<std::string, std::string> halves(const std::string& s) {
  size_t mid = s.size() / 2;
  while (mid > 0 && (static_cast<unsigned char>(s[mid]) & 0xC0) == 0x80)
    --mid;
  return {s.substr(0, mid), s.substr(mid)};
}

inline std::string anthropic_sse(const ScriptedTurn& t) {
  using nlohmann::json;
  std::string out;
  auto ev = [&](const std::string& type, json data) {
    data["type"] = type;
    out += "event: " + type + "\ndata: " + data.dump() + "\n\n";
  };
  ev("message_start", {{"message",
                        {{"id", "msg_1"},
                         {"model", "claude-test"},
                         {"content", json::array()},
                         {"usage", {{"input_tokens", t.input_tokens}, {"output_tokens", 1}}}}}});
  out += ": keep-alive comment\n\n";
  ev("ping", json::object());
  int index = 0;
  if (!t.text.empty()) {
    ev("content_block_start",
       {{"index", index}, {"content_block", {{"type", "text"}, {"text", ""}}}});
    // Split on a character boundary: Anthropic sends whole characters.
    const auto cps = t.text.size() > 6 ? t.text.find("。") : std::string::npos;
    const size_t cut = cps == std::string::npos ? t.text.size() : cps + 3;
    ev("content_block_delta",
       {{"index", index}, {"delta", {{"type", "text_delta"}, {"text", t.text.substr(0, cut)}}}});
    if (cut < t.text.size())
      ev("content_block_delta",
         {{"index", index}, {"delta", {{"type", "text_delta"}, {"text", t.text.substr(cut)}}}});
    ev("content_block_stop", {{"index", index}});
    ++index;
  }
  for (const auto& c : t.calls) {
    ev("content_block_start",
       {{"index", index},
        {"content_block",
         {{"type", "tool_use"}, {"id", c.id}, {"name", c.name}, {"input", json::object()}}}});
    const auto [a, b] = halves(c.args);
    for (const auto& part : {a, b})
      ev("content_block_delta",
         {{"index", index}, {"delta", {{"type", "input_json_delta"}, {"partial_json", part}}}});
    ev("content_block_stop", {{"index", index}});
    ++index;
  }
  ev("message_delta", {{"delta", {{"stop_reason", anthropic_stop(t)}}},
                       {"usage", {{"output_tokens", t.output_tokens}}}});
  ev("message_stop", json::object());
  return out;
}

inline std::string openai_sse(const ScriptedTurn& t) {
  using nlohmann::json;
  std::string out;
  auto chunk = [&](json delta, json finish = nullptr) {
    json c = {{"id", "chatcmpl-1"},
              {"object", "chat.completion.chunk"},
              {"model", "gpt-test"},
              {"choices", {{{"index", 0}, {"delta", delta}, {"finish_reason", finish}}}}};
    out += "data: " + c.dump() + "\r\n\r\n";  // CRLF framing is legal SSE
  };
  chunk({{"role", "assistant"}, {"content", ""}});
  if (!t.text.empty()) {
    const auto cps = t.text.find("。");
    const size_t cut = cps == std::string::npos ? t.text.size() : cps + 3;
    chunk({{"content", t.text.substr(0, cut)}});
    if (cut < t.text.size()) chunk({{"content", t.text.substr(cut)}});
  }
  for (size_t i = 0; i < t.calls.size(); ++i) {
    const auto& c = t.calls[i];
    chunk({{"tool_calls",
            {{{"index", i},
              {"id", c.id},
              {"type", "function"},
              {"function", {{"name", c.name}, {"arguments", ""}}}}}}});
  }
  // Argument fragments of all calls, interleaved as parallel calls arrive.
  for (int half = 0; half < 2; ++half)
    for (size_t i = 0; i < t.calls.size(); ++i) {
      const auto [a, b] = halves(t.calls[i].args);
      chunk({{"tool_calls", {{{"index", i}, {"function", {{"arguments", half == 0 ? a : b}}}}}}});
    }
  chunk(json::object(), openai_stop(t));
  out +=
      "data: " +
      json{{"id", "chatcmpl-1"},
           {"choices", json::array()},
           {"usage", {{"prompt_tokens", t.input_tokens}, {"completion_tokens", t.output_tokens}}}}
          .dump() +
      "\n\n";
  out += "data: [DONE]\n\n";
  return out;
}

inline Step reply(Wire w, const ScriptedTurn& t, bool stream) {
  Step s;
  s.body = stream ? (w == Wire::kAnthropic ? anthropic_sse(t) : openai_sse(t)) : render_json(w, t);
  s.headers = {{"content-type", stream ? "text/event-stream" : "application/json"}};
  return s;
}

inline Step error_reply(int status, const std::string& body,
                        std::vector<std::pair<std::string, std::string>> headers = {}) {
  Step s;
  s.status = status;
  s.body = body;
  s.headers = std::move(headers);
  return s;
}

inline Step network_error() {
  Step s;
  s.network_error = true;
  return s;
}

}  // namespace regreader::testing
