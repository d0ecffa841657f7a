#include "regreader/parse/ocr/scan_rows.hpp"

#include <gtest/gtest.h>

#include <initializer_list>

#include "regreader/core/text.hpp"
#include "regreader/parse/ocr/scan_rules.hpp"

namespace regreader::parse {
namespace scan_rows_test {

PdfChar glyph(char32_t c, float x, float y, float conf) {
  return {c, x, x + 8, y, y + 9, y + 9, 9, false, conf};
}

// A two-column table framed at x 100..400, rows 20 pt high from y 100 to 180.
std::vector<PdfRule> table_rules() {
  std::vector<PdfRule> r = {{100, 100, 100, 180}, {400, 100, 400, 180}, {250, 100, 250, 180}};
  for (float y : {100.f, 120.f, 140.f, 180.f})
    r.push_back({100, y, 400, y});
  // The border at 160 is broken by a seal: two pieces, most of the width between them.
  r.push_back({100, 160, 180, 160});
  r.push_back({230, 160, 400, 160});
  return r;
}

TEST(ScanRows, RowsLieBetweenBordersAcrossTheFrame) {
  auto rules = table_rules();
  rules.push_back({100, 142, 400, 142});  // a double rule: no row between
  rules.push_back({100, 150, 160, 150});  // a cell's underline, not across the table
  const auto rows = ruled_rows(rules);
  ASSERT_EQ(rows.size(), 4u);
  const float tops[] = {100, 120, 142, 160};
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_NEAR(rows[i].y0, tops[i], 1.0f) << i;
    EXPECT_FLOAT_EQ(rows[i].x0, 100);
    EXPECT_FLOAT_EQ(rows[i].x1, 400);
  }
  EXPECT_NEAR(rows[3].y1, 180, 1.0f);
}

TEST(ScanRows, NoFrameNoRows) {
  // Horizontal rules alone (a form's lines) and a vertical rule broken in two by a seal.
  std::vector<PdfRule> rules = {
      {100, 100, 400, 100}, {100, 140, 400, 140}, {250, 90, 250, 118}, {250, 122, 250, 150}};
  EXPECT_TRUE(ruled_rows(rules).empty());
}

// The pixel of a cut-out image at page point (x, y).
uint8_t pixel_at(const RowCut& cut, float x, float y) {
  const int cx = static_cast<int>(x - cut.x + 0.5f), cy = static_cast<int>(y - cut.y + 0.5f);
  return cut.image.pixels[static_cast<size_t>(cy) * cut.image.stride + cx];
}

TEST(ScanRows, TheRowsImageIsInkOnPaperWithoutItsBorders) {
  PixelImage page;
  page.width = page.stride = 300;
  page.height = 200;
  page.dpi = 72;  // a pixel per point
  page.pixels.assign(300 * 200, 240);
  auto at = [&](int x, int y) -> uint8_t& { return page.pixels[static_cast<size_t>(y) * 300 + x]; };
  for (int y = 100; y < 140; ++y)
    at(150, y) = 60;  // the column border
  for (int x = 110; x < 120; ++x)
    at(x, 110) = 170;  // print under a seal, once its red is dropped: grey, still ink
  at(130, 112) = 225;  // the seal's rim: lighter than ink
  const std::vector<PdfRule> rules = {{150, 100, 150, 140}};
  const RowCut cut = row_image(page, {100, 200, 100, 140}, rules);
  ASSERT_GT(cut.image.width, 0);
  EXPECT_NEAR(cut.x, 101.5f, 1.0f);
  EXPECT_NEAR(cut.y, 101.5f, 1.0f);
  auto px = [&](float x, float y) { return pixel_at(cut, x, y); };
  EXPECT_EQ(px(115, 110), 0) << "grey print is ink";
  EXPECT_EQ(px(130, 112), 255) << "a light rim is paper";
  EXPECT_EQ(px(150, 120), 255) << "the border is painted over";
  EXPECT_EQ(px(170, 120), 255);
  EXPECT_FALSE(blank(cut));
  for (int x = 110; x < 120; ++x)
    at(x, 110) = 240;
  EXPECT_TRUE(blank(row_image(page, {100, 200, 100, 140}, rules))) << "only the border had ink";
}

TEST(ScanRows, TheSurerReadingOfARowWins) {
  const ScanRow row{100, 400, 120, 140};
  std::vector<PdfChar> page = {glyph(U'正', 110, 100, 95), glyph(U'评', 300, 125, 30),
                               glyph(U'0', 308, 125, 35), glyph(U'文', 110, 150, 95)};
  const std::vector<PdfChar> row_reading = {glyph(U'3', 300, 125, 88), glyph(U'.', 308, 125, 85),
                                            glyph(U'0', 314, 125, 88)};
  auto weaker = row_reading;
  for (auto& c : weaker)
    c.conf = 20;
  EXPECT_FLOAT_EQ(row_confidence(page, row), 32.5f);
  EXPECT_FLOAT_EQ(row_confidence(page, {100, 400, 200, 220}), 0.0f);
  auto kept = page;
  EXPECT_FALSE(take_row_reading(kept, row, weaker));
  EXPECT_EQ(kept.size(), page.size());
  EXPECT_EQ(kept[1].c, U'评');
  ASSERT_TRUE(take_row_reading(page, row, row_reading));
  ASSERT_EQ(page.size(), 5u);
  EXPECT_EQ(page[0].c, U'正');  // the lines around the row stay
  EXPECT_EQ(page[1].c, U'3');
  EXPECT_EQ(page[3].c, U'0');
  EXPECT_EQ(page[4].c, U'文');
  std::vector<PdfChar> empty_row = {glyph(U'正', 110, 100, 95)};
  EXPECT_TRUE(take_row_reading(empty_row, row, weaker)) << "the page read nothing there";
  EXPECT_FALSE(take_row_reading(empty_row, row, {}));
}

// A frame at x 100..400 from the first to the last of `ys`, a row border at each of `ys`, no rule
// between its columns.
std::vector<PdfRule> frame(std::initializer_list<float> ys) {
  std::vector<PdfRule> rules = {{100, *ys.begin(), 100, *(ys.end() - 1)},
                                {400, *ys.begin(), 400, *(ys.end() - 1)}};
  for (float y : ys)
    rules.push_back({100, y, 400, y});
  return rules;
}

// OCR's line `text` from x at height y (its box 9 pt high).
void line(std::vector<PdfChar>& chars, const std::string& text, float x, float y) {
  for (char32_t c : text::to_codepoints(text)) {
    chars.push_back(glyph(c, x, y, 90));
    x += 9;
  }
}

// A frame at x 100..400 (its middle rule hidden by a seal), rows 20 pt high from 100; the
// borders at 160 and 220 lost, so the bands 140-180 and 200-240 are two rows high.
TEST(ScanRows, ABorderLostBetweenTwoNumberedRowsIsRestored) {
  const auto rules = frame({100, 120, 140, 180, 200, 240, 260});
  std::vector<PdfChar> chars;
  line(chars, "10及以下", 150, 125), line(chars, "1.0", 300, 125);
  line(chars, "20、35", 150, 145);
  line(chars, "66、110", 150, 165), line(chars, "3.0", 300, 166);
  line(chars, "220", 150, 185);
  line(chars, "油浸式", 150, 205);  // a label wrapped in its cell: no number, no row
  line(chars, "变压器", 150, 225);
  line(chars, "330", 150, 245);
  const auto lost = lost_row_borders(rules, chars);
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_NEAR(lost[0].y0, 160.0f, 1.0f);
  EXPECT_FLOAT_EQ(lost[0].x0, 100);
  EXPECT_FLOAT_EQ(lost[0].x1, 400);
  EXPECT_TRUE(lost[0].horizontal());
}

// A label column more than half the frame wide (`110kV架空线路` beside `5.50`): its labels are
// as wide as a note's lines would be, but they are no sentences, and the lost border is restored.
TEST(ScanRows, ABorderLostBetweenWideLabelsIsRestored) {
  std::vector<PdfRule> rules = {{100, 100, 100, 200}, {220, 100, 220, 200}, {250, 100, 250, 200}};
  for (float y : {100.f, 120.f, 140.f, 180.f, 200.f})
    rules.push_back({100, y, 250, y});
  std::vector<PdfChar> chars;
  line(chars, "电压等级", 105, 105), line(chars, "m", 225, 105);
  line(chars, "105kV架空线路", 105, 125), line(chars, "5.25", 222, 125);
  line(chars, "110kV架空线路", 105, 145), line(chars, "5.50", 222, 145);
  line(chars, "115kV架空线路", 105, 165), line(chars, "5.75", 222, 165);
  line(chars, "120kV架空线路", 105, 185), line(chars, "6.00", 222, 185);
  const auto lost = lost_row_borders(rules, chars);
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_NEAR(lost[0].y0, 160.0f, 1.0f);
  // The same rows holding two notes' lines, just as wide, keep their one row.
  std::vector<PdfChar> notes;
  line(notes, "电压等级", 105, 105), line(notes, "m", 225, 105);
  line(notes, "105kV架空线路", 105, 125), line(notes, "5.25", 222, 125);
  line(notes, "注1：按海拔1000m", 105, 145);
  line(notes, "注2：按海拔2000m", 105, 165);
  line(notes, "120kV架空线路", 105, 185), line(notes, "6.00", 222, 185);
  EXPECT_TRUE(lost_row_borders(rules, notes).empty());
}

// Tesseract passes over a column of figures beside a seal and reads the labels with confidence:
// the row's value cell has ink but no character, the row is read on its own, and that reading
// fills the empty cell while the page's reading of the label stays.
TEST(ScanRows, ACellWithInkThePageLeftUnreadIsFilledFromTheRowsReading) {
  const std::vector<PdfRule> rules = {{100, 100, 100, 120},
                                      {250, 100, 250, 120},
                                      {400, 100, 400, 120},
                                      {100, 100, 400, 100},
                                      {100, 120, 400, 120}};
  const ScanRow row{100, 400, 100, 120};
  ASSERT_EQ(row_cells(row, rules).size(), 2u);
  std::vector<PdfChar> page;
  line(page, "105kV线路", 105, 105);
  RowCut cut;
  cut.x = 100, cut.y = 100;
  cut.image.width = cut.image.stride = 300;
  cut.image.height = 20;
  cut.image.dpi = 72;
  cut.image.pixels.assign(300 * 20, 255);
  EXPECT_TRUE(with_ink(empty_cells(page, row, rules), cut).empty())
      << "no ink: an empty cell of a form";
  for (int y = 6; y < 14; ++y)
    for (int x = 160; x < 180; ++x)
      cut.image.pixels[static_cast<size_t>(y) * 300 + x] = 0;  // the value's ink at 260-280 pt
  const auto unread = with_ink(empty_cells(page, row, rules), cut);
  ASSERT_EQ(unread.size(), 1u);
  EXPECT_FLOAT_EQ(unread[0].x0, 250);
  std::vector<PdfChar> reading;
  line(reading, "105k线路", 105, 105);  // the row's own reading: a worse label, and the value
  line(reading, "5.25", 262, 105);
  EXPECT_TRUE(fill_cells(page, row, unread, reading));
  std::u32string text;
  for (const auto& c : page)
    text += c.c;
  EXPECT_EQ(text, U"105kV线路5.25");
  EXPECT_FALSE(fill_cells(page, row, unread, {})) << "nothing read there: nothing added";
}

// A page of paper (245) at a pixel per point, with a seal's solid red left as light texture
// (236) over x 200..390 of the row y 100..120.
PixelImage sealed_row_page() {
  PixelImage page;
  page.width = page.stride = 420;
  page.height = 140;
  page.dpi = 72;
  page.pixels.assign(420 * 140, 245);
  for (int y = 100; y < 120; ++y)
    for (int x = 200; x < 390; ++x)
      page.pixels[static_cast<size_t>(y) * 420 + x] = 236;
  return page;
}

void paint(PixelImage& page, int x0, int x1, int y0, int y1, uint8_t grey) {
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      page.pixels[static_cast<size_t>(y) * page.stride + x] = grey;
}

TEST(ScanRows, PrintNoReadingCoversIsFoundUnderASealsTexture) {
  PixelImage page = sealed_row_page();
  const ScanRow row{100, 400, 100, 120};
  paint(page, 110, 140, 105, 114, 40);   // the label, black, read by the page
  paint(page, 340, 352, 105, 114, 190);  // the value under the seal: grey, faint
  std::vector<PdfChar> chars;
  line(chars, "220", 110, 105);
  const auto unread = unread_print(page, row, chars);
  ASSERT_EQ(unread.size(), 1u);
  EXPECT_NEAR(unread[0].x0, 340, 1.0f);
  EXPECT_NEAR(unread[0].x1, 352, 1.0f);
  // Once read, nothing is left; nor is the seal's texture alone print.
  line(chars, "4.0", 340, 105);
  EXPECT_TRUE(unread_print(page, row, chars).empty());
  paint(page, 340, 352, 105, 114, 236);
  EXPECT_EQ(unread_print(page, row, {}).size(), 1u) << "the label alone, unread";
}

TEST(ScanRows, AFaintValuesImageIsStretchedToBlackOnWhite) {
  PixelImage page = sealed_row_page();
  paint(page, 340, 352, 105, 114, 190);
  paint(page, 344, 348, 108, 111, 205);  // a lighter stroke inside the value
  const RowCut cut = cell_image(page, {330, 360, 100, 120});
  ASSERT_GT(cut.image.width, 0);
  // Trimmed to the print with a margin of half its height (9 px): 340 - 4.5 = about 335.5.
  EXPECT_NEAR(cut.x, 336, 1.5f);
  EXPECT_NEAR(cut.y, 101.5, 1.5f);
  auto px = [&](float x, float y) { return pixel_at(cut, x, y); };
  EXPECT_EQ(px(341, 106), 0) << "the darkest print is black";
  EXPECT_GT(px(345, 109), 0);
  EXPECT_LT(px(345, 109), 200) << "lighter print stays print";
  EXPECT_EQ(px(338, 106), 255) << "the seal's texture is paper";
  paint(page, 340, 352, 105, 114, 236);
  paint(page, 344, 348, 108, 111, 236);
  EXPECT_TRUE(cell_image(page, {330, 360, 100, 120}).image.pixels.empty()) << "no print";
}

TEST(ScanRows, AHeaderOrANoteTwoLinesHighKeepsItsRow) {
  // The header (the frame's first row) wraps its unit under its name; the note row's two lines
  // run across the frame.
  const auto rules = frame({100, 140, 160, 180, 200, 220, 260});
  std::vector<PdfChar> chars;
  line(chars, "电压等级", 150, 105), line(chars, "kV", 150, 125);
  line(chars, "安全距离", 300, 105), line(chars, "m", 300, 125);
  for (float y : {145.f, 165.f, 185.f, 205.f})
    line(chars, "500", 150, y), line(chars, "6.0", 300, y);
  line(chars, "注1：表中未列电压等级按高一挡电压等级安全距离。", 105, 225);
  line(chars, "注2：750kV数据是按海拔2000m校正的。", 105, 245);
  EXPECT_TRUE(lost_row_borders(rules, chars).empty());
}

}  // namespace scan_rows_test
}  // namespace regreader::parse
