#include "regreader/tools/registry.hpp"

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"

#include "regreader/tools/arguments.hpp"

namespace regreader::tools {

bool advanced_tools_enabled() {
  return settings().enabled("tools.advanced");
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
