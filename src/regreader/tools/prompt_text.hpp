#pragma once
// The words RegReader gives a model: the system prompt with the reading workflow and the answer
// format. Served by the MCP server as prompts and used by RegReader's own agents.

#include <string>

namespace regreader::tools {

/// The system prompt: how to read regulations with the tools and how to answer.
const std::string& system_prompt();
/// The required answer format (【处置措施】【注意事项】【来源】) with an example.
const std::string& answer_format();
/// Short instructions for MCP clients (sent at initialize).
const std::string& server_instructions();

}  // namespace regreader::tools
