// Blocks found again on the printed page (the reading room's boxes over the page image).

#include "regreader/parse/pdf/block_rects.hpp"

#include <gtest/gtest.h>

#include "regreader/parse/parse_document.hpp"
#include "test_support.hpp"

namespace regreader::parse {
namespace block_rects_test {

TEST(BlockRects, EveryBlockOfAPageIsFoundInOrderInsideThePage) {
  const auto doc = parse_document(testing::sample_pdf(), "S", {});
  const PdfDocument pdf(testing::sample_pdf());
  int located = 0, total = 0;
  for (const auto& p : doc.pages) {
    const auto content = glyphs_of(pdf.read_page(p.page_num - 1));
    std::vector<std::string> texts;
    for (const auto& b : p.content_blocks)
      texts.push_back(b.content_markdown);
    const auto rects = locate_texts(content, texts);
    ASSERT_EQ(rects.size(), texts.size());
    float last_top = -1;
    for (size_t i = 0; i < rects.size(); ++i) {
      ++total;
      if (!rects[i]) {
        ADD_FAILURE() << "not located, page " << p.page_num << ": " << texts[i];
        continue;
      }
      ++located;
      const auto& r = *rects[i];
      EXPECT_LT(r.x0, r.x1);
      EXPECT_LT(r.y0, r.y1);
      EXPECT_GE(r.x0, 0);
      EXPECT_LE(r.x1, content.width);
      EXPECT_LE(r.y1, content.height);
      EXPECT_GE(r.y0 + 1, last_top)
          << "page " << p.page_num << " block " << i << ": one column, so blocks run down the page";
      last_top = r.y0;
    }
  }
  EXPECT_EQ(located, total) << "the sample's text layer holds every block";
}

TEST(BlockRects, IngestStoresEveryBlocksRectangleAndThePageSize) {
  const auto doc = parse_document(testing::sample_pdf(), "S", {});
  for (const auto& p : doc.pages) {
    EXPECT_GT(p.width, 500);
    EXPECT_GT(p.height, 700);
    for (const auto& b : p.content_blocks)
      EXPECT_TRUE(b.rect) << "page " << p.page_num << ": " << b.content_markdown;
  }
}

TEST(BlockRects, TextNotOnThePageHasNoRectangle) {
  const PdfDocument pdf(testing::sample_pdf());
  const auto content = glyphs_of(pdf.read_page(2));
  const auto rects = locate_texts(content, {"这段文字不在此页上出现过的内容", "设备不停电时"});
  ASSERT_EQ(rects.size(), 2u);
  EXPECT_FALSE(rects[0]);
  EXPECT_TRUE(rects[1]);
}

TEST(BlockRects, AMatchingBeginningWithAnotherEndingIsNotLocated) {
  const PdfDocument pdf(testing::sample_pdf());
  const auto content = glyphs_of(pdf.read_page(2));
  // Starts like 6.1.1 on this page but ends with words that are not there: no guessed box.
  const auto rects = locate_texts(
      content,
      {"6.1.1 设备不停电时，工作人员与带电设备的距离不得小于某某某某某某完全不同的结尾文字"});
  EXPECT_FALSE(rects[0]);
}

}  // namespace block_rects_test
}  // namespace regreader::parse
