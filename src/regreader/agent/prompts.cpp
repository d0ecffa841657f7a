#include "regreader/agent/prompts.hpp"

#include "regreader/tools/prompt_text.hpp"

namespace regreader::agent {

std::string react_system_prompt(std::string_view extra) {
  std::string prompt(tools::system_prompt());
  if (!extra.empty()) {
    prompt += "\n\n## 背景\n";
    prompt += extra;
  }
  return prompt;
}

}  // namespace regreader::agent
