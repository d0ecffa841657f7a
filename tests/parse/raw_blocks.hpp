#pragma once
// Raw paragraphs and tables for tests of the passes after a format parser (structure builder,
// captions, page furniture): what a parser hands over, without a file.

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

/// A heading set in larger type than the body on `page` (a PDF's type-size heading).
inline RawBlock larger(const std::string& text, int page) {
  RawBlock b = para(text, page, true);
  b.larger_font = true;
  return b;
}

/// A table of one row under a header: voltage class `label`, safety distance `value`.
inline RawBlock table(int page, const std::string& label = "10",
                      const std::string& value = "0.70") {
  RawBlock b;
  b.kind = RawBlock::Kind::kTable;
  b.page = page;
  model::TableMeta t;
  t.row_count = 2;
  t.col_count = 2;
  t.cells = {{0, 0, "电压等级 kV", 1, 1},
             {0, 1, "安全距离 m", 1, 1},
             {1, 0, label, 1, 1},
             {1, 1, value, 1, 1}};
  b.table = t;
  return b;
}

}  // namespace regreader::parse::fixtures
