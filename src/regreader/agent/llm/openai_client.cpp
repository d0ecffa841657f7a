#include "regreader/agent/llm/openai_client.hpp"

#include <map>

#include "regreader/agent/llm/llm_error.hpp"

namespace regreader::agent {

namespace {

using nlohmann::json;
using Type = ContentBlock::Type;

// OpenAI has no is_error on tool messages; the model reads this prefix instead.
constexpr const char* kToolErrorPrefix = "ERROR: ";

std::string string_or_empty(const json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return "";
  return j[key].get<std::string>();  // a non-string throws: a malformed reply
}

// One of our messages becomes one or more OpenAI messages (tool results are their own role).
void append_message(const Message& m, json& out) {
  std::string text;
  json tool_calls = json::array();
  for (const auto& b : m.content) {
    if (b.type == Type::kText) text += b.text;
    if (b.type == Type::kToolResult)
      out.push_back({{"role", "tool"},
                     {"tool_call_id", b.id},
                     {"content", b.is_error ? kToolErrorPrefix + b.text : b.text}});
    if (b.type == Type::kToolUse)
      tool_calls.push_back(
          {{"id", b.id},
           {"type", "function"},
           {"function",
            {{"name", b.name}, {"arguments", b.malformed_input.value_or(b.input.dump())}}}});
  }
  if (m.role == Role::kAssistant) {
    json msg = {{"role", "assistant"}, {"content", text.empty() ? json(nullptr) : json(text)}};
    if (!tool_calls.empty()) msg["tool_calls"] = std::move(tool_calls);
    if (!text.empty() || msg.contains("tool_calls")) out.push_back(std::move(msg));
  } else if (!text.empty()) {
    out.push_back({{"role", "user"}, {"content", text}});
  }
}

StopReason stop_reason_of(const std::string& s) {
  if (s == "stop") return StopReason::kEndTurn;
  if (s == "tool_calls" || s == "function_call") return StopReason::kToolUse;
  if (s == "length") return StopReason::kMaxTokens;
  if (s == "content_filter") return StopReason::kRefusal;
  return StopReason::kOther;
}

void read_usage(const json& j, Usage& usage) {
  if (!j.contains("usage") || !j["usage"].is_object()) return;
  const json& u = j["usage"];
  usage.input_tokens = u.value("prompt_tokens", 0LL);
  usage.output_tokens = u.value("completion_tokens", 0LL);
}

// OpenAI's reasoning models refuse max_tokens and a temperature; compatible servers accept both.
bool is_reasoning_model(const std::string& model) {
  for (const char* p : {"o1", "o3", "o4", "gpt-5"})
    if (model.rfind(p, 0) == 0) return true;
  return false;
}

[[noreturn]] void throw_error_object(const Endpoint& ep, const json& j) {
  const json& e = j["error"];
  int status = 500;  // an error inside a 200 reply: treat it as the server's fault
  if (e.is_object() && e.contains("code") && e["code"].is_number_integer())
    status = e["code"].get<int>();
  throw UpstreamError(status,
                      "openai at " + ep.url + " sent an error: " + error_message_of(j.dump()));
}

// Accumulates the streamed chunks of one reply.
class StreamState {
 public:
  StreamState(const Endpoint& ep, const TextCallback& on_text) : ep_(ep), on_text_(on_text) {}

  void reset() {
    text_.clear();
    thinking_.clear();
    model_.clear();
    calls_.clear();
    stop_ = StopReason::kOther;
    usage_ = Usage{};
    done_ = false;
  }
  bool emitted_text() const { return emitted_; }

  void on_event(const SseEvent& e) {
    if (e.data == "[DONE]") {
      done_ = true;
      return;
    }
    const json j = parse_reply_json(ep_, e.data);
    if (j.contains("error")) throw_error_object(ep_, j);
    if (j.contains("model") && j["model"].is_string()) model_ = j["model"].get<std::string>();
    read_usage(j, usage_);
    if (!j.contains("choices") || j["choices"].empty()) return;  // the usage-only chunk
    const json& choice = j["choices"][0];
    if (choice.contains("finish_reason") && choice["finish_reason"].is_string())
      stop_ = stop_reason_of(choice["finish_reason"].get<std::string>());
    if (choice.contains("delta") && choice["delta"].is_object()) on_delta(choice["delta"]);
  }

  ChatResponse finish() {
    if (!done_ && stop_ == StopReason::kOther)
      throw UpstreamError(0, "openai stream from " + ep_.url + " ended before [DONE]");
    ChatResponse r;
    if (!thinking_.empty()) r.content.push_back(ContentBlock::make_thinking(thinking_));
    if (!text_.empty()) r.content.push_back(ContentBlock::make_text(text_));
    for (auto& [index, call] : calls_) {
      auto b = ContentBlock::make_tool_use(
          call.id.empty() ? "call_" + std::to_string(index) : call.id, call.name, {});
      set_tool_input_from_text(b, call.arguments);
      r.content.push_back(std::move(b));
    }
    r.stop_reason = stop_;
    r.usage = usage_;
    r.model = model_;
    return r;
  }

 private:
  struct PartialCall {
    std::string id, name, arguments;
  };

  void on_delta(const json& d) {
    const std::string text = string_or_empty(d, "content");
    if (!text.empty()) {
      text_ += text;
      if (on_text_) {
        emitted_ = true;
        on_text_(text);
      }
    }
    thinking_ += string_or_empty(d, "reasoning_content");
    if (!d.contains("tool_calls") || !d["tool_calls"].is_array()) return;
    for (const auto& tc : d["tool_calls"]) {
      PartialCall& c = calls_[tc.value("index", 0)];
      if (tc.contains("id") && tc["id"].is_string()) c.id = tc["id"].get<std::string>();
      if (!tc.contains("function")) continue;
      const json& f = tc["function"];
      c.name += string_or_empty(f, "name");
      c.arguments += string_or_empty(f, "arguments");
    }
  }

  const Endpoint& ep_;
  const TextCallback& on_text_;
  bool emitted_ = false;
  std::string text_, thinking_, model_;
  std::map<int, PartialCall> calls_;
  StopReason stop_ = StopReason::kOther;
  Usage usage_;
  bool done_ = false;
};

}  // namespace

OpenAIClient::OpenAIClient(HttpClient& http, const LlmConfig& config) : http_(http) {
  endpoint_.provider = "openai";
  endpoint_.url = endpoint_url(config.base_url.empty() ? "https://api.openai.com" : config.base_url,
                               "chat/completions");
  endpoint_.model = config.model;
  endpoint_.timeout_seconds = config.timeout_seconds;
  endpoint_.retry = config.retry;
  if (!config.api_key.empty())
    endpoint_.headers.emplace_back("authorization", "Bearer " + config.api_key);
}

json OpenAIClient::request_body(const ChatRequest& r) const {
  json messages = json::array();
  if (!r.system.empty()) messages.push_back({{"role", "system"}, {"content", r.system}});
  for (const auto& m : r.messages)
    append_message(m, messages);
  json body = {{"model", endpoint_.model}, {"messages", std::move(messages)}};
  const bool reasoning = is_reasoning_model(endpoint_.model);
  body[reasoning ? "max_completion_tokens" : "max_tokens"] = r.max_tokens;
  if (r.temperature && !reasoning) body["temperature"] = *r.temperature;  // they accept only 1
  if (!r.tools.empty()) {
    json tools = json::array();
    for (const auto& t : r.tools)
      tools.push_back(
          {{"type", "function"},
           {"function",
            {{"name", t.name}, {"description", t.description}, {"parameters", t.input_schema}}}});
    body["tools"] = std::move(tools);
  }
  if (r.stream) {
    body["stream"] = true;
    body["stream_options"] = {{"include_usage", true}};
  }
  return body;
}

ChatResponse OpenAIClient::parse_reply(const std::string& body) const {
  const json j = parse_reply_json(endpoint_, body);
  try {
    if (j.contains("error") && !j.contains("choices")) throw_error_object(endpoint_, j);
    const json& choice = j.at("choices").at(0);
    const json& msg = choice.at("message");
    ChatResponse r;
    if (auto thinking = string_or_empty(msg, "reasoning_content"); !thinking.empty())
      r.content.push_back(ContentBlock::make_thinking(thinking));
    if (auto text = string_or_empty(msg, "content"); !text.empty())
      r.content.push_back(ContentBlock::make_text(text));
    if (msg.contains("tool_calls") && msg["tool_calls"].is_array())
      for (const auto& tc : msg["tool_calls"]) {
        const json& f = tc.at("function");
        auto b = ContentBlock::make_tool_use(tc.at("id").get<std::string>(),
                                             f.at("name").get<std::string>(), {});
        const json& args = f.value("arguments", json(""));
        set_tool_input_from_text(b, args.is_string() ? args.get<std::string>() : args.dump());
        r.content.push_back(std::move(b));
      }
    if (choice.contains("finish_reason") && choice["finish_reason"].is_string())
      r.stop_reason = stop_reason_of(choice["finish_reason"].get<std::string>());
    read_usage(j, r.usage);
    r.model = j.value("model", "");
    return r;
  } catch (const json::exception& e) {
    throw UpstreamError(0, "malformed reply from openai at " + endpoint_.url + ": " + e.what());
  }
}

ChatResponse OpenAIClient::chat(const ChatRequest& request, const TextCallback& on_text) {
  return chat_call<StreamState>(
      http_, endpoint_, request_body(request).dump(), request.stream, on_text,
      [this](const std::string& body) { return parse_reply(body); }, "chunk");
}

}  // namespace regreader::agent
