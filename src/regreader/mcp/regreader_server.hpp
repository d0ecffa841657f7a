#pragma once
// RegReader's MCP server as data: the tool table of tools/ (each call on a fresh read-only view
// of the store), the system prompt and answer format as prompts, and regreader:// resources
// (the regulation list, a table of contents, a page).

#include <filesystem>
#include <memory>

#include "regreader/index/library_pool.hpp"
#include "regreader/mcp/definition.hpp"

namespace regreader::mcp {

/// The server over the libraries of `pool` (shared with the reading room of the same server);
/// with `advanced`, find_similar_content and compare_sections are served too.
ServerDefinition regreader_definition(std::shared_ptr<index::LibraryPool> pool, bool advanced);
/// The same over a pool of its own for `data_dir` on the configured engine.
ServerDefinition regreader_definition(const std::filesystem::path& data_dir, bool advanced);

}  // namespace regreader::mcp
