#pragma once
// The tools of a library called in process: the same specs, arguments and results as over MCP,
// without a server between (the reading room's ask panel runs its agent on them).

#include <mutex>
#include <string>
#include <vector>

#include "regreader/agent/tool_provider.hpp"
#include "regreader/index/library.hpp"
#include "regreader/tools/registry.hpp"

namespace regreader::agent {

class LocalTools : public ToolProvider {
 public:
  /// `library` must outlive the provider; `advanced`: the advanced tools too.
  LocalTools(const index::Library& library, bool advanced);
  std::vector<ToolDefinition> list_tools() override;
  /// A tool's regreader::Error is an error result, as an MCP server returns it. Calls take
  /// turns: the library has one store connection.
  ToolResult call_tool(const std::string& name, const nlohmann::json& args) override;

 private:
  const index::Library& lib_;
  std::vector<tools::ToolSpec> table_;
  std::mutex m_;
};

}  // namespace regreader::agent
