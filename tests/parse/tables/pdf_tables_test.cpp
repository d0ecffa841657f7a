#include "regreader/parse/tables/pdf_tables.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "regreader/core/text.hpp"

namespace regreader::parse {
namespace pdf_tables_test {

// Characters of `text` laid out from x at `baseline`, 10 points each.
void put(std::vector<PdfChar>& chars, const std::string& text, float x, float baseline) {
  for (char32_t c : text::to_codepoints(text)) {
    chars.push_back({c, x, x + 9, baseline - 9, baseline + 2, baseline, 10, false});
    x += 10;
  }
}

// The borders of a grid: vertical rules at `xs` from the first to the last of `ys`, then
// horizontal rules at `ys` from the first to the last of `xs`.
std::vector<PdfRule> grid(std::initializer_list<float> xs, std::initializer_list<float> ys) {
  std::vector<PdfRule> rules;
  for (float x : xs)
    rules.push_back({x, *ys.begin(), x, *(ys.end() - 1)});
  for (float y : ys)
    rules.push_back({*xs.begin(), y, *(xs.end() - 1), y});
  return rules;
}

PdfPage page_of(std::vector<PdfChar> chars, std::vector<PdfRule> rules = {}) {
  PdfPage p;
  p.width = 595;
  p.height = 842;
  p.lines = build_lines(std::move(chars));
  p.rules = std::move(rules);
  return p;
}

// The one table found on a page of `chars`, read by OCR with confidence 90, ruled by `rules`.
model::TableMeta scanned_table(std::vector<PdfChar> chars, std::vector<PdfRule> rules) {
  for (auto& ch : chars)
    ch.conf = 90;
  auto tables = detect_tables(page_of(std::move(chars), std::move(rules)));
  EXPECT_EQ(tables.size(), 1u);
  return tables.empty() ? model::TableMeta{} : tables[0].table;
}

TEST(PdfTables, ColumnsFromAlignedGapsWithoutRules) {
  std::vector<PdfChar> c;
  put(c, "正文段落的第一行文字，说明下表的用途和适用范围。", 72, 100);
  put(c, "电压等级kV", 72, 130), put(c, "安全距离m", 270, 130);
  put(c, "10及以下", 72, 148), put(c, "0.70", 270, 148);
  put(c, "20、35", 72, 166), put(c, "1.00", 270, 166);
  put(c, "士800", 72, 184), put(c, "9.30", 270, 184);
  put(c, "注1：表中未列电压等级按高一挡电压等级安全距离。", 72, 214);
  auto tables = detect_tables(page_of(c));
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].first_line, 1u);
  EXPECT_EQ(tables[0].last_line, 4u) << "the paragraph and the note are not in the table";
  const auto& t = tables[0].table;
  EXPECT_EQ(t.row_count, 4);
  EXPECT_EQ(t.col_count, 2);
  EXPECT_EQ(t.col_headers, (std::vector<std::string>{"电压等级kV", "安全距离m"}));
  EXPECT_EQ(t.cell_text(3, 0), "士800");
  EXPECT_EQ(t.cell_text(3, 1), "9.30");
}

// A scan whose middle column rule a seal hid: the frame and the row borders are drawn, and the
// value of a row was not read. The label between two borders is a row of its own, not a wrapped
// line of the label above (`10及以下 20、35` against `1.0`).
TEST(PdfTables, ARuleBetweenTwoLinesOfOneCellEndsTheRow) {
  std::vector<PdfChar> c;
  put(c, "电压等级kV", 72, 130), put(c, "安全距离m", 270, 130);
  put(c, "10及以下", 72, 150), put(c, "1.0", 270, 150);
  put(c, "20、35", 72, 170);
  put(c, "66、110", 72, 190), put(c, "3.0", 270, 190);
  put(c, "220", 72, 210), put(c, "4.0", 270, 210);
  put(c, "330", 72, 230), put(c, "5.0", 270, 230);
  // The frame and the row borders; no rule between the columns.
  const auto rules = grid({60, 400}, {115, 138, 158, 178, 198, 218, 240});
  auto tables = detect_tables(page_of(c, rules));
  ASSERT_EQ(tables.size(), 1u);
  const auto& t = tables[0].table;
  EXPECT_EQ(t.row_count, 6);
  EXPECT_EQ(t.cell_text(1, 0), "10及以下");
  EXPECT_EQ(t.cell_text(2, 0), "20、35");
  EXPECT_EQ(t.cell_text(2, 1), "");
  EXPECT_EQ(t.cell_text(3, 0), "66、110");
  EXPECT_EQ(t.cell_text(4, 0), "220");
  EXPECT_EQ(t.cell_text(4, 1), "4.0");
}

// The same scan's header: `电压等级 | 安全距离` over its unit `kV`, a line of one cell standing
// apart above rows whose values were not read; the labels centred in their column, so each
// starts a few points from the next and the first and last further apart than a tolerance.
TEST(PdfTables, AFramedHeaderAndCentredLabelsStayInTheirColumns) {
  std::vector<PdfChar> c;
  put(c, "表4 安全距离", 150, 100);
  put(c, "电压等级", 90, 128), put(c, "安全距离", 270, 128);
  put(c, "kV", 105, 146);
  put(c, "10及以下", 84, 166);  // the values of two rows not read
  put(c, "20、35", 89, 186);
  put(c, "220", 99, 206), put(c, "4.0", 280, 206);
  put(c, "1000", 94, 226), put(c, "10.5", 278, 226);
  put(c, "±50", 104, 246), put(c, "3.0", 280, 246);
  const auto rules = grid({60, 400}, {115, 152, 172, 192, 212, 232, 252});
  auto tables = detect_tables(page_of(c, rules));
  ASSERT_EQ(tables.size(), 1u);
  const auto& t = tables[0].table;
  EXPECT_EQ(tables[0].first_line, 1u) << "the header and its unit are the table's";
  EXPECT_EQ(t.col_count, 2);
  EXPECT_EQ(t.cell_text(0, 0), "电压等级kV");
  EXPECT_EQ(t.cell_text(1, 0), "10及以下");
  EXPECT_EQ(t.cell_text(5, 0), "±50");
  EXPECT_EQ(t.cell_text(5, 1), "3.0");
  EXPECT_EQ(t.cell_text(3, 1), "4.0");
}

// An appendix's parameter lists: numbered headings set out to the left, rows indented under them.
// The headings are neither a header row of the rows below nor a wrapped cell between two lists.
TEST(PdfTables, ANumberedHeadingLeftOfTheRowsIsNoCell) {
  std::vector<PdfChar> c;
  put(c, "正文段落的第一行文字，说明下列参数的填写方法和单位。", 60, 84);
  put(c, "A.1 整车参数", 60, 104);
  put(c, "整车质量", 80, 120), put(c, "kg", 250, 120);
  put(c, "最高车速", 80, 136), put(c, "km/h", 250, 136);
  put(c, "A.2 控制器参数", 60, 152);
  put(c, "欠压保护值", 80, 168), put(c, "V", 250, 168);
  put(c, "过流保护值", 80, 184), put(c, "A", 250, 184);
  auto tables = detect_tables(page_of(c));
  ASSERT_EQ(tables.size(), 2u);
  EXPECT_EQ(tables[0].first_line, 2u);
  EXPECT_EQ(tables[0].last_line, 3u);
  EXPECT_EQ(tables[0].table.cell_text(0, 0), "整车质量");
  EXPECT_EQ(tables[1].first_line, 5u);
  EXPECT_EQ(tables[1].table.cell_text(0, 0), "欠压保护值");
}

TEST(PdfTables, RuledGridWithMultiLineCells) {
  std::vector<PdfChar> c;
  put(c, "序号", 60, 110), put(c, "名称", 110, 110);
  put(c, "1", 60, 140), put(c, "接地线", 110, 136), put(c, "（携带型）", 110, 150);
  put(c, "2", 60, 180), put(c, "验电器", 110, 180);
  const auto rules = grid({55, 105, 230}, {95, 120, 160, 195});
  auto tables = detect_tables(page_of(c, rules));
  ASSERT_EQ(tables.size(), 1u);
  const auto& t = tables[0].table;
  EXPECT_EQ(t.row_count, 3);
  EXPECT_EQ(t.col_count, 2);
  EXPECT_EQ(t.cell_text(1, 1), "接地线（携带型）") << "lines between two rules are one row";
  EXPECT_EQ(t.cell_text(2, 1), "验电器");
}

// A table on a scanned page: OCR's characters (confidence under 100) and borders found in the
// image, with the gap a seal leaves in the middle border.
TEST(PdfTables, ScannedTableCellsByEachCharactersPlace) {
  std::vector<PdfChar> c;
  put(c, "电压等级", 60, 110), put(c, "安全距离", 160, 110);
  put(c, "10及以下", 60, 136), put(c, "0.70", 160, 136);
  put(c, "20、35", 60, 156), put(c, "1.00", 160, 156);
  put(c, "66、110", 60, 176), put(c, "和", 160, 176);  // OCR read no digit in a number column
  put(c, "220", 60, 196), put(c, "3.00", 160, 196);
  put(c, "注1：表中未列电压等级按高一挡电压等级安全距离。", 60, 216);
  for (auto& ch : c)
    ch.conf = 90;
  // OCR made one line of two rows: "1.00" sits a little low, its box reaching into the next row.
  for (auto& ch : c)
    if (ch.x0 >= 160 && ch.baseline == 156) ch.y0 += 2, ch.y1 += 2;
  auto rules = grid({55, 260}, {95, 120, 140, 160, 180, 200, 225});
  rules.push_back({150, 95, 150, 140});  // the middle border, broken by a seal
  rules.push_back({150, 170, 150, 205});
  auto tables = detect_tables(page_of(c, rules));
  ASSERT_EQ(tables.size(), 1u);
  const auto& t = tables[0].table;
  ASSERT_EQ(t.col_count, 2);
  ASSERT_EQ(t.row_count, 6);
  EXPECT_EQ(t.cell_text(1, 0), "10及以下");
  EXPECT_EQ(t.cell_text(1, 1), "0.70");
  EXPECT_EQ(t.cell_text(2, 1), "1.00") << "each character goes to the row its centre is in";
  EXPECT_EQ(t.cell_text(4, 1), "3.00");
  EXPECT_FALSE(t.cell_unsure(1, 1));
  EXPECT_TRUE(t.cell_unsure(3, 1)) << "a cell without a digit in a column of numbers";
  EXPECT_FALSE(t.cell_unsure(3, 0));
  // The note row is one cell across the table, not cut at the middle border.
  EXPECT_EQ(t.cell_text(5, 0), "注1：表中未列电压等级按高一挡电压等级安全距离。");
  for (const auto& cell : t.cells)
    if (cell.row == 5) {
      EXPECT_EQ(cell.col_span, 2);
    }
}

// A cell that spans two columns of the rows above (a sub-table's `工频耐压 kV` over 试验长度 and
// 1 min): its number, centred, stands across a border that is not drawn at its height, and stays
// one number. Where the border is drawn, two numbers in two cells stay apart however close.
TEST(PdfTables, AScannedNumberAcrossABorderNotDrawnAtItsRowIsOneCell) {
  std::vector<PdfChar> c;
  put(c, "电压", 60, 110), put(c, "长度", 140, 110), put(c, "耐压", 220, 110);
  put(c, "10", 60, 136), put(c, "0.7", 140, 136), put(c, "45", 220, 136);
  put(c, "35", 60, 156), put(c, "0.9", 140, 156), put(c, "95", 220, 156);
  put(c, "6~10", 60, 186), put(c, "30", 193, 186);  // `30` centred on the border at x = 200
  put(c, "66", 60, 206), put(c, "1", 190, 206), put(c, "2", 201, 206);  // drawn border between
  auto rules = grid({55, 130, 280}, {95, 120, 140, 160, 170, 195, 215});
  rules.push_back({200, 95, 200, 165});   // the border of the sub-table above
  rules.push_back({200, 195, 200, 215});  // and of the row below
  const auto t = scanned_table(c, rules);
  ASSERT_EQ(t.col_count, 3);
  ASSERT_EQ(t.row_count, 5);
  EXPECT_EQ(t.cell_text(3, 0), "6~10");
  EXPECT_EQ(t.cell_text(3, 1), "30") << "was cut into 3 | 0 at the border above";
  EXPECT_EQ(t.cell_text(3, 2), "");
  EXPECT_EQ(t.cell_text(4, 1), "1");
  EXPECT_EQ(t.cell_text(4, 2), "2") << "the border is drawn at this row";
}

// The same for words: a sentence in a cell spanning the sub-table's columns (`最低动作电压应达
// 0.25倍额定电压` across 电压 | 长度 | 耐压) was cut at each border into pieces no search finds.
// Where the border is drawn at a row, two cells' texts stay apart however close they stand.
TEST(PdfTables, AScannedSentenceAcrossBordersNotDrawnAtItsRowIsOneCell) {
  std::vector<PdfChar> c;
  put(c, "试验", 60, 110), put(c, "电压", 140, 110), put(c, "长度", 220, 110);
  put(c, "动作", 60, 136), put(c, "10", 140, 136), put(c, "0.7", 220, 136);
  put(c, "动作", 60, 156), put(c, "最低动作电压应达0.25倍额定电压", 135, 156);
  put(c, "额定", 60, 186), put(c, "电压", 181, 186), put(c, "等级", 201, 186);
  put(c, "线路", 60, 206), put(c, "额定线路", 160, 206), put(c, "5.50", 201, 206);
  auto rules = grid({55, 130, 300}, {95, 120, 140, 165, 195, 215});
  rules.push_back({200, 95, 200, 140});   // the sub-table's border, not drawn at the third row
  rules.push_back({200, 165, 200, 195});  // drawn again at the fourth
  const auto t = scanned_table(c, rules);
  ASSERT_EQ(t.col_count, 3);
  ASSERT_EQ(t.row_count, 5);
  EXPECT_EQ(t.cell_text(1, 2), "0.7");
  EXPECT_EQ(t.cell_text(2, 1), "最低动作电压应达0.25倍额定电压");
  EXPECT_EQ(t.cell_text(2, 2), "");
  EXPECT_EQ(t.cell_text(3, 1), "电压");
  EXPECT_EQ(t.cell_text(3, 2), "等级") << "the border is drawn at this row";
  // A seal's ink hid the border beside a label filling its cell: a label and a value stay apart.
  EXPECT_EQ(t.cell_text(4, 1), "额定线路");
  EXPECT_EQ(t.cell_text(4, 2), "5.50");
}

// A number in such a sentence (`达 | 0.25`) joins it where the line's words run across another
// border not drawn; a label and a value alone side by side do not (above).
TEST(PdfTables, AScannedNumberInASentenceAcrossBordersJoinsIt) {
  std::vector<PdfChar> c;
  put(c, "项目", 60, 110), put(c, "电压", 140, 110), put(c, "长度", 202, 110);
  put(c, "耐压", 230, 110), put(c, "时间", 285, 110);
  put(c, "动作", 60, 136), put(c, "10", 140, 136), put(c, "5", 205, 136);
  put(c, "45", 230, 136), put(c, "1", 285, 136);
  put(c, "动作", 60, 156), put(c, "最低动作电压应达0.25倍额定电压", 145, 156);
  put(c, "额定", 60, 186), put(c, "35", 140, 186), put(c, "9", 205, 186);
  put(c, "95", 230, 186), put(c, "1", 285, 186);
  auto rules = grid({55, 130, 320}, {95, 120, 140, 165, 195});
  for (float x : {200.0f, 225.0f, 280.0f}) {  // the sub-table's borders, not at the third row
    rules.push_back({x, 95, x, 140});
    rules.push_back({x, 165, x, 195});
  }
  const auto t = scanned_table(c, rules);
  ASSERT_EQ(t.col_count, 5);
  ASSERT_EQ(t.row_count, 4);
  EXPECT_EQ(t.cell_text(1, 2), "5");
  EXPECT_EQ(t.cell_text(1, 3), "45");
  EXPECT_EQ(t.cell_text(2, 1), "最低动作电压应达0.25倍额定电压");
  for (int col = 2; col < 5; ++col)
    EXPECT_EQ(t.cell_text(2, col), "") << col;
}

// A scanned sub-table (voltages and values, its rows ruled across their own columns only) beside
// a 说明 cell spanning them: the cell's two lines, cut apart at the sub-table's border, are one
// cell again. Numbers in a column the border does not reach stay apart (a seal's gap in a border
// must not join two values), and so does a cell whose text starts past the padding of the row
// below.
TEST(PdfTables, AScannedCellsProseWrappedPastASubTablesBorderIsOneCell) {
  std::vector<PdfChar> c;
  put(c, "电压", 60, 110), put(c, "耐压", 120, 110), put(c, "说明", 200, 110);
  put(c, "10", 60, 133), put(c, "45", 120, 133), put(c, "试验电压加在", 200, 138);
  put(c, "35", 60, 153), put(c, "95", 120, 153), put(c, "护环之间", 200, 149);
  put(c, "66", 60, 173), put(c, "175", 120, 173), put(c, "与紧固头", 200, 166);
  put(c, "110", 60, 198), put(c, "220", 120, 198), put(c, "使用时接触电极", 200, 198);
  put(c, "220", 60, 218), put(c, "440", 120, 218), put(c, "应与试验电极相接", 200, 218);
  for (auto& ch : c)
    ch.conf = 90;
  // The frame and the columns; the sub-table's row borders stop at the 说明 column (x = 190),
  // except the last two rows', drawn across, with a gap (a seal) under 说明 at y = 205.
  auto rules = grid({55, 110, 190, 300}, {95, 120});
  for (float y : {140.0f, 160.0f, 180.0f})
    rules.push_back({55, y, 190, y});
  rules.push_back({55, 185, 300, 185});
  rules.push_back({55, 205, 195, 205});
  rules.push_back({55, 225, 300, 225});
  for (auto& r : rules)
    if (!r.horizontal()) r.y1 = 225;
  auto tables = detect_tables(page_of(c, rules));
  ASSERT_EQ(tables.size(), 1u);
  const auto& t = tables[0].table;
  ASSERT_EQ(t.col_count, 3);
  EXPECT_EQ(t.cell_text(1, 2), "试验电压加在护环之间与紧固头") << "was 试验电压加在 | 护环之间 | …";
  EXPECT_EQ(t.cell_text(2, 2), t.cell_text(1, 2)) << "the cell spans the row below";
  EXPECT_EQ(t.cell_text(2, 1), "95") << "the values beside it keep their rows";
  EXPECT_EQ(t.cell_text(3, 1), "175");
  int span = 0;
  for (const auto& cell : t.cells)
    if (cell.row == 1 && cell.col == 2) span = cell.row_span;
  EXPECT_EQ(span, 3);
  EXPECT_EQ(t.cell_text(4, 2), "使用时接触电极");
  EXPECT_EQ(t.cell_text(5, 2), "应与试验电极相接") << "it starts past the cells' padding";
}

TEST(PdfTables, ScannedCellReadWithLowConfidenceIsUnsure) {
  std::vector<PdfChar> c;
  put(c, "类别", 60, 110), put(c, "说明", 160, 110);
  put(c, "甲", 60, 136), put(c, "正常读出", 160, 136);
  put(c, "乙", 60, 156), put(c, "模糊字样", 160, 156);
  for (auto& ch : c)
    ch.conf = ch.x0 >= 160 && ch.baseline == 156 ? 45 : 92;
  const auto rules = grid({55, 150, 260}, {95, 120, 140, 165});
  auto tables = detect_tables(page_of(c, rules));
  ASSERT_EQ(tables.size(), 1u);
  const auto& t = tables[0].table;
  EXPECT_FALSE(t.cell_unsure(1, 1));
  EXPECT_TRUE(t.cell_unsure(2, 1)) << "characters read at 45% on average";
}

// OCR reads 20、35 (two voltages) as 20.35, confidently, and may lose a faint decimal point (10
// for 1.0): against the column's other numbers such cells are unsure; a table's own layer is not.
// A ruled two-column table: a header over `rows` (label, value), every character read with
// confidence `conf` (100: the page's own text layer).
model::TableMeta ruled_table(const std::vector<std::pair<std::string, std::string>>& rows,
                             float conf) {
  std::vector<PdfChar> c;
  put(c, "电压等级", 60, 110), put(c, "安全距离", 160, 110);
  std::vector<PdfRule> rules;
  const float bottom = 125.0f + 20.0f * static_cast<float>(rows.size());
  for (float y : {95.f, 120.f})
    rules.push_back({55, y, 260, y});
  for (size_t i = 0; i < rows.size(); ++i) {
    const float baseline = 136.0f + 20.0f * static_cast<float>(i);
    put(c, rows[i].first, 60, baseline), put(c, rows[i].second, 160, baseline);
    rules.push_back({55, baseline + 9, 260, baseline + 9});
  }
  for (auto& ch : c)
    ch.conf = conf;
  for (float x : {55.f, 150.f, 260.f})
    rules.push_back({x, 95, x, bottom});
  auto tables = detect_tables(page_of(c, rules));
  EXPECT_EQ(tables.size(), 1u);
  return tables.empty() ? model::TableMeta{} : tables[0].table;
}

// OCR reads a range sign ～ as 一 (`35 一 66`), loses a faint point (`3 0` for 3.0) and reads a
// speck as a quote (`”5.0`); such a number is unsure even where its column is too short to put
// it in doubt.
TEST(PdfTables, ANumberReadInPiecesIsUnsure) {
  const std::vector<std::pair<std::string, std::string>> rows = {
      {"<1", "1.5"}, {"1 一 10", "3 0"}, {"35～66", "4.0"}, {"110", "”5.0"}};
  const auto ocr = ruled_table(rows, 92);
  ASSERT_EQ(ocr.row_count, 5);
  EXPECT_EQ(ocr.cell_text(2, 1), "3 0");
  EXPECT_TRUE(ocr.cell_unsure(2, 0)) << ocr.cell_text(2, 0);
  EXPECT_TRUE(ocr.cell_unsure(2, 1));
  EXPECT_TRUE(ocr.cell_unsure(4, 1)) << ocr.cell_text(4, 1);
  EXPECT_FALSE(ocr.cell_unsure(4, 0));
  for (int r : {1, 3})
    for (int col : {0, 1})
      EXPECT_FALSE(ocr.cell_unsure(r, col)) << ocr.cell_text(r, col);
  EXPECT_FALSE(ruled_table(rows, 100).any_unsure()) << "the page's own text layer";
}

TEST(PdfTables, AChineseNumeralAloneInARowOfNumbersIsUnsure) {
  std::vector<PdfChar> c;
  put(c, "电压", 60, 110), put(c, "长度", 110, 110), put(c, "1 min", 160, 110),
      put(c, "5 min", 210, 110);
  put(c, "220", 60, 136), put(c, "2.1", 110, 136), put(c, "440", 160, 136), put(c, "一", 210, 136);
  put(c, "330", 60, 156), put(c, "3.2", 110, 156), put(c, "二", 160, 156), put(c, "380", 210, 156);
  put(c, "序号", 60, 176), put(c, "二", 110, 176), put(c, "绝缘杆", 160, 176);
  for (auto& ch : c)
    ch.conf = 95;
  const auto rules = grid({55, 105, 155, 205, 260}, {95, 120, 140, 160, 185});
  auto tables = detect_tables(page_of(c, rules));
  ASSERT_EQ(tables.size(), 1u);
  const auto& t = tables[0].table;
  ASSERT_EQ(t.cell_text(2, 2), "二");
  EXPECT_TRUE(t.cell_unsure(2, 2)) << "a dash or a digit, not 二";
  EXPECT_FALSE(t.cell_unsure(1, 3)) << "一 is OCR's reading of a printed —";
  EXPECT_FALSE(t.cell_unsure(3, 1)) << "a row of words may number its items 一, 二";
}

TEST(PdfTables, ADecimalPointAgainstItsColumnIsUnsure) {
  const std::vector<std::pair<std::string, std::string>> rows = {
      {"10及以下", "0.7"}, {"20.35", "1.0"}, {"220", "3.0"}, {"330", "40"}, {"500", "5.0"}};
  const auto ocr = ruled_table(rows, 92);
  ASSERT_EQ(ocr.row_count, 6);
  EXPECT_EQ(ocr.cell_text(2, 0), "20、35") << "two voltages OCR joined with a point";
  EXPECT_TRUE(ocr.cell_unsure(2, 0)) << "a decimal among whole voltages";
  EXPECT_TRUE(ocr.cell_unsure(4, 1)) << "a whole number among decimals";
  EXPECT_FALSE(ocr.cell_unsure(1, 0));
  EXPECT_FALSE(ocr.cell_unsure(3, 0));
  EXPECT_FALSE(ocr.cell_unsure(2, 1));
  EXPECT_FALSE(ruled_table(rows, 100).any_unsure()) << "the page's own text layer";
}

TEST(PdfTables, AMarkBeforeANumberItsColumnStartsWithIsUnsure) {
  const std::vector<std::pair<std::string, std::string>> rows = {
      {"10及以下", "0.7"}, {"220", "3.0"}, {"了750", "8.0"}, {"±500", "6.8"}, {"<1", "1.5"}};
  const auto ocr = ruled_table(rows, 92);
  ASSERT_EQ(ocr.row_count, 6);
  EXPECT_EQ(ocr.cell_text(3, 0), "了750");
  EXPECT_TRUE(ocr.cell_unsure(3, 0)) << "a glyph before the number: a seal's stroke read";
  for (int r : {1, 2, 4, 5})
    EXPECT_FALSE(ocr.cell_unsure(r, 0)) << ocr.cell_text(r, 0) << ": signs start numbers too";
  EXPECT_FALSE(ruled_table(rows, 100).any_unsure()) << "the page's own text layer";
  const auto words = ruled_table({{"项目", "启动电压1年"}, {"周期", "半年"}, {"试验", "每年"}}, 92);
  EXPECT_FALSE(words.cell_unsure(1, 1)) << "a column of words, not numbers";
}

// A flow chart's boxes are framed like cells, but stand apart: no border runs across two of
// them. A table drawn cell by cell has its borders in pieces that meet end to end.
TEST(PdfTables, BoxesStandingApartAreNoTableCellsDrawnApartAre) {
  auto boxes = [](float gap) {
    std::vector<PdfRule> rules;
    for (float x0 : {55.f, 155.f + gap}) {
      const float x1 = x0 + 100;
      rules.push_back({x0, 95, x0, 160}), rules.push_back({x1, 95, x1, 160});
      for (float y : {95.f, 125.f, 160.f})
        rules.push_back({x0, y, x1, y});
    }
    return rules;
  };
  std::vector<PdfChar> c;
  put(c, "签订合同", 60, 110), put(c, "确认任务", 160 + 40, 110);
  put(c, "交接工具", 60, 145), put(c, "装车出发", 160 + 40, 145);
  EXPECT_TRUE(detect_tables(page_of(c, boxes(40))).empty()) << "two boxes 40 pt apart";
  // A column of a chart: box A, a wider box W below it, a tall box B beside both. W's top and
  // bottom pass over A's borders' x, but no border of A meets them there.
  std::vector<PdfRule> chart;
  auto box = [&](float x0, float y0, float x1, float y1) {
    chart.push_back({x0, y0, x0, y1}), chart.push_back({x1, y0, x1, y1});
    chart.push_back({x0, y0, x1, y0}), chart.push_back({x0, y1, x1, y1});
  };
  box(55, 95, 155, 125), box(40, 135, 170, 165), box(195, 90, 295, 170);
  std::vector<PdfChar> words;
  put(words, "签订合同", 60, 115), put(words, "确认任务并登记", 45, 155);
  put(words, "装车出发", 200, 115), put(words, "到达现场", 200, 155);
  EXPECT_TRUE(detect_tables(page_of(words, chart)).empty()) << "a flow chart's column";
  std::vector<PdfChar> t;
  put(t, "序号", 60, 110), put(t, "名称", 160, 110);
  put(t, "1", 60, 145), put(t, "接地线", 160, 145);
  const auto table = detect_tables(page_of(t, boxes(0)));
  ASSERT_EQ(table.size(), 1u) << "cells whose borders meet";
  EXPECT_EQ(table[0].table.cell_text(1, 1), "接地线");
}

TEST(PdfTables, ProseWithWideGapsOnOneLineIsNotATable) {
  std::vector<PdfChar> c;
  put(c, "2011-07-29发布", 72, 100), put(c, "2012-06-01实施", 400, 100);
  put(c, "本标准规定了电力生产单位的基本电气安全要求。", 72, 130);
  EXPECT_TRUE(detect_tables(page_of(c)).empty());
}

// A form: a label column and three narrow columns in the first rows, and a wide answer cell
// beside the last label where no inner vertical rule is drawn.
TEST(PdfTables, CellWithoutInnerBordersSpansTheColumns) {
  std::vector<PdfChar> c;
  put(c, "时间", 60, 110), put(c, "年", 160, 110), put(c, "月", 260, 110), put(c, "日", 360, 110);
  put(c, "措施", 60, 140), put(c, "1、用验电器验电，确认已停电；", 110, 140);
  put(c, "2、挂接地线。", 110, 154);
  std::vector<PdfRule> rules;
  for (float x : {55.f, 105.f, 400.f})
    rules.push_back({x, 95, x, 165});
  for (float x : {205.f, 305.f})
    rules.push_back({x, 95, x, 120});  // the inner borders stop at the first row
  for (float y : {95.f, 120.f, 165.f})
    rules.push_back({55, y, 400, y});
  auto tables = detect_tables(page_of(c, rules));
  ASSERT_EQ(tables.size(), 1u);
  const auto& t = tables[0].table;
  ASSERT_EQ(t.col_count, 4);
  EXPECT_EQ(t.cell_text(1, 1), "1、用验电器验电，确认已停电；2、挂接地线。")
      << "the wide cell's lines are read whole, not cut at the first row's borders";
  const auto* wide = t.cell_at(1, 1);
  ASSERT_NE(wide, nullptr);
  EXPECT_EQ(wide->col_span, 3);
  EXPECT_EQ(t.cell_text(0, 2), "月") << "the first row keeps its columns";
  const std::string md = t.to_markdown();
  EXPECT_EQ(md.find("2、挂接地线。"), md.rfind("2、挂接地线。")) << "written once:\n" << md;
}

// Word's shaded cells: each border drawn with a second rule a few points inside, and a cell whose
// every line is underlined (lined paper). Neither makes columns or rows; a boxed title joined
// to the table's frame is not its first row.
TEST(PdfTables, DoubleBordersLinedCellsAndBoxedTitle) {
  std::vector<PdfChar> c;
  put(c, "设备试验内容", 150, 80);  // the boxed title
  put(c, "序号", 60, 110), put(c, "设备", 110, 110), put(c, "内容", 210, 110);
  put(c, "1", 60, 140), put(c, "变压器", 110, 140), put(c, "绕组直流电阻、", 210, 136);
  put(c, "交流耐压试验。", 210, 152);
  put(c, "2", 60, 180), put(c, "避雷器", 110, 180), put(c, "绝缘电阻。", 210, 180);
  std::vector<PdfRule> rules;
  rules.push_back({100, 65, 100, 90}), rules.push_back({400, 65, 400, 90});  // title box
  rules.push_back({100, 65, 400, 65}), rules.push_back({100, 90, 400, 90});
  for (float x : {55.f, 105.f, 205.f, 400.f}) {
    rules.push_back({x, 90, x, 195});
    rules.push_back({x + 4, 90, x + 4, 195});  // the shading's edge, 4 points inside
  }
  for (float y : {95.f, 120.f, 160.f, 195.f})
    rules.push_back({55, y, 404, y});
  rules.push_back({210, 140, 390, 140});  // lined paper in the 内容 cell
  rules.push_back({210, 156, 390, 156});
  auto tables = detect_tables(page_of(c, rules));
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].first_line, 1u) << "the title is left to the text";
  const auto& t = tables[0].table;
  EXPECT_EQ(t.col_count, 3);
  ASSERT_EQ(t.row_count, 3);
  EXPECT_EQ(t.row_texts(1),
            (std::vector<std::string>{"1", "变压器", "绕组直流电阻、交流耐压试验。"}));
  EXPECT_EQ(t.row_texts(2), (std::vector<std::string>{"2", "避雷器", "绝缘电阻。"}));
}

}  // namespace pdf_tables_test
}  // namespace regreader::parse
