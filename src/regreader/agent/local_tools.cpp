#include "regreader/agent/local_tools.hpp"

#include "regreader/core/error.hpp"

namespace regreader::agent {

LocalTools::LocalTools(const index::Library& library, bool advanced)
    : lib_(library), table_(tools::tool_table(advanced)) {}

std::vector<ToolDefinition> LocalTools::list_tools() {
  std::vector<ToolDefinition> out;
  for (const auto& t : table_)
    out.push_back({t.name, t.description, t.input_schema});
  return out;
}

ToolResult LocalTools::call_tool(const std::string& name, const nlohmann::json& args) {
  const auto* spec = tools::find_tool(table_, name);
  if (!spec) return {"unknown tool " + name, nullptr, true};
  const tools::ToolContext ctx{
      lib_.engine(), lib_.data_dir(), &lib_.synonyms(), {}, &lib_.aliases()};
  try {
    std::lock_guard lock(m_);
    auto r = tools::call_tool(*spec, ctx, args);
    return {r.readable(), r.structured, false};
  } catch (const Error& e) {
    return {e.what(), nullptr, true};
  }
}

}  // namespace regreader::agent
