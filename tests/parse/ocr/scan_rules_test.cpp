#include "regreader/parse/ocr/scan_rules.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace regreader::parse {
namespace scan_rules_test {

// A white 300 dpi page (A4) to draw on, in pixels.
struct Canvas {
  PixelImage img;
  Canvas() {
    img.width = 2480;
    img.height = 3508;
    img.stride = img.width;
    img.dpi = 300;
    img.pixels.assign(static_cast<size_t>(img.width) * static_cast<size_t>(img.height), 245);
  }
  void box(int x0, int y0, int x1, int y1, uint8_t v = 60) {
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x)
        img.pixels[static_cast<size_t>(y) * static_cast<size_t>(img.width) +
                   static_cast<size_t>(x)] = v;
  }
};

float pt(int px) {
  return static_cast<float>(px) * 72.0f / 300.0f;
}

TEST(ScanRules, TableBordersAreFoundAndGlyphStrokesAreNot) {
  Canvas c;
  // A 3 x 4 grid, grey 3 px lines (a scan's), the middle border with a gap (a seal over it).
  for (int y : {1000, 1100, 1200, 1300})
    c.box(400, y, 2000, y + 3, 170);
  c.box(400, 1000, 403, 1303, 170);
  c.box(1998, 1000, 2001, 1303, 170);
  c.box(1200, 1000, 1203, 1120, 170);
  c.box(1200, 1180, 1203, 1303, 170);
  // Glyph-like strokes: an em-long 一 and 丨 (42 px at 10 pt), a dash of two ems, a filled box.
  c.box(500, 1500, 542, 1504);
  c.box(600, 1480, 604, 1522);
  c.box(700, 1500, 784, 1503);
  c.box(400, 2000, 1800, 2200);
  // The scanner's dark page edge.
  c.box(0, 0, 10, 3508, 30);
  const auto rules = rules_in_scan(c.img);
  std::vector<PdfRule> h, v;
  for (const auto& r : rules)
    (r.horizontal() ? h : v).push_back(r);
  ASSERT_EQ(h.size(), 4u);
  for (const auto& r : h) {
    EXPECT_NEAR(r.x0, pt(400), 1.5);
    EXPECT_NEAR(r.x1, pt(2000), 1.5);
  }
  std::sort(h.begin(), h.end(), [](const PdfRule& a, const PdfRule& b) { return a.y0 < b.y0; });
  EXPECT_NEAR(h[0].y0, pt(1001), 1.0);
  EXPECT_NEAR(h[3].y0, pt(1301), 1.0);
  ASSERT_EQ(v.size(), 4u) << "two outer borders and the two pieces of the middle one";
  for (const auto& r : v)
    EXPECT_TRUE(std::fabs(r.x0 - pt(401)) < 1 || std::fabs(r.x0 - pt(1201)) < 1 ||
                std::fabs(r.x0 - pt(1999)) < 1)
        << r.x0;
}

// A scanning suite's hidden vector layer draws borders the page does not show (GB 26859: inside
// an empty clip, one a few points beside the printed border): only those with ink along them in
// the rendering count.
TEST(ScanRules, OnlyTheDrawnRulesThePageShowsAreKept) {
  Canvas c;
  c.box(1200, 1000, 1203, 1400, 205);  // a faint printed border, 205 grey
  c.box(400, 1000, 2000, 1003, 170);   // a printed horizontal rule
  c.box(1000, 1600, 1003, 1660, 205);  // a printed border that covers a third of the rule below
  const std::vector<PdfRule> drawn = {
      {pt(1201), pt(1000), pt(1201), pt(1400)},  // on the faint border
      {pt(1232), pt(1000), pt(1232), pt(1400)},  // 7 pt beside it: nothing there
      {pt(400), pt(1001), pt(2000), pt(1001)},   // on the horizontal rule
      {pt(400), pt(1300), pt(2000), pt(1300)},   // across white paper
      {pt(1001), pt(1600), pt(1001), pt(1780)},  // ink along a third of it only
  };
  const auto seen = rules_seen(drawn, c.img);
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_NEAR(seen[0].x0, pt(1201), 0.01);
  EXPECT_TRUE(seen[1].horizontal());
  EXPECT_NEAR(seen[1].y0, pt(1001), 0.01);
}

TEST(ScanRules, ASkewedLineIsOneRule) {
  Canvas c;
  for (int x = 300; x < 2100; ++x) {  // 0.4 degrees: 12 px over the width
    const int y = 1500 + (x - 300) / 150;
    c.box(x, y, x + 1, y + 3, 150);
  }
  const auto rules = rules_in_scan(c.img);
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_TRUE(rules[0].horizontal());
  EXPECT_NEAR(rules[0].x1 - rules[0].x0, pt(1800), 3);
}

PdfChar glyph(char32_t c, float x0, float x1) {
  return {c, x0, x1, 100, 110, 109, 10, false, 80};
}

TEST(ScanRules, GlyphsReadFromABorderAreDropped) {
  const std::vector<PdfRule> rules = {{120, 90, 120, 130}, {50, 100, 300, 100}};
  std::vector<PdfChar> chars = {
      glyph(U'1', 60, 64),   glyph(U'3', 65, 70),   glyph(U'0', 71, 76),    // 130, at a cell's edge
      glyph(U'|', 122, 123),                                                // the border itself
      glyph(U'1', 124, 126), glyph(U'6', 124, 130), glyph(U'.', 131, 133),  // "6.50" read 16.50
      glyph(U'5', 134, 139), glyph(U'0', 140, 145)};
  chars.push_back({U'一', 200, 212, 97, 103, 103, 10, false, 80});   // along the horizontal rule
  chars.push_back({U'一', 200, 212, 112, 118, 118, 10, false, 80});  // a glyph below it
  drop_rule_glyphs(chars, rules);
  std::u32string kept;
  for (const auto& c : chars)
    kept += c.c;
  EXPECT_EQ(kept, U"1306.50一");
}

// A cover's title in 23 pt type: the long strokes of 电 and 工 are found as vertical "rules"
// (longer than kMinScanRuleHeight) and would make the title a table. A table's border beside
// a cell's text, and one taller than the glyph it passes, stay.
TEST(ScanRules, StrokesOfALargeGlyphAreNoRules) {
  const float top = 330, bottom = 353;                       // the title's glyph boxes
  std::vector<PdfRule> rules = {{116, 331, 116, 354},        // inside 电 (108-131)
                                {150, 330, 150, 352},        // inside 工 (138-161)
                                {134, 300, 134, 380},        // between them, taller than a line
                                {300, 100, 300, 400},        // a border of a table further down
                                {108.5f, 331, 108.5f, 354},  // at 电's left edge: may be a border
                                {50, 320, 300, 320}};        // horizontal rules are not strokes
  const std::vector<PdfChar> chars = {{U'电', 108, 131, top, bottom, bottom, 23, false, 85},
                                      {U'工', 138, 161, top, bottom, bottom, 23, false, 85},
                                      {U'1', 296, 302, 200, 210, 209, 10, false, 85}};
  drop_glyph_strokes(rules, chars);
  ASSERT_EQ(rules.size(), 4u);
  EXPECT_FLOAT_EQ(rules[0].x0, 134);
  EXPECT_FLOAT_EQ(rules[1].x0, 300);
  EXPECT_FLOAT_EQ(rules[2].x0, 108.5f);
  EXPECT_TRUE(rules[3].horizontal());
}

}  // namespace scan_rules_test
}  // namespace regreader::parse
