#include "regreader/agent/llm/anthropic_client.hpp"

#include <map>

#include "regreader/agent/llm/llm_error.hpp"

namespace regreader::agent {

namespace {

using nlohmann::json;
using Type = ContentBlock::Type;

constexpr const char* kApiVersion = "2023-06-01";
// Anthropic's own status for overloaded_error; retried like a 5xx.
constexpr int kOverloadedStatus = 529;

json block_to_json(const ContentBlock& b) {
  switch (b.type) {
    case Type::kText:
      return {{"type", "text"}, {"text", b.text}};
    case Type::kToolUse:
      return {{"type", "tool_use"}, {"id", b.id}, {"name", b.name}, {"input", b.input}};
    case Type::kToolResult: {
      json j = {{"type", "tool_result"}, {"tool_use_id", b.id}, {"content", b.text}};
      if (b.is_error) j["is_error"] = true;
      return j;
    }
    case Type::kThinking:
      return {{"type", "thinking"}, {"thinking", b.text}, {"signature", b.signature}};
  }
  return {};
}

StopReason stop_reason_of(const std::string& s) {
  if (s == "end_turn") return StopReason::kEndTurn;
  if (s == "tool_use") return StopReason::kToolUse;
  if (s == "max_tokens") return StopReason::kMaxTokens;
  if (s == "stop_sequence") return StopReason::kStopSequence;
  if (s == "refusal") return StopReason::kRefusal;
  return StopReason::kOther;
}

void read_usage(const json& u, Usage& usage) {
  if (!u.is_object()) return;
  // Cached prompt tokens are still prompt tokens for our budget.
  long long in = 0;
  bool any_in = false;
  for (const char* k : {"input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"})
    if (u.contains(k) && u[k].is_number()) {
      in += u[k].get<long long>();
      any_in = true;
    }
  if (any_in) usage.input_tokens = in;
  if (u.contains("output_tokens") && u["output_tokens"].is_number())
    usage.output_tokens = u["output_tokens"].get<long long>();
}

ContentBlock block_from_json(const json& j) {
  const std::string type = j.at("type").get<std::string>();
  if (type == "tool_use") {
    auto b = ContentBlock::make_tool_use(j.at("id").get<std::string>(),
                                         j.at("name").get<std::string>(), json::object());
    const json input = j.value("input", json::object());
    if (input.is_object())
      b.input = input;
    else
      b.malformed_input = input.dump();
    return b;
  }
  if (type == "thinking")
    return ContentBlock::make_thinking(j.value("thinking", ""), j.value("signature", ""));
  // Other block types (redacted_thinking, server tools) carry no text for us.
  return ContentBlock::make_text(j.value("text", ""));
}

[[noreturn]] void throw_stream_error(const json& j) {
  const json e = j.value("error", json::object());
  const std::string type = e.value("type", "");
  const int status = type == "overloaded_error"   ? kOverloadedStatus
                     : type == "rate_limit_error" ? 429
                     : type == "api_error"        ? 500
                                                  : 400;
  throw UpstreamError(status, "anthropic stream error " + type + ": " + e.value("message", ""));
}

// Builds a ChatResponse from the SSE events of one streamed reply.
class StreamState {
 public:
  StreamState(const Endpoint& ep, const TextCallback& on_text) : ep_(ep), on_text_(on_text) {}

  void reset() {
    response_ = ChatResponse{};
    blocks_.clear();
    partial_json_.clear();
    stopped_ = false;
  }
  bool emitted_text() const { return emitted_; }

  void on_event(const SseEvent& e) {
    if (e.event == "ping") return;
    const json j = parse_reply_json(ep_, e.data);
    const std::string type = j.value("type", e.event);
    if (type == "error") throw_stream_error(j);
    if (type == "message_start") {
      const json& m = j.at("message");
      response_.model = m.value("model", "");
      read_usage(m.value("usage", json::object()), response_.usage);
    } else if (type == "content_block_start") {
      blocks_[j.at("index").get<int>()] = block_from_json(j.at("content_block"));
    } else if (type == "content_block_delta") {
      on_delta(j.at("index").get<int>(), j.at("delta"));
    } else if (type == "content_block_stop") {
      const int i = j.at("index").get<int>();
      if (blocks_[i].type == Type::kToolUse) set_tool_input_from_text(blocks_[i], partial_json_[i]);
    } else if (type == "message_delta") {
      const json d = j.value("delta", json::object());
      if (d.contains("stop_reason") && d["stop_reason"].is_string())
        response_.stop_reason = stop_reason_of(d["stop_reason"].get<std::string>());
      read_usage(j.value("usage", json::object()), response_.usage);
    } else if (type == "message_stop") {
      stopped_ = true;
    }
  }

  ChatResponse finish() {
    if (!stopped_)
      throw UpstreamError(0, "anthropic stream from " + ep_.url + " ended before message_stop");
    for (auto& [index, block] : blocks_)
      response_.content.push_back(std::move(block));
    return std::move(response_);
  }

 private:
  void on_delta(int index, const json& d) {
    const std::string type = d.at("type").get<std::string>();
    ContentBlock& b = blocks_[index];
    if (type == "text_delta") {
      const std::string text = d.at("text").get<std::string>();
      b.text += text;
      if (on_text_ && !text.empty()) {
        emitted_ = true;
        on_text_(text);
      }
    } else if (type == "input_json_delta") {
      partial_json_[index] += d.at("partial_json").get<std::string>();
    } else if (type == "thinking_delta") {
      b.text += d.at("thinking").get<std::string>();
    } else if (type == "signature_delta") {
      b.signature += d.at("signature").get<std::string>();
    }
  }

  const Endpoint& ep_;
  const TextCallback& on_text_;
  ChatResponse response_;
  std::map<int, ContentBlock> blocks_;
  std::map<int, std::string> partial_json_;
  bool stopped_ = false;
  bool emitted_ = false;
};

}  // namespace

AnthropicClient::AnthropicClient(HttpClient& http, const LlmConfig& config) : http_(http) {
  endpoint_.provider = "anthropic";
  endpoint_.url = endpoint_url(
      config.base_url.empty() ? "https://api.anthropic.com" : config.base_url, "messages");
  endpoint_.model = config.model;
  endpoint_.timeout_seconds = config.timeout_seconds;
  endpoint_.retry = config.retry;
  if (!config.api_key.empty()) endpoint_.headers.emplace_back("x-api-key", config.api_key);
  endpoint_.headers.emplace_back("anthropic-version", kApiVersion);
}

json AnthropicClient::request_body(const ChatRequest& r) const {
  json messages = json::array();
  for (const auto& m : r.messages) {
    json content = json::array();
    for (const auto& b : m.content)
      if (!(b.type == Type::kText && b.text.empty())) content.push_back(block_to_json(b));
    if (content.empty()) continue;  // the API rejects empty messages
    messages.push_back(
        {{"role", m.role == Role::kUser ? "user" : "assistant"}, {"content", std::move(content)}});
  }
  json body = {{"model", endpoint_.model}, {"max_tokens", r.max_tokens}, {"messages", messages}};
  if (!r.system.empty()) body["system"] = r.system;
  if (r.temperature) body["temperature"] = *r.temperature;
  if (!r.tools.empty()) {
    json tools = json::array();
    for (const auto& t : r.tools)
      tools.push_back(
          {{"name", t.name}, {"description", t.description}, {"input_schema", t.input_schema}});
    body["tools"] = std::move(tools);
  }
  if (r.stream) body["stream"] = true;
  return body;
}

ChatResponse AnthropicClient::parse_reply(const std::string& body) const {
  const json j = parse_reply_json(endpoint_, body);
  try {
    if (j.value("type", "") == "error") throw_stream_error(j);
    ChatResponse r;
    for (const auto& b : j.at("content"))
      r.content.push_back(block_from_json(b));
    if (j.contains("stop_reason") && j["stop_reason"].is_string())
      r.stop_reason = stop_reason_of(j["stop_reason"].get<std::string>());
    read_usage(j.value("usage", json::object()), r.usage);
    r.model = j.value("model", "");
    return r;
  } catch (const json::exception& e) {
    throw UpstreamError(0, "malformed reply from anthropic at " + endpoint_.url + ": " + e.what());
  }
}

ChatResponse AnthropicClient::chat(const ChatRequest& request, const TextCallback& on_text) {
  return chat_call<StreamState>(
      http_, endpoint_, request_body(request).dump(), request.stream, on_text,
      [this](const std::string& body) { return parse_reply(body); }, "event");
}

}  // namespace regreader::agent
