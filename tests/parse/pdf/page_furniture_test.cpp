#include "regreader/parse/pdf/page_furniture.hpp"

#include <gtest/gtest.h>

#include "parse/raw_blocks.hpp"

namespace regreader::parse {
namespace page_furniture_test {

using fixtures::para;

TEST(PageFurniture, RunningHeadersReadDifferentlyOnEveryPage) {
  RawDocument raw;
  const std::vector<std::string> headers = {"GB 26859—2011", "CGB 26859一 2011", "GB 28659一2011",
                                            "GB 26859一 2011", "GB 26859-2011"};
  const std::vector<std::string> body = {"工作票应保存一年。", "验电前应先在有电设备上试验。",
                                         "装设接地线应先接接地端。", "高处作业应使用安全带。",
                                         "起重作业应有专人指挥。"};
  for (int p = 1; p <= 5; ++p) {
    raw.blocks.push_back(para(headers[static_cast<size_t>(p - 1)], p));
    raw.blocks.push_back(para("5." + std::to_string(p) + " 一般要求", p));
    raw.blocks.push_back(para(body[static_cast<size_t>(p - 1)], p));
  }
  const auto running = running_paragraphs(raw);
  EXPECT_EQ(running, (std::set<size_t>{0, 3, 6, 9, 12}));
}

TEST(PageFurniture, RepeatedTitlesOfClausesAreNotRunningLines) {
  RawDocument raw;
  for (int p = 1; p <= 5; ++p) {
    raw.blocks.push_back(para(std::to_string(p) + ".1 一般要求", p));  // numbered: kept
    raw.blocks.push_back(para("续表1 设备不停电时的安全距离", p));     // a continued table
  }
  EXPECT_TRUE(running_paragraphs(raw).empty());
}

TEST(PageFurniture, AFormFieldOnConsecutivePagesIsContent) {
  // Found over the whole corpus: 湖南电力手册's forms (pp24-26) each start with "任务编号：".
  RawDocument raw;
  const std::vector<std::string> titles = {"出发前工作核查表（一）", "出发前工作核查表（二）",
                                           "开始前安全措施核查表"};
  for (int p = 1; p <= 3; ++p) {
    raw.blocks.push_back(para("任务编号：", p));
    raw.blocks.push_back(para(titles[static_cast<size_t>(p - 1)], p));
  }
  EXPECT_TRUE(running_paragraphs(raw).empty());
}

TEST(PageFurniture, AnOcrContentsPageWithoutDotsIsFoundByItsRepeats) {
  RawDocument raw;
  // Page 2: what OCR left of a 目次 (no title, no leader dots, noise).
  for (const char* t : {"前言", "10 配电设备上的工作 -reseer", "11 带电作业 ee", "附录C 资料性附录",
                        "附录D (资料性附录) 紧急抢修单格式本本本本"})
    raw.blocks.push_back(para(t, 2));
  raw.blocks.push_back(para("2 规范性引用文件", 4));
  raw.blocks.push_back(para("下列文件对于本文件的应用是必不可少的。", 4));
  raw.blocks.push_back(para("10 配电设备上的工作", 9));
  raw.blocks.push_back(para("11 带电作业", 10));
  raw.blocks.push_back(para("附录C (资料性附录) 电力线路带电作业工作票格式", 12));
  raw.blocks.push_back(para("附录D (资料性附录) 紧急抢修单格式", 13));
  for (int p = 14; p <= 20; ++p)
    raw.blocks.push_back(para("表格", p));
  EXPECT_EQ(contents_pages_by_repeats(raw, {}), std::set<int>{2});
}

TEST(PageFurniture, ClausesQuotedAgainInAnExplanationAreNotContents) {
  RawDocument raw;
  raw.blocks.push_back(para("1 总则", 3));
  for (int c = 1; c <= 4; ++c) {
    raw.blocks.push_back(
        para("4.1." + std::to_string(c) + " 测风塔的位置应具有代表性，且周围开阔。", 4));
    raw.blocks.push_back(para("4.1." + std::to_string(c) + " 本条说明测风塔位置的要求。", 12));
  }
  for (int p = 5; p <= 11; ++p)
    raw.blocks.push_back(para("正文", p));
  EXPECT_TRUE(contents_pages_by_repeats(raw, {}).empty());
}

TEST(PageFurniture, NeverChapters) {
  EXPECT_TRUE(never_a_chapter("目  次"));
  EXPECT_TRUE(never_a_chapter("Contents"));
  EXPECT_TRUE(never_a_chapter("中华人民共和国国家标准"));
  EXPECT_TRUE(never_a_chapter("中华人民共和国能源行业标准"));
  EXPECT_FALSE(never_a_chapter("前言"));
  EXPECT_FALSE(never_a_chapter("中华人民共和国电力法第一章总则的适用范围说明"));
  for (const char* date :
       {"2016.12.27", "2016年12月27日", "２０１９－０３－０１", "2019年3月", "实施日期： 年 月 日"})
    EXPECT_TRUE(is_date_line(date)) << date;
  for (const char* text : {"2016年12月27日起施行", "1998年", "5.2.1", "2016.12.27 发布的规程"})
    EXPECT_FALSE(is_date_line(text)) << text;
}

}  // namespace page_furniture_test
}  // namespace regreader::parse
