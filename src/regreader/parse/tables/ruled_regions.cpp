#include "regreader/parse/tables/ruled_regions.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace regreader::parse {

namespace {
// An empty column narrower than this (points) is a gap between rules, not a column.
constexpr float kSliverWidth = 12.0f;
}  // namespace

std::vector<float> distinct(std::vector<float> v, float tol) {
  std::sort(v.begin(), v.end());
  std::vector<float> out;
  for (float x : v)
    if (out.empty() || x - out.back() > tol) out.push_back(x);
  return out;
}

// Vertical rules that touch each other (overlapping in y) belong to one table.
std::vector<RuledRegion> ruled_regions(const PdfPage& page, size_t min_borders) {
  std::vector<PdfRule> v;
  for (const auto& r : page.rules)
    if (!r.horizontal()) v.push_back(r);
  std::sort(v.begin(), v.end(), [](const PdfRule& a, const PdfRule& b) { return a.y0 < b.y0; });
  std::vector<RuledRegion> out;
  std::vector<float> xs;
  RuledRegion cur{0, 0, 0, -1, {}, {}};
  auto close = [&] {
    cur.xs = distinct(xs, kRuleMergeTolerance);
    cur.hi = cur.xs;
    if (cur.xs.size() >= min_borders) {
      cur.x0 = cur.xs.front();
      cur.x1 = cur.xs.back();
      out.push_back(cur);
    }
    xs.clear();
  };
  for (const auto& r : v) {
    if (cur.y1 >= cur.y0 && r.y0 > cur.y1 + kRuleMergeTolerance)
      close(), cur = {0, 0, 0, -1, {}, {}};
    if (cur.y1 < cur.y0) cur.y0 = r.y0, cur.y1 = r.y1;
    cur.y1 = std::max(cur.y1, r.y1);
    xs.push_back(r.x0);
  }
  if (cur.y1 >= cur.y0) close();
  return out;
}

// Rows each cell spans downwards (0 = merged into the cell above): a column with no rule
// between two rows is one merged cell there, as in "干态 | 25" over the rows of both brakes.
std::vector<std::vector<int>> vertical_spans(const PdfPage& page, const RuledRegion& g,
                                             const std::vector<float>& ys,
                                             const std::vector<long>& row_band) {
  const size_t cols = g.xs.size() - 1, n = row_band.size();
  std::vector<std::vector<int>> span(n, std::vector<int>(cols, 1));
  auto ruled_between = [&](size_t r, size_t c) {  // a rule across column c below row r
    const float mid = (g.xs[c] + g.xs[c + 1]) / 2;
    for (long b = row_band[r]; b < row_band[r + 1]; ++b)
      for (const auto& rule : page.rules)
        if (rule.horizontal() && std::fabs(rule.y0 - ys[static_cast<size_t>(b)]) <= 2 &&
            rule.x0 <= mid && rule.x1 >= mid)
          return true;
    return false;
  };
  for (size_t c = 0; c < cols; ++c) {
    size_t top = 0;
    for (size_t r = 1; r < n; ++r) {
      // Rows with no rule at all between them are lines of one row already.
      if (row_band[r] != row_band[r - 1] && !ruled_between(r - 1, c)) {
        span[top][c] += 1;
        span[r][c] = 0;
      } else {
        top = r;
      }
    }
  }
  return span;
}

// For each column, the first column of the cell it belongs to at height y: a border with no
// vertical rule drawn across y joins the columns on both sides, as a wide answer cell beside a
// label under a header of many narrow columns. Without this, each line of the wide cell is cut
// at the other rows' borders and its pieces are read column by column.
std::vector<int> merged_columns(const PdfPage& page, const RuledRegion& g, float y) {
  std::vector<int> first(g.xs.size() - 1, 0);
  for (size_t c = 1; c < first.size(); ++c) {
    bool drawn = false;
    for (const auto& rule : page.rules)
      drawn = drawn || (!rule.horizontal() && rule.x0 >= g.xs[c] - kRuleMergeTolerance &&
                        rule.x0 <= g.hi[c] + kRuleMergeTolerance && rule.y0 <= y && rule.y1 >= y);
    first[c] = drawn ? static_cast<int>(c) : first[c - 1];
  }
  return first;
}

// Horizontal rules that separate rows: those across two or more columns, or half of them. A
// rule under each line of one cell (lined paper in a form's wide cell) does not cut the row.
std::vector<float> row_borders(const PdfPage& page, const RuledRegion& g,
                               const std::vector<float>& ys) {
  const size_t cols = g.xs.size() - 1;
  std::vector<float> out;
  for (float y : ys) {
    size_t crossed = 0;
    for (size_t c = 0; c < cols; ++c) {
      const float mid = (g.xs[c] + g.xs[c + 1]) / 2;
      crossed += std::any_of(page.rules.begin(), page.rules.end(), [&](const PdfRule& r) {
        return r.horizontal() && std::fabs(r.y0 - y) <= kRuleMergeTolerance && r.x0 <= mid &&
               r.x1 >= mid;
      });
    }
    if (crossed >= 2 || crossed * 2 >= cols) out.push_back(y);
  }
  return out;
}

// Only borders drawn beside the table's lines first..last: a frame joined to the table above or
// below it (a boxed title) brings borders of its own that are not the table's columns.
void keep_borders_beside(const PdfPage& page, size_t first, size_t last, RuledRegion& g) {
  const float top = page.lines[first].y0, bottom = page.lines[last].y1;
  std::vector<float> xs;
  for (float x : g.xs) {
    const bool beside = std::any_of(page.rules.begin(), page.rules.end(), [&](const PdfRule& r) {
      return !r.horizontal() && std::fabs(r.x0 - x) <= kRuleMergeTolerance && r.y1 > top &&
             r.y0 < bottom;
    });
    if (beside) xs.push_back(x);
  }
  if (xs.size() >= 3) g.xs = std::move(xs);
  g.hi = g.xs;
}

// Columns narrower than kSliverWidth with no text in them are the gaps between a border and a
// cell's shading or a double rule, not columns: their borders are dropped (the kept border
// remembers the absorbed ones in `hi`, so a rule drawn at any of them still counts).
void drop_slivers(const PdfPage& page, size_t first, size_t last, RuledRegion& g) {
  auto empty = [&](float x0, float x1) {
    for (size_t k = first; k <= last; ++k)
      for (const auto& ch : page.lines[k].chars)
        if ((ch.x0 + ch.x1) / 2 > x0 && (ch.x0 + ch.x1) / 2 < x1) return false;
    return true;
  };
  g.hi = g.xs;
  size_t c = 0;
  while (c + 1 < g.xs.size() && g.xs.size() > 2) {
    if (g.xs[c + 1] - g.xs[c] >= kSliverWidth || !empty(g.xs[c], g.xs[c + 1])) {
      ++c;
      continue;
    }
    const size_t gone = c + 2 < g.xs.size() ? c + 1 : c;  // the table's edges stay
    const size_t keep = gone == c + 1 ? c : c + 1;
    g.hi[keep] = std::max(g.hi[keep], g.hi[gone]);
    g.xs.erase(g.xs.begin() + static_cast<long>(gone));
    g.hi.erase(g.hi.begin() + static_cast<long>(gone));
    if (gone == c && c > 0) --c;
  }
}

// The heights of the horizontal rules inside a ruled region, top to bottom.
std::vector<float> inner_rules(const PdfPage& page, const RuledRegion& g) {
  std::vector<float> ys;
  for (const auto& r : page.rules)
    if (r.horizontal() && r.y0 > g.y0 + 1 && r.y0 < g.y1 - 1 && r.x1 > g.x0 && r.x0 < g.x1)
      ys.push_back(r.y0);
  return distinct(ys, kRuleMergeTolerance);
}

// Whether the region's cells share borders: some horizontal rule, its collinear pieces joined
// end to end, runs across two columns or more and a vertical rule meets it between them. A flow
// chart's boxes stand apart, so each box's top and bottom span its own column only, or pass
// over the borders of narrower boxes above or below without meeting them: boxes, not a table.
bool cells_share_borders(const PdfPage& page, const RuledRegion& g) {
  std::vector<std::pair<float, std::pair<float, float>>> h;  // (y, (x0, x1))
  for (const auto& r : page.rules)
    if (r.horizontal() && r.y0 >= g.y0 - kRuleMergeTolerance &&
        r.y0 <= g.y1 + kRuleMergeTolerance && r.x1 > g.x0 && r.x0 < g.x1)
      h.push_back({r.y0, {r.x0, r.x1}});
  std::sort(h.begin(), h.end());
  // A border inside [x0, x1] that a vertical rule meets at height y: a T-junction of two cells.
  auto meets = [&](float x, float y) {
    return std::any_of(page.rules.begin(), page.rules.end(), [&](const PdfRule& r) {
      return !r.horizontal() && std::fabs(r.x0 - x) <= kRuleMergeTolerance &&
             r.y0 <= y + kRuleMergeTolerance && r.y1 >= y - kRuleMergeTolerance;
    });
  };
  auto spans_two_columns = [&](float x0, float x1, float y) {
    for (size_t i = 0; i + 2 < g.xs.size(); ++i)
      if (x0 <= g.xs[i] + kRuleMergeTolerance && x1 >= g.xs[i + 2] - kRuleMergeTolerance &&
          meets(g.xs[i + 1], y))
        return true;
    return false;
  };
  for (size_t i = 0; i < h.size();) {
    size_t j = i;  // rules at one height, left to right
    while (j < h.size() && h[j].first - h[i].first <= kRuleMergeTolerance)
      ++j;
    std::vector<std::pair<float, float>> spans;
    for (size_t k = i; k < j; ++k)
      spans.push_back(h[k].second);
    std::sort(spans.begin(), spans.end());
    float x0 = spans.front().first, x1 = spans.front().second;
    for (const auto& [a, b] : spans) {
      if (a > x1 + kRuleMergeTolerance) {
        if (spans_two_columns(x0, x1, h[i].first)) return true;
        x0 = a;
      }
      x1 = std::max(x1, b);
    }
    if (spans_two_columns(x0, x1, h[i].first)) return true;
    i = j;
  }
  return false;
}

}  // namespace regreader::parse
