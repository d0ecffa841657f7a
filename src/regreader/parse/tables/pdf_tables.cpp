#include "regreader/parse/tables/pdf_tables.hpp"

#include <algorithm>
#include <cmath>

#include "regreader/core/text.hpp"
#include "regreader/parse/structure/notes.hpp"
#include "regreader/parse/structure/numbering.hpp"
#include "regreader/parse/tables/cell_grid.hpp"
#include "regreader/parse/tables/ruled_regions.hpp"
#include "regreader/parse/tables/spanned_cells.hpp"
#include "regreader/parse/tables/table_numbers.hpp"

namespace regreader::parse {

namespace {

// Column starts closer than this many character widths are the same column.
constexpr float kColumnTolerance = 1.5f;
// A table has at least this many lines with two or more cells.
constexpr size_t kMinRowLines = 2;
// Lines further apart than this many line heights are not in the same table.
constexpr float kMaxRowGap = 2.2f;
// A single-cell line inside a table (a wrapped cell) is narrower than this share of the text width.
constexpr float kMaxWrappedCellShare = 0.6f;
// A horizontal rule counts for a table when it spans this share of the table's width.
constexpr float kMinRuleShare = 0.5f;
// The header sits above a rule found in this top share of the table.
constexpr float kHeaderRuleShare = 0.45f;

float em_of(const PdfLine& l) {
  return std::max(l.size, 1.0f);
}

bool starts_like_text(const std::string& s) {
  const std::string f = text::fold_width(s);
  return !match_notes(f).empty() || text::starts_with(text::trim(f), "表") ||
         (match_section_number(f) && !is_title_like(match_section_number(f)->rest));
}

// A list item set with a tab after its mark ("•<tab>电池堆的电压…", "1.<tab>…", "（2）<tab>…"):
// two runs, the first nothing but a bullet or a number with its list punctuation. Such lines
// line up like a two-column table and are not one (a table's serial-number column prints bare
// numbers).
bool list_item_line(const PdfLine& l) {
  if (l.segments.size() != 2) return false;
  const std::string mark = text::trim(text::fold_width(l.segments[0].text));
  const auto cps = text::to_codepoints(mark);
  if (cps.empty() || cps.size() > 4) return false;
  // The marks a paragraph starts a list with (• ● ■ · — - ① "1." "1、" "(1)" "a)"), as the run
  // before a tab; and the bullets Word offers beyond them.
  if (starts_with_list_marker(mark + " x")) return true;
  return cps.size() == 1 &&
         (cps[0] == U'◆' || cps[0] == U'▪' || cps[0] == U'–' || cps[0] == U'➢' || cps[0] == U'√');
}

// A line that can be a row of a borderless table: two or more runs, not a list item, not text.
bool table_row_line(const PdfLine& l) {
  return l.segments.size() >= 2 && !list_item_line(l) && !starts_like_text(l.text);
}

// Column anchors: the left edges of the cells, clustered.
std::vector<float> column_anchors(const std::vector<const PdfLine*>& lines) {
  std::vector<float> xs;
  float em = 10;
  for (const auto* l : lines) {
    em = em_of(*l);
    for (const auto& s : l->segments)
      xs.push_back(s.x0);
  }
  std::sort(xs.begin(), xs.end());
  // A column's cells start within a tolerance of the next start of it: centred cells (`10及以下`,
  // `220`, `±50`) start a few points apart each, further apart end to end than one tolerance.
  std::vector<float> anchors;
  for (size_t i = 0; i < xs.size(); ++i)
    if (i == 0 || xs[i] - xs[i - 1] > kColumnTolerance * em) anchors.push_back(xs[i]);
  return anchors;
}

// Vertical rules inside the region give column borders when there are enough of them.
std::vector<float> rule_columns(const PdfPage& page, float y0, float y1) {
  std::vector<float> xs;
  for (const auto& r : page.rules)
    if (!r.horizontal() && r.y0 <= y1 && r.y1 >= y0) xs.push_back(r.x0);
  std::sort(xs.begin(), xs.end());
  std::vector<float> out;
  for (float x : xs)
    if (out.empty() || x - out.back() > 3) out.push_back(x);
  return out;
}

std::vector<float> rule_rows(const PdfPage& page, float x0, float x1, float y0, float y1) {
  std::vector<float> ys;
  for (const auto& r : page.rules)
    if (r.horizontal() && r.y0 >= y0 && r.y0 <= y1 && r.x1 - r.x0 >= kMinRuleShare * (x1 - x0) &&
        r.x0 < x1 && r.x1 > x0)
      ys.push_back(r.y0);
  std::sort(ys.begin(), ys.end());
  std::vector<float> out;
  for (float y : ys)
    if (out.empty() || y - out.back() > 2) out.push_back(y);
  return out;
}

// Where each column starts; a cell belongs to the last column starting at or before it.
struct Columns {
  std::vector<float> starts;
  float tolerance = 5;
  int column_of(float x) const {
    int c = 0;
    for (size_t i = 0; i < starts.size(); ++i)
      if (x >= starts[i] - tolerance) c = static_cast<int>(i);
    return c;
  }
};

struct Region {
  size_t first = 0, last = 0;
};

// Grows a table region from line i (which has two or more cells); returns the last line index.
// A numbered line set out to the left of the table's rows ("A.4 控制器的主要技术参数" over rows
// indented under it) is the heading of what follows, never a wrapped cell of the rows around it.
bool heading_left_of(const PdfLine& l, const PdfLine& row) {
  return l.segments.size() < 2 && l.x0 < row.x0 - em_of(row) &&
         match_section_number(text::fold_width(l.text)).has_value();
}

size_t grow_region(const PdfPage& page, size_t i, float text_width) {
  const auto& lines = page.lines;
  size_t last = i;
  for (size_t k = i + 1; k < lines.size(); ++k) {
    const auto& prev = lines[k - 1];
    const auto& l = lines[k];
    if (l.y0 - prev.y1 > kMaxRowGap * em_of(prev)) break;
    if (table_row_line(l)) {
      last = k;
      continue;
    }
    // A wrapped cell: one narrow run between two rows of the table.
    const bool narrow = l.x1 - l.x0 < kMaxWrappedCellShare * text_width;
    const bool next_row = k + 1 < lines.size() && table_row_line(lines[k + 1]);
    if (narrow && next_row && !starts_like_text(l.text) && !heading_left_of(l, lines[i])) continue;
    break;
  }
  return last;
}

// Header lines above the first two-cell line: narrow runs right above it (wrapped header cells).
size_t grow_header_up(const PdfPage& page, size_t first, float text_width) {
  while (first > 0) {
    const auto& above = page.lines[first - 1];
    const auto& cur = page.lines[first];
    const bool close = cur.y0 - above.y1 < 0.8f * em_of(cur);
    const bool narrow = above.x1 - above.x0 < kMaxWrappedCellShare * text_width;
    if (!close || !narrow || starts_like_text(above.text) || heading_left_of(above, cur)) break;
    --first;
  }
  return first;
}

// Lines above `first` inside a frame drawn around the table with row borders across it: the
// table's. A scan whose middle column rule a seal hid leaves such a frame of two vertical rules;
// rows whose values were not read are lines of one cell that grow_region and grow_header_up
// stop at, and so is the header's unit (`kV` under `电压等级`). A framed box of prose has no row
// borders.
size_t frame_header_up(const PdfPage& page, size_t first) {
  const PdfLine& row = page.lines[first];
  const float mid = (row.y0 + row.y1) / 2;
  auto within = [](const PdfLine& l, const RuledRegion& f) {
    return l.x0 >= f.x0 - kRuleMergeTolerance && l.x1 <= f.x1 + kRuleMergeTolerance;
  };
  for (const auto& f : ruled_regions(page, 2)) {
    if (mid <= f.y0 || mid >= f.y1 || !within(row, f) || inner_rules(page, f).empty()) continue;
    while (first > 0) {
      const PdfLine& above = page.lines[first - 1];
      if ((above.y0 + above.y1) / 2 <= f.y0 || !within(above, f)) break;
      --first;
    }
  }
  return first;
}

// A cell whose number was read with less confidence than this is marked unsure.
constexpr float kUnsureDigitConf = 80.0f;
// A cell whose characters were read with less confidence than this on average is unsure too,
// digits or not: OCR that misreads a number may return no digit at all (`和` for 0.70).
constexpr float kUnsureMeanConf = 70.0f;

model::TableCell make_cell(const CellGrid& g, size_t r, size_t c, int col_span, int row_span = 1) {
  model::TableCell cell{static_cast<int>(r), static_cast<int>(c), text::clean_spaces(g.text[r][c]),
                        row_span, col_span};
  const ReadConf& conf = g.conf[r][c];
  cell.unsure = conf.number() < kUnsureDigitConf || conf.mean() < kUnsureMeanConf;
  return cell;
}

// The table of a filled grid: its non-empty cells, `col_span(r, c)` columns wide, the first row
// as the header.
template <typename ColSpan>
model::TableMeta grid_table(const CellGrid& rows, size_t cols, ColSpan col_span,
                            const std::vector<std::vector<int>>* row_spans = nullptr) {
  model::TableMeta t;
  t.row_count = static_cast<int>(rows.text.size());
  t.col_count = static_cast<int>(cols);
  for (size_t r = 0; r < rows.text.size(); ++r)
    for (size_t c = 0; c < rows.text[r].size(); ++c)
      if (!rows.text[r][c].empty())
        t.cells.push_back(
            make_cell(rows, r, c, col_span(r, c), row_spans ? (*row_spans)[r][c] : 1));
  for (int c = 0; c < t.col_count; ++c)
    t.col_headers.push_back(t.cell_text(0, c));
  return t;
}

// Header text is centred in its cells and wraps, so header lines are split into columns character
// by character; body cells are left-aligned runs that may span several columns.
// `merged`, when given, maps each column to the first column of the cell it is part of on this
// line.
// `right`, when given, holds each column's right border: a cell's line that runs to it (within
// its padding and about half a character) cut its last word there.
void place_header_line(const PdfLine& l, const Columns& cols, CellGrid& grid,
                       const std::vector<int>* merged = nullptr,
                       const std::vector<float>* right = nullptr) {
  constexpr float kCutSlack = 0.6f;  // ems short of the border, past the cell's padding
  constexpr float kPadding = 3;      // points: Word's and LibreOffice's cell padding, about 2
  const size_t n = grid.text.back().size();
  std::vector<std::string> parts(n);
  std::vector<ReadConf> conf(n);
  std::vector<std::pair<float, float>> ys(n, {1e9f, -1e9f});
  std::vector<bool> cut(n, false);
  int prev_col = -1;
  float prev_x1 = 0;
  char32_t prev = 0, before_prev = 0;
  for (const auto& ch : l.chars) {
    int c = cols.column_of((ch.x0 + ch.x1) / 2);
    if (merged) c = (*merged)[static_cast<size_t>(c)];
    auto& part = parts[static_cast<size_t>(c)];
    if (c != prev_col) prev = before_prev = 0;
    if (c == prev_col && ch.x0 - prev_x1 > 0.3f * std::max(ch.size, 1.0f) &&
        !inside_number(before_prev, prev, ch.c))
      part.push_back(' ');
    text::append_utf8(part, ch.c);
    conf[static_cast<size_t>(c)].add(ch.c, ch.conf);
    auto& y = ys[static_cast<size_t>(c)];
    y = {std::min(y.first, ch.y0), std::max(y.second, ch.y1)};
    if (right) {
      // The cell this glyph ends: the last of the columns merged with its own.
      size_t last = static_cast<size_t>(c);
      while (merged && last + 1 < n && (*merged)[last + 1] == c)
        ++last;
      const float border = (*right)[last];
      cut[static_cast<size_t>(c)] =
          ch.x1 >= border - kPadding - kCutSlack * std::max(ch.size, 1.0f);
    }
    prev_col = c;
    prev_x1 = ch.x1;
    before_prev = prev;
    prev = ch.c;
  }
  for (size_t c = 0; c < n; ++c)
    if (!parts[c].empty())
      grid.add(grid.text.size() - 1, static_cast<int>(c), parts[c], conf[c], ys[c].first,
               ys[c].second, cut[c]);
}

model::TableMeta build_table(const PdfPage& page, const Region& r) {
  std::vector<const PdfLine*> lines;
  float x0 = 1e9f, x1 = 0;
  for (size_t k = r.first; k <= r.last; ++k) {
    lines.push_back(&page.lines[k]);
    x0 = std::min(x0, page.lines[k].x0);
    x1 = std::max(x1, page.lines[k].x1);
  }
  const float em = em_of(*lines.front());
  const float top = lines.front()->y0, bottom = lines.back()->y1;
  const auto hrules = rule_rows(page, x0, x1, top - 3, bottom + 3);
  std::vector<float> inner;
  for (float y : hrules)
    if (y > top + 1 && y < bottom - 1) inner.push_back(y);
  // The header: lines above a rule near the top, else the first line.
  const float header_rule =
      !inner.empty() && inner.front() < top + kHeaderRuleShare * (bottom - top) ? inner.front()
                                                                                : -1;
  size_t header_lines = 1;
  if (header_rule >= 0) {
    header_lines = 0;
    while (header_lines < lines.size() &&
           (lines[header_lines]->y0 + lines[header_lines]->y1) / 2 < header_rule)
      ++header_lines;
    header_lines = std::max<size_t>(header_lines, 1);
  }
  Columns cols;
  cols.tolerance = kColumnTolerance * em;
  const auto ruled = rule_columns(page, top, bottom);
  std::vector<const PdfLine*> body(
      lines.begin() + static_cast<long>(std::min(header_lines, lines.size() - 1)), lines.end());
  cols.starts =
      ruled.size() >= 3 ? std::vector<float>(ruled.begin(), ruled.end() - 1) : column_anchors(body);
  const bool fully_ruled = ruled.size() >= 3 && inner.size() + 1 >= lines.size() / 2;

  CellGrid rows(cols.starts.size());
  std::vector<std::vector<int>> spans(1, std::vector<int>(cols.starts.size(), 1));
  size_t band = 0;
  for (size_t k = 0; k < lines.size(); ++k) {
    const PdfLine& l = *lines[k];
    if (k < header_lines) {
      place_header_line(l, cols, rows);  // still the only row
      continue;
    }
    const float mid = (l.y0 + l.y1) / 2;
    size_t line_band = 0;
    while (line_band < inner.size() && inner[line_band] < mid)
      ++line_band;
    // A line of one cell continues the row above (a wrapped label), unless a rule runs between
    // them: a scan's middle column rule lost under a seal leaves the row borders drawn.
    const bool new_row =
        k == header_lines || line_band != band || (!fully_ruled && l.segments.size() >= 2);
    band = line_band;
    if (new_row) {
      rows.add_row(cols.starts.size());
      spans.emplace_back(cols.starts.size(), 1);
    }
    for (const auto& s : l.segments) {
      const int c = cols.column_of(s.x0);
      const int last = cols.column_of(s.x1 - cols.tolerance);
      rows.add(rows.text.size() - 1, c, s.text, s.conf);
      auto& span = spans.back()[static_cast<size_t>(c)];
      span = std::max(span, last - c + 1);
    }
  }
  const int n = static_cast<int>(cols.starts.size());
  return grid_table(rows, cols.starts.size(), [&](size_t r, size_t c) {
    return std::min(spans[r][c], n - static_cast<int>(c));
  });
}

Columns ruled_columns(const RuledRegion& g) {
  Columns cols;
  cols.starts.assign(g.xs.begin(), g.xs.end() - 1);
  cols.tolerance = 0;
  return cols;
}

// A line that begins a note: 注, then a number, a colon or a space ("注1：", "注：", "注 1;").
bool starts_with_note(const PdfLine& l) {
  std::vector<char32_t> head;
  for (const auto& ch : l.chars)
    if (ch.c != U' ' && head.size() < 2) head.push_back(ch.c);
  if (head.size() < 2 || head[0] != U'注') return false;
  const char32_t next = head[1];
  return is_digit(next) || next == U'：' || next == U':' || next == U'；' || next == U';' ||
         next == U'，' || next == U',';
}

// A table whose borders were found in a scan's image (scan_rules.hpp). OCR's lines do not keep
// to the rows (a line's box may reach into the next row, tesseract may join two rows), and the
// borders have gaps wherever a seal or a blot crossed them: so every character goes to the cell
// its own centre is in, every border found runs across the whole table, every band between two
// horizontal borders with text in it is a row, and a cell spans rows only where its prose wraps
// past a sub-table's border (spanned_cells.hpp).
model::TableMeta build_scanned_table(const PdfPage& page, const RuledRegion& g, size_t first,
                                     size_t last) {
  const std::vector<float> ys = inner_rules(page, g);
  std::vector<std::vector<PdfLine>> bands(ys.size() + 1);  // each line's characters per band
  for (size_t k = first; k <= last; ++k) {
    std::vector<PdfLine> split(bands.size());
    for (const auto& ch : page.lines[k].chars) {
      const float mid = (ch.y0 + ch.y1) / 2;
      const auto b = static_cast<size_t>(std::lower_bound(ys.begin(), ys.end(), mid) - ys.begin());
      split[b].chars.push_back(ch);
    }
    for (size_t b = 0; b < split.size(); ++b)
      if (!split[b].chars.empty()) bands[b].push_back(std::move(split[b]));
  }
  const Columns cols = ruled_columns(g);
  const std::vector<int> one_cell(cols.starts.size(), 0);  // every column part of the first
  CellGrid rows(cols.starts.size());
  std::vector<bool> spans_all;    // per row: a note row, one cell across the table
  std::vector<size_t> row_bands;  // per row: the band between borders it was read in
  for (const auto& band : bands) {
    if (band.empty()) continue;
    // "注1：…" runs across the column borders of the rows above; its text is one cell.
    const bool note = starts_with_note(band.front());
    for (const auto& l : band) {
      std::vector<int> char_columns;
      for (const auto& ch : l.chars)
        char_columns.push_back(cols.column_of((ch.x0 + ch.x1) / 2));
      const std::vector<int> merged =
          note ? one_cell : columns_a_line_joins(page, g, l, char_columns);
      place_header_line(l, cols, rows, &merged);
    }
    const auto& last_row = rows.text.back();
    if (std::any_of(last_row.begin(), last_row.end(), [](const auto& t) { return !t.empty(); })) {
      spans_all.push_back(note);
      row_bands.push_back(static_cast<size_t>(&band - bands.data()));
      rows.add_row(cols.starts.size());  // a band of specks and blanks is no row
    }
  }
  if (rows.text.size() > 1) rows.drop_last_row();
  const int n = static_cast<int>(cols.starts.size());
  const auto row_spans = join_unruled_prose(page, g, ys, row_bands, rows);
  return grid_table(
      rows, cols.starts.size(),
      [&](size_t r, size_t) { return r < spans_all.size() && spans_all[r] ? n : 1; }, &row_spans);
}

// A table drawn with rules on a text-layer page: a border missing at some height is really not
// there, so cells span the columns and rows no rule separates.
model::TableMeta build_ruled_table(const PdfPage& page, const RuledRegion& g, size_t first,
                                   size_t last) {
  const std::vector<float> ys = row_borders(page, g, inner_rules(page, g));
  const Columns cols = ruled_columns(g);
  const std::vector<float> right(g.xs.begin() + 1, g.xs.end());
  CellGrid rows(cols.starts.size());
  std::vector<long> row_band;                // the band between horizontal rules each row sits in
  std::vector<std::vector<int>> row_merged;  // merged_columns at each row's first line
  long band = -1;
  for (size_t k = first; k <= last; ++k) {
    const PdfLine& l = page.lines[k];
    const float mid = (l.y0 + l.y1) / 2;
    long b = 0;
    while (b < static_cast<long>(ys.size()) && ys[static_cast<size_t>(b)] < mid)
      ++b;
    // Without inner horizontal rules every line is a row.
    if (k > first && (ys.empty() || b != band)) rows.add_row(cols.starts.size());
    if (row_band.size() < rows.text.size()) {
      row_band.push_back(b);
      row_merged.push_back(merged_columns(page, g, mid));
    }
    band = b;
    place_header_line(l, cols, rows, &row_merged.back(), &right);
  }
  const auto spans = vertical_spans(page, g, ys, row_band);
  model::TableMeta t;
  t.row_count = static_cast<int>(rows.text.size());
  t.col_count = static_cast<int>(cols.starts.size());
  for (size_t r = 0; r < rows.text.size(); ++r)
    for (size_t c = 0; c < rows.text[r].size(); ++c) {
      if (spans[r][c] == 0) continue;        // inside a cell merged with the row above
      for (int k = 1; k < spans[r][c]; ++k)  // the merged cell's text, wherever it was drawn
        text::join_wrapped(rows.text[r][c], rows.text[r + static_cast<size_t>(k)][c]);
      const auto& m = row_merged[r];
      const int col_span = static_cast<int>(std::count(m.begin(), m.end(), static_cast<int>(c)));
      if (!rows.text[r][c].empty())
        t.cells.push_back(make_cell(rows, r, c, std::max(col_span, 1), spans[r][c]));
    }
  for (int c = 0; c < t.col_count; ++c)
    t.col_headers.push_back(t.cell_text(0, c));
  return t;
}

// The first row of a ruled table is one line alone in a cell across most of the columns, over a
// row of several cells: a title drawn in a box.
bool title_row(const model::TableMeta& t, const PdfLine& first_line) {
  if (t.row_count < 2 || t.col_count < 2) return false;
  int in_first = 0, in_second = 0;
  const model::TableCell* title = nullptr;
  for (const auto& c : t.cells) {
    if (c.row == 0) ++in_first, title = &c;
    if (c.row == 1) ++in_second;
  }
  auto bare = [](std::string s) {
    std::erase_if(s, [](char ch) { return ch == ' '; });
    return s;
  };
  return in_first == 1 && in_second >= 2 && title->row_span == 1 &&
         title->col_span * 5 >= t.col_count * 3 && bare(title->content) == bare(first_line.text);
}

bool read_by_ocr(const PdfPage& page, size_t first, size_t last) {
  for (size_t k = first; k <= last; ++k)
    if (page.lines[k].mean_conf < 100) return true;
  return false;
}

std::vector<PdfTable> detect_ruled_tables(const PdfPage& page) {
  std::vector<PdfTable> out;
  for (const auto& g : ruled_regions(page)) {
    long first = -1, last = -1;
    for (size_t k = 0; k < page.lines.size(); ++k) {
      const auto& l = page.lines[k];
      const float mid = (l.y0 + l.y1) / 2;
      if (mid < g.y0 || mid > g.y1 || l.x1 < g.x0 || l.x0 > g.x1) continue;
      if (first < 0) first = static_cast<long>(k);
      last = static_cast<long>(k);
    }
    if (first < 0) continue;
    const bool drawn = !read_by_ocr(page, static_cast<size_t>(first), static_cast<size_t>(last));
    if (drawn && !cells_share_borders(page, g)) continue;  // boxes of a chart, left to the text
    auto build = [&](size_t from, size_t to) {
      RuledRegion region = g;
      if (drawn) {
        keep_borders_beside(page, from, to, region);
        drop_slivers(page, from, to, region);
      }
      return drawn ? build_ruled_table(page, region, from, to)
                   : build_scanned_table(page, region, from, to);
    };
    auto t = build(static_cast<size_t>(first), static_cast<size_t>(last));
    // A boxed title over the table ("电力设备预防性试验工作内容" in a frame joined to the
    // table's) is the page's heading, not the table's first row: it is left to the text.
    if (drawn && title_row(t, page.lines[static_cast<size_t>(first)]) && first < last)
      t = build(static_cast<size_t>(++first), static_cast<size_t>(last));
    if (!drawn) mark_numbers_not_read(t);
    out.push_back({static_cast<size_t>(first), static_cast<size_t>(last), std::move(t)});
  }
  return out;
}

}  // namespace

std::vector<PdfTable> detect_tables(const PdfPage& page) {
  std::vector<PdfTable> out;
  const auto& lines = page.lines;
  float left = page.text_left, right = page.text_right;
  if (left < 0 || right < 0) {
    left = page.width;
    right = 0;
    for (const auto& l : lines)
      left = std::min(left, l.x0), right = std::max(right, l.x1);
  }
  const float width = std::max(1.0f, right - left);
  std::vector<PdfTable> ruled = detect_ruled_tables(page);
  auto in_ruled = [&](size_t k) {
    for (const auto& t : ruled)
      if (k >= t.first_line && k <= t.last_line) return true;
    return false;
  };
  for (size_t i = 0; i < lines.size(); ++i) {
    if (in_ruled(i) || !table_row_line(lines[i])) continue;
    const size_t last = grow_region(page, i, width);
    size_t row_lines = 0;
    for (size_t k = i; k <= last; ++k)
      row_lines += table_row_line(lines[k]) ? 1 : 0;
    if (row_lines < kMinRowLines) continue;
    Region r{frame_header_up(page, grow_header_up(page, i, width)), last};
    if (!out.empty() && r.first <= out.back().last_line) r.first = out.back().last_line + 1;
    for (size_t k = r.first; k <= r.last; ++k)
      if (in_ruled(k)) r.last = k - 1;  // stop at a ruled table
    if (r.last < r.first) continue;
    PdfTable t{r.first, r.last, build_table(page, r)};
    if (read_by_ocr(page, r.first, r.last)) mark_numbers_not_read(t.table);
    if (t.table.col_count >= 2) out.push_back(std::move(t));
    i = last;
  }
  out.insert(out.end(), ruled.begin(), ruled.end());
  std::sort(out.begin(), out.end(),
            [](const PdfTable& a, const PdfTable& b) { return a.first_line < b.first_line; });
  return out;
}

}  // namespace regreader::parse
