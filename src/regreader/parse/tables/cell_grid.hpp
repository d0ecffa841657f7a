#pragma once
// The text of a table's cells while a table is built, row by row, with their OCR confidence and
// where their lines lie.

#include <algorithm>
#include <cctype>
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
  /// Whether each cell's last line ran to its right border, a word cut there (a model number
  /// `TBB10-3000/20|0` wider than its cell): the next line goes on with that word.
  std::vector<std::vector<char>> cut;
  explicit CellGrid(size_t cols) { add_row(cols); }
  void add_row(size_t cols) {
    text.emplace_back(cols);
    conf.emplace_back(cols);
    extent.emplace_back(cols);
    cut.emplace_back(cols, 0);
  }
  void drop_last_row() {
    text.pop_back();
    conf.pop_back();
    extent.pop_back();
    cut.pop_back();
  }
  /// `cut_at_border`: this line of the cell ran to the cell's right border.
  void add(size_t row, int col, const std::string& t, const ReadConf& c, float y0 = 0, float y1 = 0,
           bool cut_at_border = false) {
    const auto at = static_cast<size_t>(col);
    auto& e = extent[row][at];
    if (y1 > y0)
      e = text[row][at].empty() ? std::pair{y0, y1}
                                : std::pair{std::min(e.first, y0), std::max(e.second, y1)};
    const std::string line = text::trim(t);
    if (cut[row][at] && continues_word(text[row][at], line))
      text[row][at] += line;
    else
      text::join_wrapped(text[row][at], line);
    cut[row][at] = cut_at_border ? 1 : 0;
    conf[row][at].add(c);
  }

 private:
  // A word cut at a border goes on with letters or digits, and held no space before the cut:
  // "TBB10-3000/20" + "0", "（kv" + "ar）" (a line of several words wraps at a space instead).
  static bool continues_word(const std::string& before, const std::string& next) {
    if (before.empty() || next.empty()) return false;
    const auto a = text::to_codepoints(before), b = text::to_codepoints(next);
    auto word = [](char32_t c) { return c < 0x80 && std::isalnum(static_cast<int>(c)); };
    return word(a.back()) && word(b.front()) &&
           std::none_of(a.begin(), a.end(), [](char32_t c) { return text::is_space(c); });
  }
};

}  // namespace regreader::parse
