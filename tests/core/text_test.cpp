#include "regreader/core/text.hpp"

#include <gtest/gtest.h>

#include <random>

namespace regreader::text {
namespace text_test {

TEST(FoldWidth, FoldsDigitsLettersAndFullStopButKeepsChinesePunctuation) {
  EXPECT_EQ(fold_width("３．１．３"), "3.1.3");
  EXPECT_EQ(fold_width("ＧＢ　２６８６０"), "GB 26860");
  EXPECT_EQ(fold_width("注１：表中，见５．２。"), "注1：表中，见5.2。");
  // Word's Wingdings and Symbol bullets are private-use characters in its exports.
  EXPECT_EQ(fold_width("\uF06C\t电池堆的电压"), "•\t电池堆的电压");
  EXPECT_EQ(fold_width("\uF0B7 储能变流器"), "• 储能变流器");
  EXPECT_EQ(fold_width("\uE000"), "\uE000") << "other private use is kept";
  // A form's check boxes and marks show what they are, not a bullet.
  EXPECT_EQ(fold_width("\uF06F合格 \uF0A8不合格"), "\u25A1合格 \u25A1不合格");
  EXPECT_EQ(fold_width("\uF0FE已检查 \uF0FC"), "\u2611已检查 \u2713");
  EXPECT_EQ(fold_width("ａｂｃ（一）"), "abc（一）");
}

// fold_width and length read the bytes in one pass; they give what decoding to code points
// first gives, valid UTF-8 or not.
TEST(FoldWidth, OnePassGivesWhatFoldingEachCodePointGives) {
  auto reference = [](std::string_view s) {
    std::string out;
    for (char32_t c : to_codepoints(s)) {
      if (c == 0xF06C || c == 0xF075)
        out += "\u2022";
      else if ((c >= 0xFF10 && c <= 0xFF19) || (c >= 0xFF21 && c <= 0xFF3A) ||
               (c >= 0xFF41 && c <= 0xFF5A))
        out.push_back(static_cast<char>(c - 0xFEE0));
      else if (c == 0xFF0E)
        out.push_back('.');
      else if (c == 0x3000 || c == 0x00A0)
        out.push_back(' ');
      else
        append_utf8(out, c);
    }
    return out;
  };
  const std::vector<std::string> pieces = {"a",
                                           "Z",
                                           "5",
                                           " ",
                                           "\u6bcd",
                                           "\uff11",
                                           "\uff21",
                                           "\uff41",
                                           "\uff0e",
                                           "\u3000",
                                           "\u00a0",
                                           "\uf06c",
                                           "\uf075",
                                           "\u3002",
                                           "\xff",
                                           "\xc3",
                                           "\xe4\xb8",
                                           "\xed\xa0\x80",
                                           "\xf0\x9f\x98\x80",
                                           "\x80"};
  std::mt19937 rng(20261129);
  for (int n = 0; n < 3000; ++n) {
    std::string s;
    const int len = static_cast<int>(rng() % 12);
    for (int k = 0; k < len; ++k)
      s += pieces[rng() % pieces.size()];
    EXPECT_EQ(fold_width(s), reference(s)) << s;
    EXPECT_EQ(length(s), to_codepoints(s).size()) << s;
  }
}

TEST(Join, PutsTheSeparatorBetweenPartsOnly) {
  EXPECT_EQ(join({"GB26859", "GB26860"}, ", "), "GB26859, GB26860");
  EXPECT_EQ(join({"表1"}, "、"), "表1");
  EXPECT_EQ(join({}, ", "), "");
}

TEST(CleanSpaces, DropsSpacesBetweenCjkKeepsThemBetweenWords) {
  EXPECT_EQ(clean_spaces("能关合 、 承载 、 开断"), "能关合、承载、开断");
  EXPECT_EQ(clean_spaces("  10  kV   及以下 "), "10 kV 及以下");
  EXPECT_EQ(clean_spaces("GB/T 2900.20 电工术语"), "GB/T 2900.20 电工术语");
}

TEST(CollapseSpaces, KeepsEverySeparation) {
  EXPECT_EQ(collapse_spaces("第一条　 为了 保障"), "第一条 为了 保障");
}

TEST(JoinWrapped, NoSpaceInChineseOneSpaceBetweenLatinWords) {
  std::string s = "工作票是准许在电气设备上";
  join_wrapped(s, "工作的书面安全要求");
  EXPECT_EQ(s, "工作票是准许在电气设备上工作的书面安全要求");
  std::string e = "Safety code of electric";
  join_wrapped(e, "power industry");
  EXPECT_EQ(e, "Safety code of electric power industry");
}

TEST(ParseNumber, ChineseAndAsciiNumerals) {
  EXPECT_EQ(parse_number("一"), 1);
  EXPECT_EQ(parse_number("十"), 10);
  EXPECT_EQ(parse_number("十一"), 11);
  EXPECT_EQ(parse_number("二十三"), 23);
  EXPECT_EQ(parse_number("一百零五"), 105);
  EXPECT_EQ(parse_number("42"), 42);
  EXPECT_FALSE(parse_number("十a").has_value());
  EXPECT_FALSE(parse_number("").has_value());
  EXPECT_EQ(parse_number("一千零一十"), 1010);
  EXPECT_EQ(parse_number("一百一十"), 110);
  EXPECT_EQ(parse_number("〇"), 0);
  EXPECT_EQ(parse_number("两"), 2);
}

// Issue 41: "第一二三章" resolved to chapter 3 and "第一一章" to chapter 1.
TEST(ParseNumber, MalformedNumeralsAreNotNumbers) {
  for (const char* bad : {"一二三", "一一", "十十", "一十百", "二十零", "零五", "百", "一百十",
                          "零零", "二〇一九", "十一一"})
    EXPECT_FALSE(parse_number(bad).has_value()) << bad;
}

TEST(Utf8, LengthAndPrefixCountCodePoints) {
  EXPECT_EQ(length("电力ab"), 4u);
  EXPECT_EQ(prefix("电力安全工作规程", 4), "电力安全");
  EXPECT_EQ(to_codepoints("\xff").front(), U'\uFFFD');
}

TEST(ToInt, DigitsOnlyAndNeverThrowsPastInt) {
  EXPECT_EQ(to_int("42"), 42);
  EXPECT_EQ(to_int("0"), 0);
  EXPECT_FALSE(to_int(""));
  EXPECT_FALSE(to_int("4a"));
  EXPECT_FALSE(to_int("-3"));
  EXPECT_FALSE(to_int("99999999999")) << "std::stoi threw out_of_range here";
}

TEST(WithoutEmphasis, DropsMarkdownsEmphasisMarksOnly) {
  EXPECT_EQ(without_emphasis("**2** 术 语"), "2 术 语");
  EXPECT_EQ(without_emphasis("__4.1__基本规定"), "4.1基本规定");
  EXPECT_EQ(without_emphasis("a*b_c ***"), "a*b_c *") << "single marks are text";
}

}  // namespace text_test
}  // namespace regreader::text
