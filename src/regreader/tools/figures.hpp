#pragma once
// Figures, the values a claim states and a page prints: a number, its unit ("0.70 m", "3 个月",
// "10 kV", "±800 kV", "25°", "保存一年") and, on a page, the table row it sits in and the unit of
// its column ("| 10 及以下 | 0.70 |" under "| 电压等级 kV | 安全距离 m |").
//
// Written here because no library reads units out of Chinese regulation text: the unit table is
// short and specific (米/毫米/千伏/个月 beside SI symbols), and a unit must be told from the same
// letters in a word ("min" is not "m", "安全" is not a current).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace regreader::tools {

/// A value with its unit, as a claim states it.
struct Figure {
  std::string text;    ///< as written (folded): "0.70 m", "±800kV", "一年"
  double value = 0;    ///< the number as written: 0.7
  std::string unit;    ///< as written: "m", "千伏", "" when none
  std::string family;  ///< what the unit measures: "length", "voltage", "year", "" when none
  double base = 0;     ///< value in the family's base unit (metres, volts, seconds)
  bool plus_minus = false;
  size_t start = 0, end = 0;  ///< byte span in the text it was found in
};

/// A number printed on a page, with the unit written after it or, in a table, its column's.
struct PageNumber {
  double value = 0;
  std::string family;  ///< "" when the page gives no unit for it
  double base = 0;
  bool plus_minus = false;
  int row = -1;  ///< table row (numbered across the page), -1 outside tables
  bool decimal = false;
};

struct PageFigures {
  std::vector<PageNumber> numbers;
};

/// Length in bytes of a unit written at `pos` (after optional spaces), 0 when none: the spaces
/// are included, so "10 kV" reads the unit at 2 as 3 bytes.
size_t unit_length_at(std::string_view s, size_t pos);

/// Figures in s[from, to) outside the `masked` byte spans: numbers with a unit, numbers with
/// ±, decimals with two or more decimal places or below one ("1.50", "0.5"), and Chinese
/// numerals with a unit of time ("一年", "三个月"). Clause numbers ("5.2.3") and bare integers are
/// not figures. `s` should be width-folded.
std::vector<Figure> find_figures(std::string_view s, size_t from, size_t to,
                                 const std::vector<std::pair<size_t, size_t>>& masked = {});

/// Every number on a (width-folded) page, with its unit and table row. Lines holding "|" are
/// table rows; the first of a run is its header.
PageFigures scan_page(std::string_view page);

/// Whether a page number is the figure: the same value in the same unit (converted within a
/// family: 700 mm is 0.7 m), the same ±. A page number with no unit matches on its value when it
/// is in a table (whose header may not say the unit) or a decimal: a bare integer in running
/// text ("# 5 倒闸操作", "3）遇有大风") is no evidence for "5 s" or "3 个月".
bool same_figure(const Figure& f, const PageNumber& n);

}  // namespace regreader::tools
