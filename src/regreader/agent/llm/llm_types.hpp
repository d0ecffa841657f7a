#pragma once
// Provider-neutral chat types: what the agent sends to and gets back from any LLM. The Anthropic
// and OpenAI clients translate these to and from their wire formats; nothing else knows them.

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace regreader::agent {

enum class Role { kUser, kAssistant };

/// One piece of a message. Which fields matter depends on `type`.
struct ContentBlock {
  enum class Type { kText, kToolUse, kToolResult, kThinking };
  Type type = Type::kText;
  std::string text;  ///< kText, kThinking; kToolResult: the result content
  std::string id;    ///< kToolUse: call id; kToolResult: the id of the call it answers
  std::string name;  ///< kToolUse: tool name
  nlohmann::json input = nlohmann::json::object();  ///< kToolUse: arguments (an object when valid)
  /// kToolUse: the arguments as the model sent them, when they were not a JSON object; the agent
  /// answers such a call with an error result instead of running it.
  std::optional<std::string> malformed_input;
  bool is_error = false;  ///< kToolResult
  std::string signature;  ///< kThinking: Anthropic's signature, sent back verbatim

  static ContentBlock make_text(std::string text);
  static ContentBlock make_tool_use(std::string id, std::string name, nlohmann::json input);
  static ContentBlock make_tool_result(std::string id, std::string content, bool is_error);
  static ContentBlock make_thinking(std::string text, std::string signature = {});
};

struct Message {
  Role role = Role::kUser;
  std::vector<ContentBlock> content;

  static Message user_text(std::string text);
  static Message assistant_text(std::string text);
};

/// A tool the model may call; input_schema is a JSON Schema object.
struct ToolDefinition {
  std::string name;
  std::string description;
  nlohmann::json input_schema = nlohmann::json::object();
};

struct ChatRequest {
  std::string system;
  std::vector<Message> messages;
  std::vector<ToolDefinition> tools;
  int max_tokens = 4096;
  std::optional<double> temperature;
  bool stream = false;  ///< ask for SSE; text deltas then reach the client's TextCallback
};

enum class StopReason { kEndTurn, kToolUse, kMaxTokens, kStopSequence, kRefusal, kOther };

struct Usage {
  long long input_tokens = 0;
  long long output_tokens = 0;
  Usage& operator+=(const Usage& o) {
    input_tokens += o.input_tokens;
    output_tokens += o.output_tokens;
    return *this;
  }
  long long total() const { return input_tokens + output_tokens; }
};

struct ChatResponse {
  std::vector<ContentBlock> content;
  StopReason stop_reason = StopReason::kOther;
  Usage usage;
  std::string model;  ///< as reported by the server

  /// Concatenated text blocks.
  std::string text() const;
  /// The tool_use blocks, in order.
  std::vector<const ContentBlock*> tool_uses() const;
};

/// Receives text as the model streams it (only when ChatRequest::stream is set).
using TextCallback = std::function<void(std::string_view delta)>;

std::string_view stop_reason_name(StopReason r);
void to_json(nlohmann::json& j, const Usage& u);

/// Parses a tool-arguments string into `block` (input, or malformed_input when it is not a JSON
/// object). Empty text means no arguments: {}.
void set_tool_input_from_text(ContentBlock& block, std::string_view text);

}  // namespace regreader::agent
