#pragma once
// The text of a table's cells while a table is built, row by row, with their OCR confidence and
// where their lines lie.

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "regreader/core/text.hpp"
#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

struct CellGrid {
  std::vector<std::vector<std::string>> text;
  std::vector<std::vector<ReadConf>> conf;
  /// The top of each cell's first line and the bottom of its last (points; 0, 0 while empty).
  std::vector<std::vector<std::pair<float, float>>> extent;
  explicit CellGrid(size_t cols) { add_row(cols); }
  void add_row(size_t cols) {
    text.emplace_back(cols);
    conf.emplace_back(cols);
    extent.emplace_back(cols);
  }
  void drop_last_row() {
    text.pop_back();
    conf.pop_back();
    extent.pop_back();
  }
  void add(size_t row, int col, const std::string& t, const ReadConf& c, float y0 = 0,
           float y1 = 0) {
    const auto at = static_cast<size_t>(col);
    auto& e = extent[row][at];
    if (y1 > y0)
      e = text[row][at].empty() ? std::pair{y0, y1}
                                : std::pair{std::min(e.first, y0), std::max(e.second, y1)};
    text::join_wrapped(text[row][at], text::trim(t));
    conf[row][at].add(c);
  }
};

}  // namespace regreader::parse
