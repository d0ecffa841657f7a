#pragma once
// RegReader's MCP server as data: the tool table of tools/ (each call on a fresh read-only view
// of the store), the system prompt and answer format as prompts, and regreader:// resources
// (the regulation list, a table of contents, a page).

#include <filesystem>

#include "regreader/mcp/definition.hpp"

namespace regreader::mcp {

/// The server for the store in `data_dir`; with `advanced`, find_similar_content and
/// compare_sections are served too.
ServerDefinition regreader_definition(const std::filesystem::path& data_dir, bool advanced);

}  // namespace regreader::mcp
