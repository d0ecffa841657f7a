#pragma once
// Raw paragraphs for tests of the passes after a format parser (structure builder, captions,
// page furniture): what a parser hands over, without a file.

#include <string>

#include "regreader/parse/raw_document.hpp"

namespace regreader::parse::fixtures {

/// A paragraph on `page`; `styled`: set like a heading (larger or bold type in a PDF).
inline RawBlock para(const std::string& text, int page, bool styled = false) {
  RawBlock b;
  b.text = text;
  b.page = page;
  b.styled_heading = styled;
  return b;
}

}  // namespace regreader::parse::fixtures
