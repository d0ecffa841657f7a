#include "regreader/agent/mcp_tool_provider.hpp"

namespace regreader::agent {

std::vector<ToolDefinition> McpToolProvider::list_tools() {
  std::vector<ToolDefinition> out;
  for (const auto& t : client_.list_tools())
    out.push_back({t.value("name", ""), t.value("description", ""),
                   t.value("inputSchema", nlohmann::json::object())});
  return out;
}

ToolResult McpToolProvider::call_tool(const std::string& name, const nlohmann::json& arguments) {
  const auto r = client_.call_tool(name, arguments);
  ToolResult out;
  out.content = tool_result_text(r);
  out.structured = r.value("structuredContent", nlohmann::json());
  out.is_error = r.value("isError", false);
  out.content = out.text();
  return out;
}

}  // namespace regreader::agent
