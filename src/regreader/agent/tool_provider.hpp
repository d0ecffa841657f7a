#pragma once
// The agent's only way to use tools. The lead implements it with an MCP client (stdio or HTTP to
// `regreader serve`); tests implement it with canned results. The agent never calls a tool any
// other way, so whatever the provider exposes is exactly what the model can do.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/agent/llm/llm_types.hpp"

namespace regreader::agent {

/// What one tool call produced: the text the model reads (MCP text content, or JSON serialised)
/// and, when the tool returns it, the structured JSON too.
struct ToolResult {
  std::string content;
  nlohmann::json structured;  ///< null when the tool returned none
  bool is_error = false;      ///< the tool ran and failed (MCP isError); the model sees the text

  /// What the model reads: the content, else the structured result as JSON.
  std::string text() const {
    return !content.empty() || structured.is_null() ? content : structured.dump();
  }
};

class ToolProvider {
 public:
  virtual ~ToolProvider() = default;
  /// The tools on offer, with JSON-Schema inputs (MCP tools/list).
  virtual std::vector<ToolDefinition> list_tools() = 0;
  /// Runs one tool (MCP tools/call). A failing tool returns is_error = true; throwing is for
  /// transport failures, which the agent also turns into an error result for the model.
  /// Called from several threads at once when the model asks for several tools in one turn and
  /// ReactOptions::parallel_tool_calls is set.
  virtual ToolResult call_tool(const std::string& name, const nlohmann::json& arguments) = 0;
};

}  // namespace regreader::agent
