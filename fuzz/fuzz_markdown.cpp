// libFuzzer target: Markdown/text into the parser and the structure builder (headings, lists,
// tables, comments, page markers, notes, references).

#include <cstdint>
#include <string_view>

#include "regreader/core/error.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/structure/structure_builder.hpp"

using namespace regreader;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (bool markdown : {true, false}) {
    try {
      auto raw = parse::parse_markdown(text, markdown, {});
      parse::build_document(raw, "F1");
    } catch (const Error&) {  // a refusal with a reason is an answer, not a finding
    }
  }
  return 0;
}
