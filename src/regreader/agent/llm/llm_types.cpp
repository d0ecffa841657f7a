#include "regreader/agent/llm/llm_types.hpp"

namespace regreader::agent {

ContentBlock ContentBlock::make_text(std::string text) {
  ContentBlock b;
  b.type = Type::kText;
  b.text = std::move(text);
  return b;
}

ContentBlock ContentBlock::make_tool_use(std::string id, std::string name, nlohmann::json input) {
  ContentBlock b;
  b.type = Type::kToolUse;
  b.id = std::move(id);
  b.name = std::move(name);
  b.input = std::move(input);
  return b;
}

ContentBlock ContentBlock::make_tool_result(std::string id, std::string content, bool is_error) {
  ContentBlock b;
  b.type = Type::kToolResult;
  b.id = std::move(id);
  b.text = std::move(content);
  b.is_error = is_error;
  return b;
}

ContentBlock ContentBlock::make_thinking(std::string text, std::string signature) {
  ContentBlock b;
  b.type = Type::kThinking;
  b.text = std::move(text);
  b.signature = std::move(signature);
  return b;
}

Message Message::user_text(std::string text) {
  return Message{Role::kUser, {ContentBlock::make_text(std::move(text))}};
}

Message Message::assistant_text(std::string text) {
  return Message{Role::kAssistant, {ContentBlock::make_text(std::move(text))}};
}

std::string ChatResponse::text() const {
  std::string out;
  for (const auto& b : content)
    if (b.type == ContentBlock::Type::kText) out += b.text;
  return out;
}

std::vector<const ContentBlock*> ChatResponse::tool_uses() const {
  std::vector<const ContentBlock*> out;
  for (const auto& b : content)
    if (b.type == ContentBlock::Type::kToolUse) out.push_back(&b);
  return out;
}

std::string_view stop_reason_name(StopReason r) {
  switch (r) {
    case StopReason::kEndTurn:
      return "end_turn";
    case StopReason::kToolUse:
      return "tool_use";
    case StopReason::kMaxTokens:
      return "max_tokens";
    case StopReason::kStopSequence:
      return "stop_sequence";
    case StopReason::kRefusal:
      return "refusal";
    case StopReason::kOther:
      return "other";
  }
  return "other";
}

void to_json(nlohmann::json& j, const Usage& u) {
  j = {{"input_tokens", u.input_tokens}, {"output_tokens", u.output_tokens}};
}

void set_tool_input_from_text(ContentBlock& block, std::string_view text) {
  block.malformed_input.reset();
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    block.input = nlohmann::json::object();
    return;
  }
  auto parsed = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    block.input = nlohmann::json::object();
    block.malformed_input = std::string(text);
    return;
  }
  block.input = std::move(parsed);
}

}  // namespace regreader::agent
