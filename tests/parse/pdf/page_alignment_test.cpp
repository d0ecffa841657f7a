#include "regreader/parse/pdf/page_alignment.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace page_alignment_test {

std::vector<std::u32string> keys(const std::vector<std::string>& texts) {
  std::vector<std::u32string> out;
  for (const auto& t : texts)
    out.push_back(alignment_key(t));
  return out;
}

TEST(PageAlignment, KeyKeepsLettersDigitsIdeographs) {
  EXPECT_EQ(alignment_key("５．３．４ 50 年一遇，最大风速。"), U"53450年一遇最大风速");
}

TEST(PageAlignment, RepeatedOpeningsAreAnchoredInDocumentOrder) {
  // Page 3 repeats the opening of the paragraph on page 2 (a 条文说明 quoting its clause).
  const auto pages = keys({"第一段的内容在第一页上面", "应按下列规定确定风速的参考值在第二页",
                           "应按下列规定确定风速的参考值的说明在第三页", "最后一段在第四页上"});
  const auto texts = keys({"第一段的内容在第一页上面", "应按下列规定确定风速的参考值在第二页",
                           "应按下列规定确定风速的参考值的说明在第三页", "最后一段在第四页上"});
  const auto placed = PageAligner(pages).place(texts);
  EXPECT_EQ(placed.pages, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(placed.anchored, 4u);
}

TEST(PageAlignment, AFalseMatchAheadIsOutvotedByTheTextsAfterIt) {
  // The second paragraph's opening words are missing from the rendering where it stands but
  // occur on page 3: a greedy search jumped there and put the next paragraphs late.
  const auto pages =
      keys({"第一段的内容在第一页上面", "第三段文字就在第二页里面第四段文字也在第二页里面",
            "第二段的开头词语出现在第三页上", "最后一段在第四页上面"});
  const auto texts =
      keys({"第一段的内容在第一页上面", "第二段的开头词语出现在这里", "第三段文字就在第二页里面",
            "第四段文字也在第二页里面", "最后一段在第四页上面"});
  const auto placed = PageAligner(pages).place(texts).pages;
  EXPECT_EQ(placed[2], 2);
  EXPECT_EQ(placed[3], 2);
  EXPECT_EQ(placed[4], 4);
  EXPECT_LE(placed[1], 2);
}

TEST(PageAlignment, TextsNotFoundFollowTheirNeighbours) {
  const auto pages = keys({"甲乙丙丁戊己庚辛壬癸子丑寅卯", "天地玄黄宇宙洪荒日月盈昃辰宿列张"});
  // The second text was changed by Word fields and is not found; it stays between its anchors.
  const auto texts =
      keys({"甲乙丙丁戊己庚辛壬癸", "一个在渲染里找不到的段落", "天地玄黄宇宙洪荒日月"});
  const auto result = PageAligner(pages).place(texts);
  const auto& placed = result.pages;
  EXPECT_EQ(placed.front(), 1);
  EXPECT_EQ(placed.back(), 2);
  EXPECT_GE(placed[1], 1);
  EXPECT_LE(placed[1], 2);
  EXPECT_EQ(result.anchored, 2u);
}

TEST(PageAlignment, AParagraphOverAPageBreakSaysWhereItTurns) {
  const auto pages = keys({"第一段在第一页开始并且一直写到", "第二页的这里才结束第二段在第二页"});
  const auto texts = keys({"第一段在第一页开始并且一直写到第二页的这里才结束", "第二段在第二页"});
  const auto placed = PageAligner(pages).place(texts);
  EXPECT_EQ(placed.pages, (std::vector<int>{1, 2}));
  ASSERT_EQ(placed.breaks.size(), 2u);
  ASSERT_EQ(placed.breaks[0].size(), 1u);
  EXPECT_EQ(placed.breaks[0][0].first, pages[0].size());  // the key offset of page 2's start
  EXPECT_EQ(placed.breaks[0][0].second, 2);
  EXPECT_TRUE(placed.breaks[1].empty());
}

// A contents page, then chapter 1 on the next page under a running header naming it: the
// heading is too short to be looked for in the whole rendering (it is also a contents entry and
// the header), and was placed where the text before it ends, on the contents page. It is on
// the page where it is printed, found between the anchors around it.
TEST(PageAlignment, AShortHeadingBetweenAnchorsIsOnThePageItIsPrintedOn) {
  const auto pages = keys({"目录 1 总则……2 2 变压器运行……2 3 断路器运行……3 1",
                           "1 总则 1 总则 1.1 本手册适用于变电站一次设备的运行维护。 2"});
  const auto texts = keys({"目录", "1 总则 2", "2 变压器运行 2", "3 断路器运行 3", "1 总则",
                           "1.1 本手册适用于变电站一次设备的运行维护。"});
  const auto placed = PageAligner(pages).place(texts).pages;
  EXPECT_EQ(placed, (std::vector<int>{1, 1, 1, 1, 2, 2}));
}

}  // namespace page_alignment_test
}  // namespace regreader::parse
