#include "regreader/parse/office/docx_numbering.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace docx_numbering_test {

// Two numbering definitions as Word writes them: multi-level clause numbers and a list.
constexpr const char* kNumbering = R"xml(<?xml version="1.0"?>
<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
  <w:abstractNum w:abstractNumId="0">
    <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1"/></w:lvl>
    <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl>
    <w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2.%3"/></w:lvl>
  </w:abstractNum>
  <w:abstractNum w:abstractNumId="1">
    <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="chineseCounting"/><w:lvlText w:val="%1、"/></w:lvl>
    <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2)"/></w:lvl>
    <w:lvl w:ilvl="2"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl>
  </w:abstractNum>
  <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
  <w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
  <w:num w:numId="3"><w:abstractNumId w:val="0"/>
    <w:lvlOverride w:ilvl="0"><w:startOverride w:val="5"/></w:lvlOverride></w:num>
</w:numbering>)xml";

DocxNumbering load() {
  pugi::xml_document doc;
  doc.load_string(kNumbering);
  return DocxNumbering(doc);
}

TEST(DocxNumbering, MultiLevelClauseNumbersCountAndReset) {
  auto n = load();
  EXPECT_EQ(n.next_label("1", 0), "1");
  EXPECT_EQ(n.next_label("1", 1), "1.1");
  EXPECT_EQ(n.next_label("1", 2), "1.1.1");
  EXPECT_EQ(n.next_label("1", 2), "1.1.2");
  EXPECT_EQ(n.next_label("1", 1), "1.2");
  EXPECT_EQ(n.next_label("1", 0), "2");
  EXPECT_EQ(n.next_label("1", 2), "2.1.1") << "a skipped level shows its start value";
}

TEST(DocxNumbering, ChineseLettersAndBullets) {
  auto n = load();
  EXPECT_EQ(n.next_label("2", 0), "一、");
  EXPECT_EQ(n.next_label("2", 1), "a)");
  EXPECT_EQ(n.next_label("2", 1), "b)");
  EXPECT_EQ(n.next_label("2", 2), "");
  EXPECT_EQ(n.next_label("2", 0), "二、");
  EXPECT_EQ(n.next_label("2", 1), "a)");
  EXPECT_EQ(n.next_label("9", 0), "") << "unknown numbering id";
}

TEST(DocxNumbering, StartOverrides) {
  auto n = load();
  EXPECT_EQ(n.next_label("3", 0), "5");
}

TEST(DocxNumbering, NumberFormats) {
  EXPECT_EQ(format_word_number(12, "chineseCounting"), "十二");
  EXPECT_EQ(format_word_number(23, "chineseCounting"), "二十三");
  EXPECT_EQ(format_word_number(4, "upperRoman"), "IV");
  EXPECT_EQ(format_word_number(28, "lowerLetter"), "bb");
  EXPECT_EQ(format_word_number(3, "decimalEnclosedCircle"), "③");
  EXPECT_EQ(format_word_number(7, "decimal"), "7");
}

// The ideograph formats Chinese documents number with: a label Word draws as 第一章 must not be
// stored as 第1章 (a silently wrong number: searched, cited and compared with the page).
TEST(DocxNumbering, IdeographFormatsAreDrawnAsWordDrawsThem) {
  EXPECT_EQ(format_word_number(1, "taiwaneseCountingThousand"), "一")
      << "LibreOffice's export of 一, 二, 三";
  EXPECT_EQ(format_word_number(10, "chineseCountingThousand"), "十");
  EXPECT_EQ(format_word_number(15, "japaneseCounting"), "十五");
  EXPECT_EQ(format_word_number(100, "chineseCounting"), "一百");
  EXPECT_EQ(format_word_number(105, "chineseCounting"), "一百零五");
  EXPECT_EQ(format_word_number(112, "chineseCounting"), "一百一十二");
  EXPECT_EQ(format_word_number(105, "ideographDigital"), "一〇五");
  EXPECT_EQ(format_word_number(3, "ideographTraditional"), "丙");
  EXPECT_EQ(format_word_number(11, "ideographTraditional"), "甲") << "the stems repeat";
  EXPECT_EQ(format_word_number(2, "ideographZodiac"), "丑");
  EXPECT_EQ(format_word_number(23, "chineseLegalSimplified"), "贰拾叁");
  EXPECT_EQ(format_word_number(4, "decimalEnclosedParen"), "⑷");
  EXPECT_EQ(format_word_number(4, "decimalEnclosedFullstop"), "⒋");
  EXPECT_EQ(format_word_number(21, "decimalEnclosedCircle"), "21");
  EXPECT_EQ(format_word_number(7, "decimalZero"), "07");
}

}  // namespace docx_numbering_test
}  // namespace regreader::parse
