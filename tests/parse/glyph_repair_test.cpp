#include "regreader/parse/glyph_repair.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace {

TEST(GlyphRepair, GbkRowA0DecodesToAscii) {
  // What openstd PDFs extract for "GB", "附录A" and "Code".
  EXPECT_EQ(gbk_row_a0_ascii(U'犌'), 'G');
  EXPECT_EQ(gbk_row_a0_ascii(U'犅'), 'B');
  EXPECT_EQ(gbk_row_a0_ascii(U'犃'), 'A');
  EXPECT_EQ(gbk_row_a0_ascii(U'犆'), 'C');
  EXPECT_EQ(gbk_row_a0_ascii(U'狅'), 'o');
  EXPECT_EQ(gbk_row_a0_ascii(U'犱'), 'd');
  EXPECT_EQ(gbk_row_a0_ascii(U'犲'), 'e');
  // Ordinary characters are not in that row.
  EXPECT_FALSE(gbk_row_a0_ascii(U'电'));
  EXPECT_FALSE(gbk_row_a0_ascii(U'犯'));
  EXPECT_FALSE(gbk_row_a0_ascii(U'A'));
}

TEST(GlyphRepair, ALatinFontIsNarrowRowA0Glyphs) {
  FontGlyphStats latin;
  for (char32_t c : std::u32string(U"犌犅犃犆狅犱犲"))
    latin.add(c, 5.0f, 10.5f);  // half an em wide
  EXPECT_TRUE(latin.is_mapped_latin());

  FontGlyphStats song;  // a Chinese font: full-width ideographs
  for (char32_t c : std::u32string(U"电力系统安全稳定导则"))
    song.add(c, 10.5f, 10.5f);
  EXPECT_FALSE(song.is_mapped_latin());

  // A rare row-0xA0 ideograph drawn a full em wide inside Chinese text is left alone.
  FontGlyphStats rare;
  rare.add(U'犌', 10.5f, 10.5f);
  for (char32_t c : std::u32string(U"电力系统"))
    rare.add(c, 10.5f, 10.5f);
  EXPECT_FALSE(rare.is_mapped_latin());
  EXPECT_EQ(rare.narrow_other, 0);
}

}  // namespace
}  // namespace regreader::parse
