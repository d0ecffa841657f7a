#include "regreader/parse/tables/table_numbers.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <re2/re2.h>

#include "regreader/core/text.hpp"
#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

namespace {

// A column of numbers has at least this many body cells with digits.
constexpr int kMinNumericCells = 3;

bool has_digit(const std::string& s) {
  return std::any_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

// A decimal point between two digits (`2.5`, `20.35`; OCR's `0. 70` is joined before).
bool has_decimal_point(const std::string& s) {
  const auto cps = text::to_codepoints(s);
  for (size_t k = 1; k + 1 < cps.size(); ++k)
    if ((cps[k] == U'.' || cps[k] == U'．') && is_digit(cps[k - 1]) && is_digit(cps[k + 1]))
      return true;
  return false;
}

// Whether a cell's first character is a number's: a digit, a sign or comparison (`±50`, `<1`)
// or a point.
bool starts_with_number(const std::string& s) {
  static const RE2 kStart(R"(^\s*[\d±+\-−<>≤≥~～.．])");
  return RE2::PartialMatch(s, kStart);
}

// The filled body cells of column `c`, those with a digit, those with a decimal point and those
// with a digit that start with the number.
struct ColumnNumbers {
  int filled = 0, numeric = 0, decimals = 0, leading = 0;
  /// Whether most of its numbers have a decimal point, or most have none: nullopt where it holds
  /// too few numbers or no clear majority.
  std::optional<bool> decimal_majority() const {
    if (numeric < kMinNumericCells) return std::nullopt;
    if (decimals * 3 >= numeric * 2) return true;
    if ((numeric - decimals) * 3 >= numeric * 2) return false;
    return std::nullopt;
  }
};

// A number OCR read in pieces or with a mark no print has: digits apart across a gap (`3 0`
// where the page prints 3.0: a faint point lost) or across a flat stroke (`35 一 66`: chi_sim
// reads the range sign ～ and a dash as 一), or a quote glued to it (`”4.00`: a seal's edge or
// a speck read as a glyph). What stood there the reading cannot tell.
bool doubtful_number(const std::string& content) {
  static const RE2 kDoubtful(R"(\d(\s+|\s*[一_\-—－]\s*)\d|[“”"'‘’`]\d|\d[“”"'‘’`])");
  return RE2::PartialMatch(content, kDoubtful);
}

// The first row holding figures in every filled cell ("10及以下 | 1.0") is a row of data, not a
// header: a reading that lost the header's words leaves the table starting at its first row.
int first_data_row(const model::TableMeta& t) {
  bool filled = false;
  for (const auto& cell : t.cells) {
    if (cell.row != 0 || text::trim(cell.content).empty()) continue;
    if (!has_digit(cell.content)) return 1;
    filled = true;
  }
  return filled ? 0 : 1;
}

ColumnNumbers count_column(const model::TableMeta& t, int c, int first) {
  ColumnNumbers n;
  for (const auto& cell : t.cells)
    if (cell.row >= first && cell.col == c && cell.col_span == 1 && !cell.content.empty()) {
      ++n.filled;
      if (!has_digit(cell.content)) continue;
      ++n.numeric, n.decimals += has_decimal_point(cell.content) ? 1 : 0;
      n.leading += starts_with_number(cell.content) ? 1 : 0;
    }
  return n;
}

// A cell's whole text is one Chinese numeral other than 一 (`二`, `三`, `十`).
bool lone_chinese_numeral(const std::string& content) {
  const auto cps = text::to_codepoints(text::trim(content));
  static constexpr std::u32string_view kNumerals = U"二三四五六七八九十";
  return cps.size() == 1 && kNumerals.find(cps[0]) != std::u32string_view::npos;
}

// Every other filled cell of `cell`'s row holds a digit, and there are at least two of them.
bool row_of_numbers(const model::TableMeta& t, const model::TableCell& cell) {
  int numbers = 0;
  for (const auto& other : t.cells) {
    if (other.row != cell.row || &other == &cell || text::trim(other.content).empty()) continue;
    if (!has_digit(other.content)) return false;
    ++numbers;
  }
  return numbers >= 2;
}

// The nominal voltages of Chinese grids (kV, GB/T 156): a safety table lists several of them in
// one cell, `20、35`, `66、110`.
bool nominal_voltage(const std::string& kv) {
  static const std::set<std::string> kVoltages = {"3",   "6",   "10",  "20",  "35",  "66",
                                                  "110", "220", "330", "500", "750", "1000"};
  return kVoltages.count(kv) > 0;
}

// Two voltages OCR joined with a point or a comma where the page has 、(`20.35`, `66,110`): in a
// column of whole numbers, a higher nominal voltage after a lower one. A decimal in such a column
// is no voltage (0.4 kV does not have the form), nor is a thousands separator (1,000).
std::optional<std::string> voltage_list(const std::string& content) {
  static const RE2 kJoined(R"(^\s*(\d{1,4})\s*(?:\.|．|,|，)\s*(\d{1,4})\s*$)");
  std::string a, b;
  if (!RE2::FullMatch(content, kJoined, &a, &b)) return std::nullopt;
  if (!nominal_voltage(a) || !nominal_voltage(b) || std::stoi(a) >= std::stoi(b))
    return std::nullopt;
  return a + "、" + b;
}

// A number OCR read with a Latin letter for a digit it resembles (`±B00` for ±800, `1O` for 10):
// the cell is a number but for letters of that look, with more digits than letters. Other
// letters (`10kV`, `B级`) leave it as read.
std::optional<std::string> digits_for_lookalikes(const std::string& content) {
  static const RE2 kNumber(R"(^\s*[±+\-−<>]?[0-9BOoIlSZ]+(?:[.．][0-9BOoIlSZ]+)?\s*$)");
  if (!RE2::FullMatch(content, kNumber)) return std::nullopt;
  static constexpr std::string_view kLetters = "BOoIlSZ";
  static constexpr std::string_view kDigits = "8001152";
  std::string out = content;
  int digits = 0, letters = 0;
  for (char& ch : out) {
    if (ch >= '0' && ch <= '9') ++digits;
    const auto k = kLetters.find(ch);
    if (k == std::string_view::npos) continue;
    ch = kDigits[k];
    ++letters;
  }
  if (letters == 0 || digits <= letters) return std::nullopt;
  return out;
}

// The number a cell starts with (`10及以下` 10, `±500` 500, `<1` 1, `2.5` 2.5), its sign and
// comparison left aside.
std::optional<double> leading_number(const std::string& content) {
  static const RE2 kLeading(R"(^\s*[±+\-−<>≤≥]?\s*(\d+(?:[.．]\d+)?))");
  std::string digits;
  if (!RE2::PartialMatch(content, kLeading, &digits)) return std::nullopt;
  digits = text::fold_width(digits);
  double v = 0;  // from_chars: no locale's decimal point
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc()) return std::nullopt;
  return v;
}

// A column of numbers that runs in order has at least this many of them, and this share of its
// neighbouring pairs goes one way.
constexpr size_t kMinOrdered = 4;
constexpr double kOrderedShare = 0.75;

// In a column whose numbers run in order down the table (voltage classes, and the distances that
// grow with them), a number outside the two around it where those two keep the order is unsure:
// `100 | 1051 | 110` is a stroke of a seal read as a digit, `4.50 | 9.75 | 5.00` a 4 read as 9.
// Where the order restarts (`1000` then `±50`: the direct-current rows) the neighbours do not
// keep it and nothing is marked.
void mark_numbers_out_of_order(model::TableMeta& t, int c, int first) {
  std::vector<std::pair<model::TableCell*, double>> column;
  for (auto& cell : t.cells)
    if (cell.row >= first && cell.col == c && cell.col_span == 1)
      if (const auto v = leading_number(cell.content)) column.emplace_back(&cell, *v);
  if (column.size() < kMinOrdered) return;
  size_t up = 0, down = 0;
  for (size_t i = 1; i < column.size(); ++i) {
    up += column[i - 1].second < column[i].second ? 1 : 0;
    down += column[i - 1].second > column[i].second ? 1 : 0;
  }
  const double pairs = static_cast<double>(column.size() - 1);
  const int way = up >= kOrderedShare * pairs ? 1 : down >= kOrderedShare * pairs ? -1 : 0;
  if (way == 0) return;
  for (size_t i = 1; i + 1 < column.size(); ++i) {
    const double before = way * column[i - 1].second, here = way * column[i].second;
    const double after = way * column[i + 1].second;
    if (before < after && (here < before || here > after)) column[i].first->unsure = true;
  }
}

// A number with a quote or an apostrophe glued before it (`”4.00`): in a column whose numbers
// start their cells, a seal's edge or a speck that OCR read as a glyph. The number without it;
// nullopt when the cell is no such number.
std::optional<std::string> without_stray_quote(const std::string& content) {
  static const RE2 kQuoted(R"(^\s*[“”"'‘’`]+\s*([±+\-−<>≤≥]?\d+(?:[.．]\d+)?)\s*$)");
  std::string number;
  if (!RE2::FullMatch(content, kQuoted, &number)) return std::nullopt;
  return number;
}

// A column of voltage classes whose direct-current rows (`±500`, `±660`) OCR read one of without
// its ± (`50` for ±50: the ± is a thin glyph, and under a seal its bar goes) or with a plus only
// (`+500`): beside a ± row, a plus, or a bare number that is no nominal voltage of an AC grid,
// is the ± the page prints, given back and marked unsure. A bare nominal voltage (`500`) beside
// the ± rows may be the last AC row: it stays.
void mend_lost_plus_minus(model::TableMeta& t, int c, int first) {
  static const RE2 kSigned(R"(^\s*±\s*\d+\s*$)");
  static const RE2 kUnsigned(R"(^\s*(\+?)\s*(\d{2,4})\s*$)");
  std::vector<model::TableCell*> column;
  for (auto& cell : t.cells)
    if (cell.row >= first && cell.col == c && cell.col_span == 1 &&
        !text::trim(cell.content).empty())
      column.push_back(&cell);
  const auto signed_at = [&](size_t i) {
    return i < column.size() && RE2::FullMatch(column[i]->content, kSigned);
  };
  size_t signs = 0;
  for (size_t i = 0; i < column.size(); ++i)
    signs += signed_at(i) ? 1 : 0;
  if (signs < 2) return;
  for (size_t i = 0; i < column.size(); ++i) {
    std::string plus, number;
    if (!RE2::FullMatch(column[i]->content, kUnsigned, &plus, &number)) continue;
    if (!signed_at(i + 1) && !(i > 0 && signed_at(i - 1))) continue;
    if (plus.empty() && nominal_voltage(number)) continue;
    column[i]->content = "±" + number;
    column[i]->unsure = true;
  }
}

}  // namespace

// A row of figures with nothing in column `c`, a column of numbers: OCR read no value there (a
// faint figure under a seal), and what the row holds is marked unsure rather than left to read
// as a row without that value.
void mark_rows_missing_a_number(model::TableMeta& t, int c, int first) {
  for (int r = first; r < t.row_count; ++r) {
    const model::TableCell* there = t.cell_at(r, c);
    if (there && !text::trim(there->content).empty()) continue;
    bool figures = false;
    for (const auto& cell : t.cells)
      figures = figures || (cell.row == r && has_digit(cell.content));
    if (!figures) continue;
    for (auto& cell : t.cells)
      if (cell.row == r) cell.unsure = true;
    // The place of the value is a cell of its own, empty and unsure: shown `(?)`, and a reader of
    // the cells (an agent) meets it rather than a row that simply has no value.
    if (there) continue;  // an empty cell, now unsure with its row
    const auto at = std::find_if(t.cells.begin(), t.cells.end(), [&](const model::TableCell& x) {
      return x.row > r || (x.row == r && x.col > c);
    });
    t.cells.insert(at, model::TableCell{r, c, "", 1, 1, true});
  }
}

void mark_numbers_not_read(model::TableMeta& t) {
  const int first = first_data_row(t);
  for (auto& cell : t.cells)
    if (cell.row >= first && (doubtful_number(cell.content) ||
                              (lone_chinese_numeral(cell.content) && row_of_numbers(t, cell))))
      cell.unsure = true;
  for (int c = 0; c < t.col_count; ++c) {
    const ColumnNumbers n = count_column(t, c, first);
    const std::optional<bool> decimals = n.decimal_majority();
    const bool numbers = n.numeric >= kMinNumericCells && n.numeric * 3 >= n.filled * 2;
    const bool leading = numbers && n.leading * 3 >= n.numeric * 2;
    for (auto& cell : t.cells) {
      if (cell.row < first || cell.col != c || cell.col_span != 1) continue;
      if (decimals == false) {
        if (auto list = voltage_list(cell.content)) {
          cell.content = *list;
          cell.unsure = true;  // a reading mended, still to be checked against the page
          continue;
        }
      }
      if (leading) {
        if (auto mended = without_stray_quote(cell.content)) {
          cell.content = *mended;
          cell.unsure = true;  // what stood there the reading cannot tell
          continue;
        }
      }
      if (numbers) {
        if (auto mended = digits_for_lookalikes(cell.content)) {
          cell.content = *mended;
          cell.unsure = true;
          continue;
        }
      }
      const bool digits = has_digit(cell.content);
      if (numbers && !digits) cell.unsure = true;
      if (decimals && digits && has_decimal_point(cell.content) != *decimals) cell.unsure = true;
      if (leading && digits && !starts_with_number(cell.content)) cell.unsure = true;
    }
    if (numbers) {
      mend_lost_plus_minus(t, c, first);
      mark_numbers_out_of_order(t, c, first);
      mark_rows_missing_a_number(t, c, first);
    }
  }
}

}  // namespace regreader::parse
