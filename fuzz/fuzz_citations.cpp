// libFuzzer target: the citation parser over an agent's answer text.

#include <cstdint>
#include <string_view>

#include "regreader/agent/citations.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  regreader::agent::extract_citations(text, {"GB26860-2011", "消防法(2021-04-29)"});
  regreader::agent::normalize_regulation_code(text);
  return 0;
}
