#include "regreader/parse/structure/document_title.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace document_title_test {

TEST(DocumentTitle, StandardNumbersAsPrinted) {
  EXPECT_EQ(standard_number("GB 26859—2011"), "GB 26859—2011");
  EXPECT_EQ(standard_number("中华人民共和国国家标准GB38755—2019"), "GB 38755—2019");
  EXPECT_EQ(standard_number("ＮＢ／Ｔ３１１４７－２０１８"), "NB/T 31147—2018");
  EXPECT_EQ(standard_number("Q/ FORMTEXT CSG 125008—2016"), "Q/CSG 125008—2016");
  EXPECT_EQ(standard_number("CGB 26859一 2011"), "CGB 26859—2011");  // OCR's reading, kept
  EXPECT_EQ(standard_number("备案号：J 2569—2018"), "");             // a filing number
  EXPECT_EQ(standard_number("ICS 29.020"), "");                      // no year
  EXPECT_EQ(standard_number("电力安全工作规程"), "");
  EXPECT_EQ(standard_number("NB_T 31147-2018 风电场工程"), "NB/T 31147—2018");  // a file's name
}

TEST(DocumentTitle, HtmlAnchorsAreNotTitles) {
  EXPECT_EQ(strip_html_tags("<a name=\"_Toc469558888\"></a>电气操作导则"), "电气操作导则");
  EXPECT_EQ(strip_html_tags("a < b 的情况"), "a < b 的情况");
}

TEST(DocumentTitle, CoverNumberAndNameNeverTheBanner) {
  auto large = [](const std::string& t) {
    RawBlock b;
    b.text = t;
    b.page = 1;
    b.larger_font = true;
    return b;
  };
  RawDocument raw;
  raw.blocks = {large("中华人民共和国国家标准"), large("GB 38755—2019"), large("代替 DL 755—2001"),
                large("电力系统安全稳定导则")};
  EXPECT_EQ(cover_title(raw, ""), "GB 38755—2019 电力系统安全稳定导则");
  EXPECT_EQ(cover_title(raw, "太阳能资源年景评估技术规范"),
            "GB 38755—2019 太阳能资源年景评估技术规范");
  // An official document's red banner names its issuer; the title is the 关于…的通知 line.
  RawDocument notice;
  notice.blocks = {large("国家电网有限公司文件"),
                   large("国家电网有限公司关于加强迎峰度夏安全生产工作的通知")};
  EXPECT_EQ(cover_title(notice, ""), "国家电网有限公司关于加强迎峰度夏安全生产工作的通知");
  RawDocument none;
  none.blocks = {large("湖南电器检测所")};
  EXPECT_EQ(cover_title(none, ""), "湖南电器检测所");
}

// A cover converted to Markdown has no type sizes: its name is the line that reads as one.
TEST(DocumentTitle, UnsizedCoverNamesTheDocumentByItsWords) {
  auto line = [](const std::string& t) {
    RawBlock b;
    b.text = t;
    b.page = 1;
    return b;
  };
  RawDocument md;
  md.blocks = {line("![ref1]"),
               line("**Evaluation Only. Created with a converter.**"),
               line("中华人民共和国国家标准 ~~"),
               line("GB50057-2010"),
               line("建筑物防雷设计规范"),
               line("Design code for protection of structures"),
               line("2010-11-03 发布")};
  EXPECT_EQ(cover_title(md, ""), "GB 50057—2010 建筑物防雷设计规范");
  // A front-matter heading is no name.
  EXPECT_EQ(cover_title(md, "前言"), "GB 50057—2010 建筑物防雷设计规范");
  RawDocument booked;
  booked.blocks = {line("仅供个人参考"), line("《民用建筑电气设计规范》JGJ16-2008"),
                   line("3 供配电系统")};
  EXPECT_EQ(cover_title(booked, ""), "JGJ 16—2008 民用建筑电气设计规范");
  // An official document's title, 关于…的通知; a part's heading that ends like a name (总体要求)
  // is a chapter.
  RawDocument notice;
  notice.blocks = {line("关于加强迎峰度夏期间安全生产工作的通知"), line("各单位："),
                   line("一、总体要求"), line("（一）工作要求"), line("1.安全要求")};
  EXPECT_EQ(cover_title(notice, ""), "关于加强迎峰度夏期间安全生产工作的通知");
  notice.blocks.erase(notice.blocks.begin());
  EXPECT_EQ(cover_title(notice, ""), "");
  // A line that does not end like a name is not taken for one.
  RawDocument plain;
  plain.blocks = {line("GB 50034—2013"), line("本标准适用于新建建筑的照明设计。")};
  EXPECT_EQ(cover_title(plain, ""), "GB 50034—2013");
  EXPECT_TRUE(names_a_document("电力安全工作规程"));
  EXPECT_TRUE(names_a_document("中华人民共和国消防法"));
  EXPECT_FALSE(names_a_document("电气设备的检修"));
}

}  // namespace document_title_test
}  // namespace regreader::parse
