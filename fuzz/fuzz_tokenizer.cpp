// libFuzzer target: the CJK-aware tokenizer (documents and queries). Checks its own contract:
// every token is a non-empty span inside the input.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "regreader/index/keyword/tokenizer.hpp"

using namespace regreader::index;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (auto mode : {TokenizeMode::kDocument, TokenizeMode::kQuery}) {
    for (const auto& t : tokenize(text, mode))
      if (t.start < 0 || t.end > static_cast<int>(size) || t.start >= t.end || t.text.empty())
        abort();
  }
  return 0;
}
