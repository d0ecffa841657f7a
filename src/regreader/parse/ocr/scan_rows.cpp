#include "regreader/parse/ocr/scan_rows.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "regreader/core/median.hpp"
#include "regreader/parse/ocr/scan_rules.hpp"
#include "regreader/parse/tables/ruled_regions.hpp"

namespace regreader::parse {

namespace {

// A row border crosses at least this share of its frame's width (summed over its pieces).
constexpr float kMinCrossing = 0.5f;
// Rows lower than this (points) are a double rule's gap or a shaded sliver, no line of text.
constexpr float kMinRowHeight = 6.0f;
// A full stop is about this wide (points) in body text: less ink than its square is no text.
constexpr float kFullStop = 1.5f;
// A frame's vertical rules are at least this far apart (points): one rule broken in two by a
// seal is no frame.
constexpr float kMinFrameWidth = 40.0f;
// What is cut off inside each border (points): a scanned rule's thickness and its skew.
constexpr float kBorderInset = 1.5f;

// The pixels of `page` inside the borders of `row` (kBorderInset in from each), and the page's
// pixels per point; empty (x1 <= x0 or y1 <= y0) where there is no room.
struct PixelBox {
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  float scale = 1;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
};

PixelBox inside_borders(const PixelImage& page, const ScanRow& row) {
  PixelBox b;
  b.scale = static_cast<float>(page.dpi) / 72.0f;
  const auto px = [&](float pt, int limit) {
    return std::clamp(static_cast<int>(std::lround(pt * b.scale)), 0, limit);
  };
  b.x0 = px(row.x0 + kBorderInset, page.width), b.x1 = px(row.x1 - kBorderInset, page.width);
  b.y0 = px(row.y0 + kBorderInset, page.height), b.y1 = px(row.y1 - kBorderInset, page.height);
  return b;
}

// The boxes of vertical rules overlapping in height, at least kMinFrameWidth wide.
std::vector<RuledRegion> frames(const PdfPage& page) {
  auto out = ruled_regions(page, 2);
  std::erase_if(out, [](const RuledRegion& f) { return f.x1 - f.x0 < kMinFrameWidth; });
  return out;
}

// The horizontal rules at one height (within kRuleMergeTolerance of `y`): their length inside
// [x0, x1], overlaps counted once, and their mean height (a double rule is one border between).
struct Crossing {
  float length = 0, y = 0;
};

Crossing crossing(const std::vector<PdfRule>& rules, float y, float x0, float x1) {
  std::vector<PdfRule> pieces;
  for (const auto& r : rules)
    if (r.horizontal() && std::fabs(r.y0 - y) <= kRuleMergeTolerance) pieces.push_back(r);
  std::sort(pieces.begin(), pieces.end(),
            [](const PdfRule& a, const PdfRule& b) { return a.x0 < b.x0; });
  Crossing out;
  float reach = x0;
  for (const auto& p : pieces) {
    const float from = std::max(p.x0, reach), to = std::min(p.x1, x1);
    if (to > from) out.length += to - from;
    reach = std::max(reach, to);
    out.y += p.y0 / static_cast<float>(pieces.size());
  }
  return out;
}

// The heights of the row borders of `f`, top to bottom, with the frame's own top and bottom.
std::vector<float> borders(const PdfPage& page, const RuledRegion& f) {
  std::vector<float> ys = {f.y0, f.y1};
  for (const float y : inner_rules(page, f)) {
    const Crossing c = crossing(page.rules, y, f.x0, f.x1);
    if (c.length >= kMinCrossing * (f.x1 - f.x0)) ys.push_back(c.y);
  }
  return distinct(std::move(ys), kRuleMergeTolerance);
}

bool inside(const PdfChar& c, const ScanRow& row) {
  const float cx = (c.x0 + c.x1) / 2, cy = (c.y0 + c.y1) / 2;
  return cx >= row.x0 && cx <= row.x1 && cy >= row.y0 && cy <= row.y1;
}

// The mean confidence of the characters `keep` accepts; 0 when there are none.
template <typename Keep>
float mean_conf(const std::vector<PdfChar>& chars, Keep keep) {
  float sum = 0;
  int n = 0;
  for (const auto& c : chars)
    if (keep(c)) sum += c.conf, ++n;
  return n ? sum / static_cast<float>(n) : 0.0f;
}

// A row this much off k times the usual row height is not k rows (a share of the usual height).
constexpr float kPitchTolerance = 0.25f;

// The text lines among `chars` one above the other: OCR's lines (characters read on one line
// share its box's top and bottom), those overlapping in height taken as one; each with whether
// it holds a digit and the width of its widest OCR line. Top to bottom.
struct TextLine {
  float y0 = 0, y1 = 0;
  bool digit = false;
  bool prose = false;  // a sentence's punctuation, or a note's 注 first
  float widest = 0;
};

bool sentence_mark(char32_t c) {
  static constexpr std::u32string_view kMarks = U"，。；：,;:";
  return kMarks.find(c) != std::u32string_view::npos;
}

std::vector<TextLine> text_lines(const std::vector<PdfChar>& chars) {
  std::vector<TextLine> boxes;  // one per OCR line
  float x0 = 0;                 // where the OCR line being read starts
  for (const auto& c : chars) {
    const bool digit = c.c >= U'0' && c.c <= U'9';
    if (boxes.empty() || boxes.back().y0 != c.y0 || boxes.back().y1 != c.y1) {
      boxes.push_back({c.y0, c.y1, false, c.c == U'注', 0});
      x0 = c.x0;
    }
    auto& b = boxes.back();
    b.digit = b.digit || digit;
    b.prose = b.prose || sentence_mark(c.c);
    b.widest = std::max(b.widest, c.x1 - x0);
  }
  std::sort(boxes.begin(), boxes.end(),
            [](const TextLine& a, const TextLine& b) { return a.y0 < b.y0; });
  std::vector<TextLine> out;
  for (const auto& l : boxes) {
    const float overlap = out.empty() ? 0 : std::min(out.back().y1, l.y1) - l.y0;
    if (!out.empty() && overlap > 0.5f * std::min(l.y1 - l.y0, out.back().y1 - out.back().y0)) {
      auto& o = out.back();
      o.y1 = std::max(o.y1, l.y1);
      o.digit = o.digit || l.digit, o.widest = std::max(o.widest, l.widest);
      o.prose = o.prose || l.prose;
    } else {
      out.push_back(l);
    }
  }
  return out;
}

}  // namespace

std::vector<PdfRule> lost_row_borders(const std::vector<PdfRule>& rules,
                                      const std::vector<PdfChar>& chars) {
  PdfPage page;
  page.rules = rules;
  std::vector<PdfRule> out;
  for (const auto& f : frames(page)) {
    const std::vector<float> ys = borders(page, f);
    std::vector<float> heights;
    for (size_t i = 1; i < ys.size(); ++i)
      if (ys[i] - ys[i - 1] >= kMinRowHeight) heights.push_back(ys[i] - ys[i - 1]);
    if (heights.size() < 3) continue;  // too few rows to tell a usual one
    const float pitch = median(heights);
    const float column_end = f.xs.size() >= 2 ? f.xs[1] : f.x1;
    for (size_t i = 2; i < ys.size(); ++i) {
      const float h = ys[i] - ys[i - 1];
      const float k = std::round(h / pitch);
      if (k < 2 || std::fabs(h - k * pitch) > kPitchTolerance * pitch) continue;
      const ScanRow first_cell{f.x0, column_end, ys[i - 1], ys[i]};
      const auto lines = text_lines(row_chars(chars, first_cell));
      // Each a label: a number, short of half the frame (a note's lines run across it).
      const auto label = [&](const TextLine& l) {
        return l.digit && (!l.prose || l.widest < (f.x1 - f.x0) / 2);
      };
      if (lines.size() != static_cast<size_t>(k) || !std::all_of(lines.begin(), lines.end(), label))
        continue;
      for (size_t j = 1; j < lines.size(); ++j) {
        const float y = (lines[j - 1].y0 + lines[j - 1].y1 + lines[j].y0 + lines[j].y1) / 4;
        out.push_back({f.x0, y, f.x1, y});
      }
    }
  }
  return out;
}

std::vector<ScanRow> ruled_rows(const std::vector<PdfRule>& rules) {
  PdfPage page;  // the rules alone: ruled_regions.hpp works on a page
  page.rules = rules;
  std::vector<ScanRow> out;
  for (const auto& f : frames(page)) {
    const std::vector<float> ys = borders(page, f);
    for (size_t i = 1; i < ys.size(); ++i)
      if (ys[i] - ys[i - 1] >= kMinRowHeight) out.push_back({f.x0, f.x1, ys[i - 1], ys[i]});
  }
  return out;
}

RowCut row_image(const PixelImage& page, const ScanRow& row, const std::vector<PdfRule>& rules) {
  if (page.channels != 1 || page.dpi <= 0) return {};
  const PixelBox box = inside_borders(page, row);
  const int x0 = box.x0, x1 = box.x1, y0 = box.y0, y1 = box.y1;
  const float scale = box.scale;
  RowCut cut{{}, static_cast<float>(x0) / scale, static_cast<float>(y0) / scale};
  PixelImage& out = cut.image;
  out.dpi = page.dpi;
  if (x1 <= x0 || y1 <= y0) return cut;
  out.width = out.stride = x1 - x0;
  out.height = y1 - y0;
  out.pixels.assign(static_cast<size_t>(out.width) * static_cast<size_t>(out.height), 255);
  for (int y = y0; y < y1; ++y) {
    const uint8_t* src = page.pixels.data() + static_cast<size_t>(y) * page.stride;
    uint8_t* dst = out.pixels.data() + static_cast<size_t>(y - y0) * out.stride;
    for (int x = x0; x < x1; ++x)
      dst[x - x0] = src[x] < kScanInkLevel ? 0 : 255;
  }
  const int half = std::max(1, static_cast<int>(std::lround(kBorderInset * scale)));
  for (const auto& r : rules) {
    if (r.horizontal() || r.y1 < row.y0 || r.y0 > row.y1) continue;
    const int cx = static_cast<int>(std::lround(r.x0 * scale)) - x0;
    const int from = std::max(0, cx - half), to = std::min(out.width, cx + half + 1);
    for (int y = 0; y < out.height && from < to; ++y)
      std::fill_n(out.pixels.begin() + static_cast<long>(y) * out.stride + from, to - from, 255);
  }
  return cut;
}

RowCut cell_image(const PixelImage& page, const ScanRow& cell) {
  if (page.channels != 1 || page.dpi <= 0) return {};
  const PixelBox box = inside_borders(page, cell);
  const int cx0 = box.x0, cx1 = box.x1, cy0 = box.y0, cy1 = box.y1;
  const float scale = box.scale;
  // The print's box and grey levels.
  int x0 = cx1, x1 = cx0, y0 = cy1, y1 = cy0;
  std::vector<uint8_t> print;
  for (int y = cy0; y < cy1; ++y)
    for (int x = cx0; x < cx1; ++x) {
      const uint8_t v = page.pixels[static_cast<size_t>(y) * page.stride + x];
      if (v >= kFaintInkLevel) continue;
      print.push_back(v);
      x0 = std::min(x0, x), x1 = std::max(x1, x + 1), y0 = std::min(y0, y),
      y1 = std::max(y1, y + 1);
    }
  if (static_cast<float>(print.size()) < kFullStop * kFullStop * scale * scale) return {};
  // The darkest tenth of the print is black: under a seal no pixel is.
  std::nth_element(print.begin(), print.begin() + static_cast<long>(print.size() / 10),
                   print.end());
  const int black = std::min<int>(print[print.size() / 10], kFaintInkLevel - 8);
  const int margin = std::max(2, (y1 - y0) / 2);
  x0 = std::max(cx0, x0 - margin), x1 = std::min(cx1, x1 + margin);
  y0 = std::max(cy0, y0 - margin), y1 = std::min(cy1, y1 + margin);
  RowCut cut{{}, static_cast<float>(x0) / scale, static_cast<float>(y0) / scale};
  PixelImage& out = cut.image;
  out.dpi = page.dpi;
  out.width = out.stride = x1 - x0;
  out.height = y1 - y0;
  out.pixels.resize(static_cast<size_t>(out.width) * static_cast<size_t>(out.height));
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const int v = page.pixels[static_cast<size_t>(y) * page.stride + x];
      out.pixels[static_cast<size_t>(y - y0) * out.stride + (x - x0)] =
          v <= black ? 0
          : v >= kFaintInkLevel
              ? 255
              : static_cast<uint8_t>((v - black) * 255 / (kFaintInkLevel - black));
    }
  return cut;
}

std::vector<ScanRow> unread_print(const PixelImage& page, const ScanRow& row,
                                  const std::vector<PdfChar>& chars) {
  std::vector<ScanRow> out;
  if (page.channels != 1 || page.dpi <= 0) return out;
  const PixelBox box = inside_borders(page, row);
  if (box.empty()) return out;
  const int x0 = box.x0, x1 = box.x1, y0 = box.y0, y1 = box.y1;
  const float scale = box.scale;
  std::vector<int> column(static_cast<size_t>(x1 - x0), 0);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      if (page.pixels[static_cast<size_t>(y) * page.stride + x] < kFaintInkLevel)
        ++column[static_cast<size_t>(x - x0)];
  const int gap = y1 - y0;  // print further apart than the row is high is another run
  const float dot = kFullStop * kFullStop * scale * scale;
  const auto covered = [&](float a, float b) {
    return std::any_of(chars.begin(), chars.end(),
                       [&](const PdfChar& c) { return inside(c, row) && c.x1 > a && c.x0 < b; });
  };
  for (int x = 0; x < x1 - x0;) {
    if (column[static_cast<size_t>(x)] == 0) {
      ++x;
      continue;
    }
    int end = x, blank = 0;
    long ink = 0;
    for (int k = x; k < x1 - x0 && blank <= gap; ++k) {
      if (column[static_cast<size_t>(k)] == 0) {
        ++blank;
        continue;
      }
      ink += column[static_cast<size_t>(k)];
      end = k + 1, blank = 0;
    }
    const float a = static_cast<float>(x0 + x) / scale, b = static_cast<float>(x0 + end) / scale;
    if (static_cast<float>(ink) >= dot && b - a >= kFullStop && !covered(a, b))
      out.push_back({a, b, row.y0, row.y1});
    x = end + 1;
  }
  return out;
}

namespace {

// Black pixels of `cut` between x0 and x1 (points on the page), every row of it.
long ink_between(const RowCut& cut, float x0, float x1) {
  const float px_per_pt = static_cast<float>(cut.image.dpi) / 72.0f;
  const auto px = [&](float pt) {
    return std::clamp(static_cast<int>(std::lround((pt - cut.x) * px_per_pt)), 0, cut.image.width);
  };
  long ink = 0;
  for (int y = 0; y < cut.image.height; ++y) {
    const auto* line = cut.image.pixels.data() + static_cast<size_t>(y) * cut.image.stride;
    ink += std::count(line + px(x0), line + px(x1), uint8_t{0});
  }
  return ink;
}

// Fewer black pixels than a full stop has at `cut`'s resolution: no text.
bool less_than_a_dot(const RowCut& cut, long ink) {
  const float px_per_pt = static_cast<float>(cut.image.dpi) / 72.0f;
  return ink < static_cast<long>(kFullStop * kFullStop * px_per_pt * px_per_pt);
}

}  // namespace

bool blank(const RowCut& cut) {
  if (cut.image.pixels.empty()) return true;
  return less_than_a_dot(cut, std::count(cut.image.pixels.begin(), cut.image.pixels.end(), 0));
}

std::vector<ScanRow> row_cells(const ScanRow& row, const std::vector<PdfRule>& rules) {
  std::vector<float> xs = {row.x0, row.x1};
  for (const auto& r : rules)
    if (!r.horizontal() && r.y1 > row.y0 && r.y0 < row.y1 && r.x0 > row.x0 + kBorderInset &&
        r.x0 < row.x1 - kBorderInset)
      xs.push_back(r.x0);
  xs = distinct(std::move(xs), kRuleMergeTolerance);
  std::vector<ScanRow> out;
  for (size_t i = 1; i < xs.size(); ++i)
    out.push_back({xs[i - 1], xs[i], row.y0, row.y1});
  return out;
}

std::vector<ScanRow> empty_cells(const std::vector<PdfChar>& page, const ScanRow& row,
                                 const std::vector<PdfRule>& rules) {
  std::vector<ScanRow> out;
  for (const ScanRow& cell : row_cells(row, rules))
    if (std::none_of(page.begin(), page.end(), [&](const PdfChar& c) { return inside(c, cell); }))
      out.push_back(cell);
  return out;
}

std::vector<ScanRow> with_ink(std::vector<ScanRow> cells, const RowCut& cut) {
  if (cut.image.pixels.empty()) return {};
  std::erase_if(cells, [&](const ScanRow& cell) {
    return less_than_a_dot(cut, ink_between(cut, cell.x0, cell.x1));
  });
  return cells;
}

bool fill_cells(std::vector<PdfChar>& page, const ScanRow& row, const std::vector<ScanRow>& cells,
                const std::vector<PdfChar>& reading) {
  std::vector<PdfChar> found;
  for (const PdfChar& c : reading)
    if (std::any_of(cells.begin(), cells.end(),
                    [&](const ScanRow& cell) { return inside(c, cell); }))
      found.push_back(c);
  if (found.empty()) return false;
  const auto last =
      std::find_if(page.rbegin(), page.rend(), [&](const PdfChar& c) { return inside(c, row); });
  page.insert(last == page.rend() ? page.end() : last.base(), found.begin(), found.end());
  return true;
}

std::vector<PdfChar> row_chars(const std::vector<PdfChar>& page, const ScanRow& row) {
  std::vector<PdfChar> out;
  std::copy_if(page.begin(), page.end(), std::back_inserter(out),
               [&](const PdfChar& c) { return inside(c, row); });
  return out;
}

float row_confidence(const std::vector<PdfChar>& page, const ScanRow& row) {
  return mean_conf(page, [&](const PdfChar& c) { return inside(c, row); });
}

bool take_row_reading(std::vector<PdfChar>& page, const ScanRow& row,
                      const std::vector<PdfChar>& reading) {
  if (reading.empty()) return false;
  const float before = row_confidence(page, row);
  if (before > 0 && mean_conf(reading, [](const PdfChar&) { return true; }) <= before) return false;
  const auto first =
      std::find_if(page.begin(), page.end(), [&](const PdfChar& c) { return inside(c, row); });
  const long at = first - page.begin();
  std::erase_if(page, [&](const PdfChar& c) { return inside(c, row); });
  page.insert(page.begin() + at, reading.begin(), reading.end());
  return true;
}

}  // namespace regreader::parse
