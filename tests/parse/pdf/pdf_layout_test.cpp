#include "regreader/parse/pdf/pdf_layout.hpp"

#include <gtest/gtest.h>

#include "regreader/core/text.hpp"

namespace regreader::parse {
namespace pdf_layout_test {

PdfLine line(const std::string& t, float x0, float y0, float x1, float size = 10.5f,
             bool bold = false) {
  PdfLine l;
  l.text = t;
  l.x0 = x0;
  l.y0 = y0;
  l.x1 = x1;
  l.y1 = y0 + size;
  l.size = size;
  l.bold = bold;
  return l;
}

PdfPage a4(int number) {
  PdfPage p;
  p.number = number;
  p.width = 595;
  p.height = 842;
  return p;
}

TEST(PdfLayout, PageNumberLines) {
  for (const char* s :
       {"3", "- 3 -", "— 12 —", "第 3 页", "第3页 共27页", "iv", "Ⅲ", "3 / 27", "１２"})
    EXPECT_TRUE(is_page_number_line(s)) << s;
  for (const char* s : {"3 范围", "GB 26860—2011", "第三章", "表 3"})
    EXPECT_FALSE(is_page_number_line(s)) << s;
}

TEST(PdfLayout, RunningHeadersFootersAndPageNumbersAreRemoved) {
  std::vector<PdfPage> pages;
  for (int n = 1; n <= 4; ++n) {
    PdfPage p = a4(n);
    p.lines.push_back(line("GB 26860—2011", 250, 30, 350));
    p.lines.push_back(line("正文第" + std::to_string(n) + "页的内容", 72, 400, 500));
    p.lines.push_back(line(std::to_string(n + 2), 290, 800, 300));
    pages.push_back(p);
  }
  pages[0].lines.push_back(line("只在第一页页脚的一行说明", 72, 790, 300));
  remove_running_lines(pages);
  for (const auto& p : pages) {
    ASSERT_GE(p.lines.size(), 1u);
    EXPECT_EQ(p.lines[0].text.rfind("正文", 0), 0u) << "page " << p.number;
  }
  EXPECT_EQ(pages[0].lines.size(), 2u);  // a one-off footer line is content
  EXPECT_EQ(pages[1].lines.size(), 1u);
}

TEST(PdfLayout, CharactersAreOrderedIntoLinesWhateverTheirOrderInTheFile) {
  // "A.2 操作" written as two runs: the Latin run first, with the CJK run placed between.
  std::vector<PdfChar> chars = {
      {U'A', 72, 78, 100, 110, 108, 10, false},      {U'.', 78, 81, 100, 110, 108, 10, false},
      {U'2', 81, 87, 100, 110, 108, 10, false},      {U'”', 140, 145, 100, 110, 108, 10, false},
      {U'操', 95, 105, 100, 110, 108.5f, 10, false}, {U'作', 105, 115, 100, 110, 108.5f, 10, false},
      {U'下', 72, 82, 120, 130, 128, 10, false}};
  auto lines = build_lines(chars);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "A.2 操作 ”");
  EXPECT_EQ(lines[1].text, "下");
}

TEST(PdfLayout, WrappedLinesJoinAndNumberedLinesStartParagraphs) {
  PdfPage p = a4(1);
  p.lines = {line("5 倒闸操作", 72, 100, 140, 14, true),
             line("5.1.1 倒闸操作应根据值班调度员或运行值班负责人的指令进行，受令人", 72, 130, 520),
             line("复诵无误后执行。", 72, 145, 200),
             line("5.1.2 倒闸操作应由两人进行，一人操作，一人监护。操作中应认真执", 72, 160, 520),
             line("6.1.5 执行。", 72, 175, 150)};
  auto blocks = lines_to_paragraphs(p, 10.5f);
  ASSERT_EQ(blocks.size(), 4u);
  EXPECT_TRUE(blocks[0].styled_heading);
  EXPECT_TRUE(blocks[0].larger_font);
  EXPECT_EQ(blocks[1].text,
            "5.1.1 倒闸操作应根据值班调度员或运行值班负责人的指令进行，受令人复诵无误后执行。");
  EXPECT_FALSE(blocks[1].styled_heading);
  EXPECT_FALSE(blocks[2].soft_start);  // after a short line: a real paragraph start
  EXPECT_TRUE(blocks[3].soft_start);   // only its leading number split it from a full line
}

TEST(PdfLayout, BoldWordsInsideAParagraphDoNotSplitIt) {
  // Emphasis ("防范措施：…" set bold) running over a full line stays in its paragraph; a short
  // bold line without a full stop after body text is a heading of its own.
  PdfPage p = a4(1);
  p.lines = {line("○1不按照规定的操作顺序对高压开关柜进行分合闸操作，损坏高压开关", 72, 100, 520),
             line("柜。防范措施：严格按照高压开关柜操作顺序进行操作，不得跳项、漏项", 72, 115, 520,
                  10.5f, true),
             line("或颠倒顺序。", 72, 130, 160),
             line("送电前的检查工作内容包括以下各项和一般要求", 72, 145, 520),
             line("二次回路检查", 72, 160, 150, 10.5f, true)};
  auto blocks = lines_to_paragraphs(p, 10.5f);
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[0].text,
            "○1不按照规定的操作顺序对高压开关柜进行分合闸操作，损坏高压开关柜。防范措施：严格按照"
            "高压开关柜操作顺序进行操作，不得跳项、漏项或颠倒顺序。");
  EXPECT_FALSE(blocks[0].styled_heading);
  EXPECT_EQ(blocks[2].text, "二次回路检查");
  EXPECT_TRUE(blocks[2].styled_heading);
}

// OCR guesses a line's type size from its height: a short heading read a little large is not
// wrapped onto the indented text under it, which runs on far past it; a centred heading's second,
// longer line still joins it.
TEST(PdfLayout, AShortHeadingIsNotWrappedOntoTheTextUnderIt) {
  PdfPage p = a4(11);
  auto ocr = [](PdfLine l) {
    l.mean_conf = 94;
    return l;
  };
  p.lines = {ocr(line("7.1 一般要求", 83, 506, 150, 12.7f)),
             ocr(line("线路运行与维护包含线路巡视、线路停复役操作、杆塔及配电设备维护和测量", 104,
                      529, 528, 12.2f)),
             ocr(line("时应注意自我防护，保持安全距离。", 84, 545, 235, 11.0f))};
  auto blocks = lines_to_paragraphs(p, 11.0f);
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].text, "7.1 一般要求");
  EXPECT_EQ(blocks[1].text.rfind("线路运行与维护", 0), 0u) << blocks[1].text;
  PdfPage cover = a4(7);
  cover.lines = {line("电力工程承试工作", 244, 80, 389, 18.0f, true),
                 line("技术与安全应知应会知识", 217, 110, 416, 18.0f, true),
                 line("1、目前我公司电力工程承试工作分为两个大类，", 97, 140, 412, 13.9f)};
  blocks = lines_to_paragraphs(cover, 13.9f);
  ASSERT_GE(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].text, "电力工程承试工作技术与安全应知应会知识");
}

// OCR gives each line its box's height for a size: a clause's full first line boxed 14.4 pt
// wraps onto its last at 10.8 pt, one paragraph, no heading. A cover's `GB` in 61 pt type over
// its title in 25 pt, and a text layer's sizes, still part paragraphs.
TEST(PdfLayout, AnOcrLinesBoxHeightDoesNotEndItsParagraph) {
  auto ocr = [](PdfLine l) {
    l.mean_conf = 94;
    return l;
  };
  PdfPage p = a4(13);
  p.lines = {ocr(line("7.5.1 砍剪靠近带电线路的树木时，人体、绳索应与线路保持表4的安全距离。", 78,
                      218, 422, 12.2f)),
             ocr(line("7.5.2 树枝接触或接近高压带电导线时，应将高压线路停电或用绝缘工具使树枝远"
                      "离带电导线，之前",
                      77, 233, 524, 14.4f)),
             ocr(line("人体不应接触树木。", 79, 251, 165, 10.8f))};
  auto blocks = lines_to_paragraphs(p, 12.2f);
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[1].text.substr(blocks[1].text.size() - std::string("人体不应接触树木。").size()),
            "人体不应接触树木。")
      << blocks[1].text;
  EXPECT_FALSE(blocks[1].styled_heading);
  PdfPage cover = a4(1);
  cover.lines = {ocr(line("GB", 407, 46, 524, 61.0f)),
                 ocr(line("中华人民共和国国家标准", 74, 128, 532, 25.0f))};
  EXPECT_EQ(lines_to_paragraphs(cover, 13.2f).size(), 2u);
  // Tesseract reads a page border beside a heading as a glyph: the line's box runs down the page.
  PdfPage bordered = a4(3);
  PdfLine heading = ocr(line("前 ]", 270, 131, 595, 13.0f));
  heading.y1 = 840;
  bordered.lines = {heading,
                    ocr(line("本标准的第5章和7.3.4为推荐性，其余为强制性。", 100, 181, 321, 9.1f))};
  EXPECT_EQ(lines_to_paragraphs(bordered, 11.0f).size(), 2u);
  PdfPage layer = a4(13);
  layer.lines = {line("7.5.2 树枝接触或接近高压带电导线时，应将高压线路停电或用绝缘工具使树枝远离带"
                      "电导线，之前",
                      77, 233, 524, 14.4f),
                 line("人体不应接触树木。", 79, 251, 165, 10.8f)};
  EXPECT_EQ(lines_to_paragraphs(layer, 12.2f).size(), 2u) << "a text layer's sizes are its fonts'";
}

TEST(PdfLayout, BodyFontSizeIsTheMostUsedSize) {
  PdfPage p = a4(1);
  p.lines = {line("标题", 72, 50, 100, 16), line(std::string(90, 'x'), 72, 100, 500, 10.5f),
             line(std::string(60, 'y'), 72, 120, 500, 10.5f)};
  EXPECT_FLOAT_EQ(body_font_size({p}), 10.5f);
}

// The classes of the page-number pattern hold characters, not the bytes of their UTF-8 (as they
// did before RE2): "，" is one of [,，/], and the typographic spaces count as white space.
TEST(PdfLayout, PageNumberLinesWithFullWidthCommaAndWideSpaces) {
  EXPECT_TRUE(is_page_number_line("第3页，共27页"));
  EXPECT_TRUE(is_page_number_line("\u2002 7 \u2002"));
  EXPECT_TRUE(is_page_number_line("\u2000— 7 —"));
  EXPECT_FALSE(is_page_number_line("第3页，共27页，附录A"));
  EXPECT_FALSE(is_page_number_line("\u3014 7"));
  EXPECT_FALSE(is_page_number_line(std::string(1u << 20, '-') + "a"));
}

// A manual sets one part's text at 12 pt under a heading at 13.9 pt, the size most of the book's
// text has: on that page the heading is larger than the body, and it is not joined to the
// section tab above it or to the text below it.
TEST(PdfLayout, HeadingsAreLargerThanTheirOwnPagesBodyText) {
  PdfPage p = a4(12);
  p.lines = {line("每次工作前的培训", 96, 52, 208, 13.9f),
             line("预防性试验开工前的安全注意事项", 150, 82, 403, 13.9f)};
  for (int k = 0; k < 8; ++k)
    p.lines.push_back(line("所检配电室进线未停电时，绝对禁止工作，我们的人员禁止操作配电设备。", 75,
                           102 + 20 * static_cast<float>(k), 522, 12.0f));
  const float page_body = page_body_size(p, 13.9f);
  EXPECT_FLOAT_EQ(page_body, 12.0f);
  auto blocks = lines_to_paragraphs(p, page_body);
  ASSERT_GE(blocks.size(), 3u);
  EXPECT_EQ(blocks[0].text, "每次工作前的培训")
      << "a tab at the left is not the heading's first line";
  EXPECT_EQ(blocks[1].text, "预防性试验开工前的安全注意事项");
  EXPECT_TRUE(blocks[1].larger_font);
  EXPECT_FALSE(blocks[2].larger_font);
  EXPECT_FLOAT_EQ(page_body_size(p, 10.5f), 10.5f) << "never larger than the document's";
  PdfPage sparse = a4(2);
  sparse.lines = {line("短", 72, 100, 90, 9.0f)};
  EXPECT_FLOAT_EQ(page_body_size(sparse, 13.9f), 13.9f) << "too little text to say";
}

// Section tabs: a different short word at the same top-left spot of many pages is furniture;
// a numbered heading at the top of a page is not.
TEST(PdfLayout, SectionTabsAtOneSpotAreRemoved) {
  std::vector<PdfPage> pages;
  const char* tabs[] = {"应知应会", "应知应会", "工作表格", "合同模板", "岗位职责"};
  for (int n = 1; n <= 5; ++n) {
    PdfPage p = a4(n);
    p.lines.push_back(line(tabs[n - 1], 96, 44, 170, 13.9f));
    p.lines.push_back(line("第" + std::to_string(n) + "页的标题", 200, 80, 400, 16));
    p.lines.push_back(line("正文内容", 72, 120, 500));
    pages.push_back(p);
  }
  PdfPage numbered = a4(6);
  numbered.lines = {line("5 安全措施", 96, 44, 180, 13.9f), line("正文内容", 72, 120, 500)};
  pages.push_back(numbered);
  remove_running_lines(pages);
  for (int n = 0; n < 5; ++n)
    EXPECT_EQ(pages[static_cast<size_t>(n)].lines[0].text.rfind("第", 0), 0u) << "page " << n + 1;
  EXPECT_EQ(pages[5].lines[0].text, "5 安全措施");
}

// OCR boxes leave a gap after a number's dot, as wide as a word gap: the number stays whole
// (0.70, an appendix table's E.1); a gap after a sentence's dot stays a space.
TEST(PdfLayout, AGapAfterANumbersDotIsNoSpace) {
  std::vector<PdfChar> chars;
  float x = 72;
  for (char32_t c : std::u32string(U"表 E. 1 给出 0. 70 m. 1 个")) {
    if (c == U' ') {
      x += 5;  // a word gap, half an em
      continue;
    }
    chars.push_back({c, x, x + 5, 100, 110, 108, 10, false});
    x += 5;
  }
  auto lines = build_lines(chars);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].text, "表 E.1 给出 0.70 m. 1 个");
}

TEST(PdfLayout, ANumbersSeparatorsCountWithItsDigits) {
  ReadConf number;
  for (char32_t c : std::u32string(U"20.35"))
    number.add(c, c == U'.' ? 40.0f : 92.0f);
  EXPECT_EQ(number.number(), 40.0f) << "an unsure separator makes another number";
  ReadConf words;
  for (char32_t c : std::u32string(U"设备，工具"))
    words.add(c, c == U'，' ? 40.0f : 92.0f);
  EXPECT_EQ(words.number(), 100.0f) << "no digits, no number";
}

}  // namespace pdf_layout_test
}  // namespace regreader::parse
