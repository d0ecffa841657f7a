#include "regreader/parse/ocr/colour_ink.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace colour_ink_test {

PixelImage rgb_row(const std::vector<std::array<uint8_t, 3>>& px) {
  PixelImage img;
  img.width = static_cast<int>(px.size());
  img.height = 1;
  img.channels = 3;
  img.stride = img.width * 3 + 2;  // padded rows, as renderers give them
  img.pixels.assign(static_cast<size_t>(img.stride), 0);
  for (size_t i = 0; i < px.size(); ++i)
    for (size_t c = 0; c < 3; ++c)
      img.pixels[i * 3 + c] = px[i][c];
  return img;
}

TEST(ColourInk, SealRedTurnsLightAndBlackPrintStaysDark) {
  InkFilterStats stats;
  const auto gray = to_ocr_gray(rgb_row({{{0, 0, 0}},        // black print
                                         {{255, 255, 255}},  // paper
                                         {{220, 60, 50}},    // seal red
                                         {{60, 10, 10}},     // print under the seal
                                         {{128, 128, 128}},  // grey print
                                         {{40, 60, 200}}}),  // blue stamp
                                &stats);
  ASSERT_EQ(gray.channels, 1);
  ASSERT_EQ(gray.width, 6);
  EXPECT_LT(gray.pixels[0], 10);
  EXPECT_GT(gray.pixels[1], 245);
  EXPECT_GT(gray.pixels[2], 200) << "luminance would make the seal a mid-grey stroke ("
                                 << (220 * 299 + 60 * 587 + 50 * 114) / 1000 << ")";
  EXPECT_LT(gray.pixels[3], 80) << "print under the seal must stay ink";
  EXPECT_EQ(gray.pixels[4], 128);
  EXPECT_GT(gray.pixels[5], 190);
  EXPECT_EQ(stats.coloured_pixels, 3);
  EXPECT_EQ(stats.pixels, 6);
}

TEST(ColourInk, GreyInputIsReturnedAsItIs) {
  PixelImage g;
  g.width = 2;
  g.height = 1;
  g.stride = 2;
  g.pixels = {10, 200};
  EXPECT_EQ(to_ocr_gray(g).pixels, g.pixels);
}

}  // namespace colour_ink_test
}  // namespace regreader::parse
