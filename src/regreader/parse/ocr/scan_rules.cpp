#include "regreader/parse/ocr/scan_rules.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "regreader/core/text.hpp"
#include "regreader/parse/ocr/pix.hpp"

#include "regreader/parse/ocr/leptonica.hpp"

namespace regreader::parse {

namespace {

// A horizontal rule spans at least this share of the page width.
constexpr float kMinRuleWidthShare = 0.1f;
// A rule is at most this thick on average (points); a filled box or a photo is not a rule.
constexpr float kMaxRuleThickness = 3.0f;
// Rules this close to the image's edge (share of its size) are the scanner's border or the
// shadow of the page's edge, never a table's.
constexpr float kEdgeShare = 0.02f;
// The perpendicular dilation (pixels at 300 dpi) that keeps a slightly skewed thin line one
// continuous run: a 3 px line tilted by 0.5 degree steps a pixel every ~115 px.
constexpr int kSkewTolerance = 3;
// How far (points) a rule may pass outside a character's box and still be what OCR read as it.
constexpr float kOnRule = 1.0f;
// A glyph whose box lies this much inside its neighbour's has no place of its own.
constexpr float kOverlapShare = 0.5f;
// A rule within this share of a glyph's width from its box's edge may be a border it touches.
constexpr float kGlyphEdgeShare = 0.15f;
// How far (share of the glyph's height) a stroke reaches beyond the glyph's box: OCR's boxes
// are tight, a scanned stroke's ink blurs a little past them.
constexpr float kStrokeReach = 0.25f;

// The rules of one direction.
void add_rules(Pix* ink, bool horizontal, int min_length, float scale, float dilation,
               std::vector<PdfRule>& out) {
  const int w = static_cast<int>(lept().pixGetWidth(ink)),
            h = static_cast<int>(lept().pixGetHeight(ink));
  const int grow = std::max(1, static_cast<int>(kSkewTolerance * dilation));
  const PixPtr thick = checked(horizontal ? lept().pixDilateBrick(nullptr, ink, 1, grow)
                                          : lept().pixDilateBrick(nullptr, ink, grow, 1),
                               "dilate a page image");
  const PixPtr mask = checked(horizontal ? lept().pixOpenBrick(nullptr, thick.get(), min_length, 1)
                                         : lept().pixOpenBrick(nullptr, thick.get(), 1, min_length),
                              "open a page image");
  const float max_thickness = kMaxRuleThickness / scale + static_cast<float>(grow);
  PIXA* pixa = nullptr;
  BOXA* boxa = lept().pixConnComp(mask.get(), &pixa, 8);
  const int n = boxa ? lept().boxaGetCount(boxa) : 0;
  for (int i = 0; i < n; ++i) {
    l_int32 x = 0, y = 0, bw = 0, bh = 0, count = 0;
    lept().boxaGetBoxGeometry(boxa, i, &x, &y, &bw, &bh);
    PIX* part = lept().pixaGetPix(pixa, i, L_CLONE);
    lept().pixCountPixels(part, &count, nullptr);
    const float thickness =
        static_cast<float>(count) / static_cast<float>(std::max(1, horizontal ? bw : bh));
    const float cx = static_cast<float>(x) + static_cast<float>(bw) / 2;
    const float cy = static_cast<float>(y) + static_cast<float>(bh) / 2;
    const bool at_edge = horizontal ? (cy < kEdgeShare * h || cy > (1 - kEdgeShare) * h)
                                    : (cx < kEdgeShare * w || cx > (1 - kEdgeShare) * w);
    if (thickness <= max_thickness && !at_edge) {
      if (horizontal)
        out.push_back({static_cast<float>(x) * scale, cy * scale,
                       static_cast<float>(x + bw) * scale, cy * scale});
      else
        out.push_back({cx * scale, static_cast<float>(y) * scale, cx * scale,
                       static_cast<float>(y + bh) * scale});
    }
    lept().pixDestroy(&part);
  }
  lept().boxaDestroy(&boxa);
  lept().pixaDestroy(&pixa);
}

bool is_bar(char32_t c) {
  return c == U'|' || c == U'｜' || c == U'丨';
}

bool looks_like_bar(char32_t c) {
  static constexpr std::u32string_view kStrokes = U"1lI[]!";
  return kStrokes.find(c) != std::u32string_view::npos;
}

bool horizontal_stroke(char32_t c) {
  static constexpr std::u32string_view kStrokes = U"一_-—－~～";
  return kStrokes.find(c) != std::u32string_view::npos;
}

bool same_line(const PdfChar& a, const PdfChar& b) {
  return a.y0 < b.y1 && b.y0 < a.y1;
}

// Most of `c`'s width lies inside the box of `other`: tesseract gave it no place of its own.
bool overlapped(const PdfChar& c, const PdfChar& other) {
  const float shared = std::min(c.x1, other.x1) - std::max(c.x0, other.x0);
  return same_line(c, other) && shared > kOverlapShare * (c.x1 - c.x0);
}

// A vertical rule within an em of `c`, beside it on the same height.
bool beside_vertical_rule(const PdfChar& c, const std::vector<PdfRule>& rules) {
  const float em = std::max(1.0f, c.y1 - c.y0), cy = (c.y0 + c.y1) / 2;
  return std::any_of(rules.begin(), rules.end(), [&](const PdfRule& r) {
    return !r.horizontal() && cy >= r.y0 && cy <= r.y1 && r.x0 >= c.x0 - em && r.x0 <= c.x1 + em;
  });
}

// A horizontal rule through the box of a flat stroke (一, _, -) along its length.
bool on_horizontal_rule(const PdfChar& c, const std::vector<PdfRule>& rules) {
  const float cx = (c.x0 + c.x1) / 2;
  return horizontal_stroke(c.c) && (c.y1 - c.y0) < (c.x1 - c.x0) &&
         std::any_of(rules.begin(), rules.end(), [&](const PdfRule& r) {
           return r.horizontal() && r.y0 >= c.y0 - kOnRule && r.y0 <= c.y1 + kOnRule &&
                  cx >= r.x0 && cx <= r.x1;
         });
}

}  // namespace

void drop_rule_glyphs(std::vector<PdfChar>& chars, const std::vector<PdfRule>& rules) {
  if (rules.empty()) return;
  std::vector<bool> drop(chars.size(), false);
  for (size_t i = 0; i < chars.size(); ++i) {
    const PdfChar& c = chars[i];
    if (on_horizontal_rule(c, rules)) {
      drop[i] = true;
      continue;
    }
    if (!is_bar(c.c) && !looks_like_bar(c.c)) continue;
    if (!beside_vertical_rule(c, rules)) continue;
    // A `1` beside a border is a digit when it has a place of its own (`130` at a cell's left
    // edge); the one OCR made of the border shares the box of the glyph next to it.
    const bool squeezed = (i > 0 && overlapped(c, chars[i - 1])) ||
                          (i + 1 < chars.size() && overlapped(c, chars[i + 1]));
    drop[i] = is_bar(c.c) || squeezed;
  }
  size_t k = 0;
  std::erase_if(chars, [&](const PdfChar&) { return drop[k++]; });
}

namespace {

// Whether the vertical rule `r` lies inside the CJK glyph `c`: within the middle of its width
// and no further above or below its box than kStrokeReach of its height.
bool inside_glyph(const PdfRule& r, const PdfChar& c) {
  if (!text::is_cjk(c.c)) return false;
  const float w = c.x1 - c.x0, h = c.y1 - c.y0;
  const float margin = kGlyphEdgeShare * w, reach = kStrokeReach * h;
  return r.x0 > c.x0 + margin && r.x0 < c.x1 - margin && r.y0 >= c.y0 - reach &&
         r.y1 <= c.y1 + reach;
}

}  // namespace

void drop_glyph_strokes(std::vector<PdfRule>& rules, const std::vector<PdfChar>& chars) {
  std::erase_if(rules, [&](const PdfRule& r) {
    return !r.horizontal() && std::any_of(chars.begin(), chars.end(),
                                          [&](const PdfChar& c) { return inside_glyph(r, c); });
  });
}

namespace {

// Whether the grey image has ink within `reach` pixels across the rule at most points of it.
bool seen(const PdfRule& r, const PixelImage& gray, float px_per_pt, int reach) {
  const bool horizontal = r.horizontal();
  const int along0 = static_cast<int>((horizontal ? r.x0 : r.y0) * px_per_pt);
  const int along1 = static_cast<int>((horizontal ? r.x1 : r.y1) * px_per_pt);
  const int across = static_cast<int>((horizontal ? r.y0 : r.x0) * px_per_pt);
  const int limit_along = horizontal ? gray.width : gray.height;
  const int limit_across = horizontal ? gray.height : gray.width;
  int points = 0, inked = 0;
  for (int a = std::max(0, along0); a < std::min(along1, limit_along); ++a) {
    ++points;
    for (int d = std::max(0, across - reach); d <= std::min(across + reach, limit_across - 1);
         ++d) {
      const int x = horizontal ? a : d, y = horizontal ? d : a;
      if (gray.pixels[static_cast<size_t>(y) * static_cast<size_t>(gray.stride) +
                      static_cast<size_t>(x)] < kSeenInkLevel) {
        ++inked;
        break;
      }
    }
  }
  return points > 0 && static_cast<float>(inked) >= kSeenShare * static_cast<float>(points);
}

}  // namespace

std::vector<PdfRule> rules_seen(std::vector<PdfRule> rules, const PixelImage& gray) {
  if (gray.width == 0 || gray.height == 0 || gray.channels != 1 || gray.dpi <= 0) return rules;
  const float px_per_pt = static_cast<float>(gray.dpi) / 72.0f;
  // A pixel or two either side at 300 dpi: a rule drawn a little off the scan's line is seen.
  const int reach = std::max(1, static_cast<int>(std::lround(3.0f * gray.dpi / 300.0f)));
  std::erase_if(rules, [&](const PdfRule& r) { return !seen(r, gray, px_per_pt, reach); });
  return rules;
}

std::vector<PdfRule> rules_in_scan(const PixelImage& gray) {
  std::vector<PdfRule> out;
  if (gray.width == 0 || gray.height == 0 || gray.channels != 1 || gray.dpi <= 0) return out;
  const PixPtr pix = to_pix(gray);
  const PixPtr ink =
      checked(lept().pixThresholdToBinary(pix.get(), kScanInkLevel), "binarise a page image");
  const float scale = 72.0f / static_cast<float>(gray.dpi);  // pixels to points
  const float dilation = static_cast<float>(gray.dpi) / 300.0f;
  add_rules(ink.get(), true, static_cast<int>(kMinRuleWidthShare * static_cast<float>(gray.width)),
            scale, dilation, out);
  add_rules(ink.get(), false, static_cast<int>(kMinScanRuleHeight / scale), scale, dilation, out);
  return out;
}

}  // namespace regreader::parse
