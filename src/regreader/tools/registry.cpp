#include "regreader/tools/registry.hpp"

#include <cstdlib>

#include "regreader/tools/arguments.hpp"

namespace regreader::tools {

bool advanced_tools_enabled() {
  const char* v = std::getenv("REGREADER_ENABLE_ADVANCED_TOOLS");
  if (!v) return false;
  const std::string s(v);
  return s == "true" || s == "1" || s == "TRUE" || s == "True";
}

std::vector<ToolSpec> tool_table(bool advanced) {
  std::vector<ToolSpec> tools = {
      list_regulations_tool(),  get_toc_tool(),           smart_search_tool(),
      read_page_range_tool(),   search_tables_tool(),     get_table_by_id_tool(),
      lookup_annotation_tool(), resolve_reference_tool(), verify_answer_tool(),
  };
  if (advanced) {
    tools.push_back(find_similar_content_tool());
    tools.push_back(compare_sections_tool());
  }
  return tools;
}

const ToolSpec* find_tool(const std::vector<ToolSpec>& tools, const std::string& name) {
  for (const auto& t : tools)
    if (t.name == name) return &t;
  return nullptr;
}

ToolResult call_tool(const ToolSpec& tool, const ToolContext& ctx, const nlohmann::json& args) {
  validate_arguments(tool.input_schema, args);
  return tool.fn(ctx, args);
}

}  // namespace regreader::tools
