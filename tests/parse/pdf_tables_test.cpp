#include "regreader/parse/pdf_tables.hpp"

#include <gtest/gtest.h>

#include "regreader/core/text.hpp"

namespace regreader::parse {
namespace {

// Characters of `text` laid out from x at `baseline`, 10 points each.
void put(std::vector<PdfChar>& chars, const std::string& text, float x, float baseline) {
  for (char32_t c : text::to_codepoints(text)) {
    chars.push_back({c, x, x + 9, baseline - 9, baseline + 2, baseline, 10, false});
    x += 10;
  }
}

PdfPage page_of(std::vector<PdfChar> chars, std::vector<PdfRule> rules = {}) {
  PdfPage p;
  p.width = 595;
  p.height = 842;
  p.lines = build_lines(std::move(chars));
  p.rules = std::move(rules);
  return p;
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

TEST(PdfTables, RuledGridWithMultiLineCells) {
  std::vector<PdfChar> c;
  put(c, "序号", 60, 110), put(c, "名称", 110, 110);
  put(c, "1", 60, 140), put(c, "接地线", 110, 136), put(c, "（携带型）", 110, 150);
  put(c, "2", 60, 180), put(c, "验电器", 110, 180);
  std::vector<PdfRule> rules;
  for (float x : {55.f, 105.f, 230.f})
    rules.push_back({x, 95, x, 195});
  for (float y : {95.f, 120.f, 160.f, 195.f})
    rules.push_back({55, y, 230, y});
  auto tables = detect_tables(page_of(c, rules));
  ASSERT_EQ(tables.size(), 1u);
  const auto& t = tables[0].table;
  EXPECT_EQ(t.row_count, 3);
  EXPECT_EQ(t.col_count, 2);
  EXPECT_EQ(t.cell_text(1, 1), "接地线（携带型）") << "lines between two rules are one row";
  EXPECT_EQ(t.cell_text(2, 1), "验电器");
}

TEST(PdfTables, ProseWithWideGapsOnOneLineIsNotATable) {
  std::vector<PdfChar> c;
  put(c, "2011-07-29发布", 72, 100), put(c, "2012-06-01实施", 400, 100);
  put(c, "本标准规定了电力生产单位的基本电气安全要求。", 72, 130);
  EXPECT_TRUE(detect_tables(page_of(c)).empty());
}

}  // namespace
}  // namespace regreader::parse
