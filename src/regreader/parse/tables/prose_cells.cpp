#include "regreader/parse/tables/prose_cells.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {

// A paragraph this long that ends on a character of a word is prose cut off; shorter ones are
// names and labels, which end that way by nature — unless a clause mark inside says prose.
constexpr size_t kMinProseChars = 12;
constexpr size_t kMinClauseChars = 6;
// The rest of a sentence: at most this many characters before its 。 or ；.
constexpr size_t kMaxTailChars = 10;
// Sentences wrapping back that make a grid prose: one may be a table's odd cell.
constexpr int kMinWrapped = 2;
// A cell's only line this short, with no clause mark, is a label (an item number, a code).
constexpr size_t kMaxLabelChars = 8;

bool clause_mark(char32_t c) {
  return c == U'，' || c == U'、' || c == U'。' || c == U'；' || c == U'：';
}

// An item number alone: 2, 12, (3), （3）, 3), ①, 一、.
bool item_number(const std::string& paragraph) {
  static const Regex number(
      R"(^(?:\d{1,3}|[(（]\d{1,3}[)）]|\d{1,3}[)）]|[①-⑳]|[一二三四五六七八九十]{1,3}、)$)");
  return RE2::FullMatch(text::trim(text::fold_width(paragraph)), number);
}

std::vector<std::string> lines_of(std::string_view cell) {
  std::vector<std::string> out;
  while (!cell.empty()) {
    const size_t nl = cell.find('\n');
    if (auto t = text::trim(cell.substr(0, nl)); !t.empty()) out.push_back(std::move(t));
    cell = nl == std::string_view::npos ? std::string_view() : cell.substr(nl + 1);
  }
  return out;
}

// A label that leads the text of the cell after it: an item number, or a cell's only line when
// it is short and no clause (`NB/T` before `31147—2018`).
bool leads_next_cell(const std::vector<std::string>& lines, size_t i) {
  if (item_number(lines[i])) return true;
  if (lines.size() != 1 || text::length(lines[i]) > kMaxLabelChars) return false;
  for (const char32_t c : text::to_codepoints(lines[i]))
    if (clause_mark(c)) return false;
  return true;
}

// The cells in reading order: row by row, left to right.
std::vector<const model::TableCell*> reading_order(const model::TableMeta& t) {
  std::vector<const model::TableCell*> out;
  for (const auto& c : t.cells)
    out.push_back(&c);
  std::stable_sort(out.begin(), out.end(), [](const auto* a, const auto* b) {
    return std::pair(a->row, a->col) < std::pair(b->row, b->col);
  });
  return out;
}

// The first column holds nothing but item numbers and the ends of wrapped sentences: the margin
// of a numbered list, not a column of a table.
bool first_column_is_margin(const model::TableMeta& t) {
  bool any = false;
  for (const auto& c : t.cells) {
    if (c.col != 0) continue;
    for (const auto& line : lines_of(c.content)) {
      if (!item_number(line) &&
          !(finishes_a_sentence(line) && text::length(line) <= kMaxTailChars + 1))
        return false;
      any = true;
    }
  }
  return any;
}

}  // namespace

bool ends_mid_sentence(const std::string& paragraph) {
  const auto cps = text::to_codepoints(text::trim(paragraph));
  if (cps.size() < kMinClauseChars || !text::is_han(cps.back())) return false;
  if (cps.size() >= kMinProseChars) return true;
  for (const char32_t c : cps)
    if (clause_mark(c)) return true;
  return false;
}

bool finishes_a_sentence(const std::string& paragraph) {
  const auto cps = text::to_codepoints(text::trim(paragraph));
  for (size_t i = 1; i < cps.size() && i <= kMaxTailChars; ++i)
    if (cps[i] == U'。' || cps[i] == U'；') return true;
  return false;
}

int sentences_wrapped_back(const model::TableMeta& t) {
  int wrapped = 0;
  const model::TableCell* prev = nullptr;
  std::string prev_last;
  for (const auto* c : reading_order(t)) {
    const auto lines = lines_of(c->content);
    if (lines.empty()) continue;
    if (prev && c->row > prev->row && c->col < prev->col && ends_mid_sentence(prev_last) &&
        finishes_a_sentence(lines.front()))
      ++wrapped;
    prev = c;
    prev_last = lines.back();
  }
  return wrapped;
}

bool laid_out_prose(const model::TableMeta& t) {
  const int wrapped = sentences_wrapped_back(t);
  return wrapped >= kMinWrapped || (wrapped == 1 && first_column_is_margin(t));
}

std::vector<std::string> prose_paragraphs(const model::TableMeta& t) {
  std::vector<std::string> out;
  std::string label;  // a label waiting for the text of the next cell in its row
  int label_row = -1;
  auto add = [&](const std::string& line) {
    if (!out.empty() && ends_mid_sentence(out.back()) && finishes_a_sentence(line))
      text::join_wrapped(out.back(), line);
    else
      out.push_back(line);
  };
  for (const auto* c : reading_order(t)) {
    const auto lines = lines_of(c->content);
    if (lines.empty()) continue;
    if (!label.empty() && c->row != label_row) add(std::exchange(label, std::string()));
    for (size_t i = 0; i < lines.size(); ++i) {
      if (!label.empty()) {
        out.push_back(std::exchange(label, std::string()) + " " + lines[i]);
      } else if (i + 1 == lines.size() && leads_next_cell(lines, i)) {
        label = lines[i];
        label_row = c->row;
      } else {
        add(lines[i]);
      }
    }
  }
  if (!label.empty()) add(label);
  return out;
}

}  // namespace regreader::parse
