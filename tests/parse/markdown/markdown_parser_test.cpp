#include "regreader/parse/markdown/markdown_parser.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::parse {
namespace markdown_parser_test {

TEST(MarkdownParser, HeadingsParagraphsListsAndTables) {
  const char* md =
      "# 示例规程\n\n## 5 倒闸操作\n\n5.1.1 倒闸操作应由两人进行，\n一人操作，一人监护。\n\n"
      "- 第一项\n- 第二项\n\n> 引用的段落\n\n<!-- 注释 -->\n\n"
      "| 电压等级 kV | 安全距离 m |\n|---|---:|\n| 10 及以下 | 0.70 |\n| a \\| b | 1.00 |\n";
  RawDocument raw = parse_markdown(md, true, ParseOptions{});
  ASSERT_EQ(raw.blocks.size(), 7u);
  EXPECT_EQ(raw.title, "示例规程");
  EXPECT_EQ(raw.blocks[0].heading_level, 1);
  EXPECT_EQ(raw.blocks[1].heading_level, 2);
  EXPECT_EQ(raw.blocks[1].text, "5 倒闸操作");
  EXPECT_EQ(raw.blocks[2].text, "5.1.1 倒闸操作应由两人进行，一人操作，一人监护。");
  EXPECT_TRUE(raw.blocks[3].list_item);
  EXPECT_TRUE(raw.blocks[4].list_item);
  EXPECT_EQ(raw.blocks[5].text, "引用的段落");
  ASSERT_TRUE(raw.blocks[6].table.has_value());
  const auto& t = *raw.blocks[6].table;
  EXPECT_EQ(t.row_count, 3);
  EXPECT_EQ(t.col_count, 2);
  EXPECT_EQ(t.cell_text(1, 1), "0.70");
  EXPECT_EQ(t.cell_text(2, 0), "a | b");
  EXPECT_EQ(t.col_headers, (std::vector<std::string>{"电压等级 kV", "安全距离 m"}));
}

// Word-to-Markdown converters escape the dot of a clause number so that it is no list: the
// escape is Markdown's, the text is "1.0.1"; plain text keeps its backslashes.
TEST(MarkdownParser, BackslashEscapesAreTheCharactersTheyEscape) {
  const char* md =
      "## 2\\.0 术语\\*\n\n1\\.0.1  为确保消防安全，制定本标准。\n\n"
      "| 电压 | 距离\\* |\n|---|---|\n| 10\\.5 | 0.70 |\n\nC:\\路径 不变\n";
  RawDocument raw = parse_markdown(md, true, ParseOptions{});
  ASSERT_EQ(raw.blocks.size(), 4u);
  EXPECT_EQ(raw.blocks[0].text, "2.0 术语*");
  EXPECT_EQ(raw.blocks[1].text, "1.0.1  为确保消防安全，制定本标准。");
  ASSERT_TRUE(raw.blocks[2].table.has_value());
  EXPECT_EQ(raw.blocks[2].table->cell_text(1, 0), "10.5");
  EXPECT_EQ(raw.blocks[2].table->col_headers[1], "距离*");
  EXPECT_EQ(raw.blocks[3].text, "C:\\路径 不变") << "a backslash before a letter stays";
  const RawDocument plain = parse_markdown("1\\.0.1 文本\n", false, ParseOptions{});
  ASSERT_EQ(plain.blocks.size(), 1u);
  EXPECT_EQ(plain.blocks[0].text, "1\\.0.1 文本");
}

// A converter's table whose header cells were merged: the delimiter row is blank under them.
TEST(MarkdownParser, ADelimiterRowWithBlankCellsOpensATable) {
  const char* md =
      "表 F.1 标示牌式样\n\n  |名称  |悬挂处  |式样  |式样  |\n  |---  |  |  |  |\n"
      "  |名称  |悬挂处  |颜色  |字样  |\n  |在此工作!  |工作地点  |绿底  |黑字  |\n\n"
      "| 甲 | 乙 |\n| 丙 | 丁 |\n";
  RawDocument raw = parse_markdown(md, true, ParseOptions{});
  ASSERT_EQ(raw.blocks.size(), 3u);
  ASSERT_TRUE(raw.blocks[1].table.has_value());
  EXPECT_EQ(raw.blocks[1].table->row_count, 3);
  EXPECT_EQ(raw.blocks[1].table->cell_text(2, 0), "在此工作!");
  EXPECT_FALSE(raw.blocks[2].table.has_value()) << "no delimiter row, no table";
}

TEST(MarkdownParser, PageMarkersGiveRealPages) {
  RawDocument raw =
      parse_markdown("<!-- page 4 -->\n第一段\n\n<!-- page 5 -->\n第二段\n\f第三段\n", true, {});
  ASSERT_EQ(raw.blocks.size(), 3u);
  EXPECT_EQ(raw.paging, model::Paging::kReal);
  EXPECT_EQ(raw.blocks[0].page, 4);
  EXPECT_EQ(raw.blocks[1].page, 5);
  EXPECT_EQ(raw.blocks[2].page, 6);
  EXPECT_EQ(raw.page_count, 6);
}

TEST(MarkdownParser, PlainTextFormFeedsArePageBreaks) {
  RawDocument raw = parse_markdown("第一页\n\f第二页\n换行续写\n\n第二段", false, {});
  ASSERT_EQ(raw.blocks.size(), 3u);
  EXPECT_EQ(raw.blocks[1].text, "第二页换行续写");
  EXPECT_EQ(raw.blocks[1].page, 2);
  EXPECT_EQ(raw.blocks[0].heading_level, 0);
}

// Plain text saved by a word processor has a paragraph a line; text wrapped at a width (as
// pdftotext writes it) has lines that run on. A numbered line always opens a paragraph; a line
// that ends a sentence, or in wrapped text stops short of the width, ends one.
TEST(MarkdownParser, PlainTextLinesAreParagraphsUnlessWrapped) {
  const RawDocument saved = parse_markdown(
      "关于加强安全生产工作的通知\n一、总体要求\n（一）指导思想\n坚持安全第一的方针。\n"
      "1.杜绝人身死亡事故。\n2.杜绝误操作事故。\n",
      false, {});
  std::vector<std::string> texts;
  for (const auto& b : saved.blocks)
    texts.push_back(b.text);
  EXPECT_EQ(texts, (std::vector<std::string>{"关于加强安全生产工作的通知", "一、总体要求",
                                             "（一）指导思想", "坚持安全第一的方针。",
                                             "1.杜绝人身死亡事故。", "2.杜绝误操作事故。"}));
  // Lines of every length, few at the longest: each is a paragraph, though the title runs
  // nearly as long as the longest line and ends in no stop.
  const RawDocument unwrapped = parse_markdown(
      "国网某某供电公司关于开展防汛隐患排查工作的通知\n各单位：\n"
      "为做好今年防汛工作，现将有关事项通知如下。\n一、排查范围\n"
      "各变电站、输电线路通道及配电站房。\n二、工作要求\n"
      "排查中发现的隐患应建立台账，明确整改的责任人和完成期限。\n"
      "各单位应于6月15日前完成排查并报安质部\n",
      false, {});
  ASSERT_EQ(unwrapped.blocks.size(), 8u);
  EXPECT_EQ(unwrapped.blocks[0].text, "国网某某供电公司关于开展防汛隐患排查工作的通知");
  const RawDocument wrapped = parse_markdown(
      "4 基本要求\n"
      "4.1.1 运行值班人员应经安全规程考试合格后方可上岗，每年考试一次，考试不合格\n"
      "者不得上岗，新参加工作的人员应在有经验的值班人员监护下工作，时间不少于\n"
      "3 个月。\n"
      "4.1.2 倒闸操作应根据值班调度员或运行值班负责人的指令进行，受令人复诵无误\n"
      "后执行。\n",
      false, {});
  texts.clear();
  for (const auto& b : wrapped.blocks)
    texts.push_back(b.text);
  ASSERT_EQ(texts.size(), 3u) << ::testing::PrintToString(texts);
  EXPECT_EQ(texts[0], "4 基本要求");
  EXPECT_TRUE(texts[1].ends_with("时间不少于3 个月。")) << texts[1];
  EXPECT_TRUE(texts[2].ends_with("受令人复诵无误后执行。")) << texts[2];
}

TEST(MarkdownParser, SyntheticPagesBreakBetweenParagraphs) {
  std::string md;
  for (int i = 0; i < 30; ++i)
    md += std::string(100, 'x') + "\n\n";
  ParseOptions o;
  o.synthetic_page_chars = 1000;
  RawDocument raw = parse_markdown(md, true, o);
  EXPECT_EQ(raw.paging, model::Paging::kSynthetic);
  EXPECT_EQ(raw.page_count, 3);
  EXPECT_EQ(raw.blocks[9].page, 1);
  EXPECT_EQ(raw.blocks[10].page, 2);
}

TEST(MarkdownParser, FilesMustBeUtf8Text) {
  TempDir tmp;
  auto bad = tmp.path() / "gbk.md";
  std::ofstream(bad) << "\xb5\xe7\xc1\xa6";  // 电力 in GBK
  try {
    parse_markdown_file(bad, true, {});
    FAIL() << "expected a ParseError";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kCorruptFile);
    EXPECT_NE(std::string(e.what()).find("UTF-8"), std::string::npos);
  }
  auto blank = tmp.path() / "blank.md";
  std::ofstream(blank) << "\n  \n";
  EXPECT_THROW(parse_markdown_file(blank, true, {}), ParseError);
}

// Lines are matched by RE2 (linear, no recursion): a megabyte line is read, not a stack overflow.
TEST(MarkdownParser, MegabyteLinesAreRead) {
  std::string title;
  while (title.size() < (1u << 20))
    title += "标题";
  std::string item = "- " + title;
  const RawDocument raw = parse_markdown("# " + title + " #\n\n" + item + "\n\n<!-- " + title +
                                             " -->\n\n" + "|" + title + "|\n|---|\n",
                                         true, ParseOptions{});
  ASSERT_EQ(raw.blocks.size(), 3u);
  EXPECT_EQ(raw.blocks[0].heading_level, 1);
  EXPECT_EQ(raw.blocks[0].text, title);
  EXPECT_TRUE(raw.blocks[1].list_item);
  EXPECT_TRUE(raw.blocks[2].table.has_value());
}

// "." of the old patterns did not match a carriage return; [^\n\r] keeps that.
TEST(MarkdownParser, ALoneCarriageReturnEndsNoHeading) {
  const RawDocument raw = parse_markdown("# 标题\r正文\n", true, ParseOptions{});
  ASSERT_EQ(raw.blocks.size(), 1u);
  EXPECT_EQ(raw.blocks[0].heading_level, 0);
}

}  // namespace markdown_parser_test
}  // namespace regreader::parse

namespace regreader::parse {
namespace markdown_parser_test {

// Found by fuzz/fuzz_markdown: a page marker with a number past int threw std::out_of_range,
// and one of 99,999,999 made as many empty pages (4.8 GB).
TEST(MarkdownFuzzRegressions, APageMarkerPastAnyDocumentIsAnOrdinaryComment) {
  for (const char* marker : {"<!-- page 99999999999 -->", "<!-- page 99999999 -->"}) {
    const auto raw = parse_markdown(std::string(marker) + "\n\n正文。\n", true, {});
    ASSERT_FALSE(raw.blocks.empty()) << marker;
    EXPECT_EQ(raw.blocks.back().text, "正文。");
    EXPECT_LE(raw.page_count, 1) << marker;
  }
}

}  // namespace markdown_parser_test
}  // namespace regreader::parse
