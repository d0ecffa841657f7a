#pragma once
// The agents' ToolProvider backed by an MCP client: tools/list and tools/call on `regreader
// serve` (or any MCP server), so our agents see exactly what external agents see.

#include "regreader/agent/mcp_client.hpp"
#include "regreader/agent/tool_provider.hpp"

namespace regreader::agent {

class McpToolProvider : public ToolProvider {
 public:
  explicit McpToolProvider(McpClient client) : client_(std::move(client)) {}

  std::vector<ToolDefinition> list_tools() override;
  /// Thread-safe: the server runs concurrent calls on its own workers.
  ToolResult call_tool(const std::string& name, const nlohmann::json& arguments) override;

  McpClient& client() { return client_; }

 private:
  McpClient client_;
};

}  // namespace regreader::agent
