#include "regreader/parse/tables/spanned_cells.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string_view>

#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {

// Two glyphs of one word or number stand closer than this (ems); two cells' texts, never.
constexpr float kWordGlyphGap = 0.3f;

// What a glyph is part of: a number, a Chinese word, a Latin word (0: none of these).
int glyph_kind(char32_t c) {
  if (is_digit(c) || c == U'.' || c == U'．') return 1;
  if (text::is_han(c)) return 2;
  return c < 0x80 && std::isalpha(static_cast<int>(c)) ? 3 : 0;
}

// A cell's text wrapped onto a second line that sits below a sub-table's row border: prose of two
// or more Han characters, no digit, the first part not ending a sentence.
bool wrapped_prose(const std::string& text) {
  int han = 0;
  for (char32_t c : text::to_codepoints(text)) {
    if (c >= U'0' && c <= U'9') return false;
    han += text::is_han(c) ? 1 : 0;
  }
  return han >= 2;
}

bool ends_sentence(const std::string& text) {
  const auto cps = text::to_codepoints(text::trim(text));
  return !cps.empty() &&
         std::u32string_view(U"。；;：:！!？?").find(cps.back()) != std::u32string_view::npos;
}

// A wrapped cell's next line starts less than this share of a line's height below the previous
// line's bottom; the text of the cell below starts further down, past both cells' padding.
constexpr float kWrapGap = 0.6f;

// Whether a horizontal rule drawn at `y` runs under a quarter or more of the column [x0, x1].
bool ruled_under(const PdfPage& page, float y, float x0, float x1) {
  float covered = 0;
  for (const auto& r : page.rules)
    if (r.horizontal() && std::fabs(r.y0 - y) <= kRuleMergeTolerance)
      covered = std::max(covered, std::min(r.x1, x1) - std::max(r.x0, x0));
  return covered >= 0.25f * (x1 - x0);
}

}  // namespace

std::vector<std::vector<int>> join_unruled_prose(const PdfPage& page, const RuledRegion& g,
                                                 const std::vector<float>& ys,
                                                 const std::vector<size_t>& row_bands,
                                                 CellGrid& rows) {
  std::vector<std::vector<int>> spans(rows.text.size(), std::vector<int>(g.xs.size() - 1, 1));
  for (size_t c = 0; c + 1 < g.xs.size(); ++c) {
    size_t top = 0;  // the row the cell being joined starts at
    for (size_t r = 1; r < rows.text.size() && r < row_bands.size(); ++r) {
      const size_t band = row_bands[r];
      const bool adjacent = band == row_bands[r - 1] + 1 && band >= 1;
      std::string& above = rows.text[top][c];
      const std::string& below = rows.text[r][c];
      // The lower piece is the next line of the same text: no cell padding between them.
      const float bottom = rows.extent[top][c].second;
      const auto& [next_top, next_bottom] = rows.extent[r][c];
      const float line = next_bottom - next_top;
      const bool next_line = next_top - bottom < kWrapGap * line;
      const bool join = adjacent && next_line && !above.empty() && !below.empty() &&
                        wrapped_prose(above) && wrapped_prose(below) && !ends_sentence(above) &&
                        !ruled_under(page, ys[band - 1], g.xs[c], g.xs[c + 1]);
      if (!join) {
        top = r;
        continue;
      }
      text::join_wrapped(above, below);
      rows.extent[top][c].second = next_bottom;  // a third piece follows the second
      rows.conf[top][c].add(rows.conf[r][c]);
      rows.text[r][c].clear();
      ++spans[top][c];
      spans[r][c] = 0;
    }
  }
  return spans;
}

std::vector<int> columns_a_line_joins(const PdfPage& page, const RuledRegion& g, const PdfLine& l,
                                      const std::vector<int>& char_columns) {
  struct Crossing {
    int from, to;  // the columns of the glyphs on either side
    bool same;     // of one kind
  };
  std::vector<Crossing> crossings;
  for (size_t k = 1; k < l.chars.size(); ++k) {
    const PdfChar &a = l.chars[k - 1], &b = l.chars[k];
    const int ca = char_columns[k - 1], cb = char_columns[k];
    if (ca >= cb || glyph_kind(a.c) == 0 || glyph_kind(b.c) == 0 ||
        b.x0 - a.x1 > kWordGlyphGap * std::max(b.size, 1.0f))
      continue;
    // At the glyphs' own height: a band's piece of an OCR line keeps no box of its own.
    const std::vector<int> drawn = merged_columns(page, g, (b.y0 + b.y1) / 2);
    bool open = true;
    for (int c = ca + 1; c <= cb; ++c)
      open = open && drawn[static_cast<size_t>(c)] != c;
    if (open) crossings.push_back({ca, cb, glyph_kind(a.c) == glyph_kind(b.c)});
  }
  // The line's words run across a border not drawn: the line is a cell spanning columns.
  const bool spanning =
      std::any_of(crossings.begin(), crossings.end(), [](const Crossing& x) { return x.same; });
  std::vector<int> first(g.xs.size() - 1);
  for (size_t c = 0; c < first.size(); ++c)
    first[c] = static_cast<int>(c);
  for (const Crossing& x : crossings)  // left to right, so each joins what the last one made
    if (x.same || spanning)
      for (int c = x.from + 1; c <= x.to; ++c)
        first[static_cast<size_t>(c)] = first[static_cast<size_t>(x.from)];
  return first;
}

}  // namespace regreader::parse
