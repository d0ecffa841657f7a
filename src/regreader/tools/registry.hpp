#pragma once
// The table of every tool (one file per tool, gathered here) and the one way to call a tool:
// validate the arguments against its schema, then run it.

#include <string>
#include <vector>

#include "regreader/tools/tool_spec.hpp"

namespace regreader::tools {

ToolSpec list_regulations_tool();
ToolSpec get_toc_tool();
ToolSpec smart_search_tool();
ToolSpec read_page_range_tool();
ToolSpec search_tables_tool();
ToolSpec get_table_by_id_tool();
ToolSpec lookup_annotation_tool();
ToolSpec resolve_reference_tool();
ToolSpec verify_answer_tool();
ToolSpec find_similar_content_tool();
ToolSpec compare_sections_tool();

/// True when REGREADER_ENABLE_ADVANCED_TOOLS is "true" (or "1").
bool advanced_tools_enabled();

/// The tools served: the nine core tools, plus the advanced ones when `advanced`.
std::vector<ToolSpec> tool_table(bool advanced);

/// The tool with this name in `tools`, or null.
const ToolSpec* find_tool(const std::vector<ToolSpec>& tools, const std::string& name);

/// Validates `args` against the tool's input schema (Error kInvalidArgument) and runs it.
ToolResult call_tool(const ToolSpec& tool, const ToolContext& ctx, const nlohmann::json& args);

}  // namespace regreader::tools
