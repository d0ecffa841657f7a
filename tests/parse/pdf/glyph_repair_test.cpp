#include "regreader/parse/pdf/glyph_repair.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "regreader/core/text.hpp"

namespace regreader::parse {
namespace glyph_repair_test {

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

// A font that declares its Latin letters an ideograph wide (GB 17761's: `electric bicycle`
// extracted right, but every box a full em) has its word spaces learnt as repaired Latin's; a
// roman face, whose widest letters (W, M) stay under an em, and a font of a few letters do not.
TEST(GlyphRepair, AFontSettingLatinAnIdeographWideIsTold) {
  FontGlyphStats wide, roman, few;
  for (char32_t c : std::u32string(U"electricbicycle"))
    wide.add(c, 9.7f, 9.7f);
  const std::u32string letters = U"WMWMelectric";
  for (char32_t c : letters)
    roman.add(c, c == U'W' || c == U'M' ? 0.94f * 10.5f : 0.44f * 10.5f, 10.5f);
  for (char32_t c : std::u32string(U"GB"))
    few.add(c, 10.5f, 10.5f);
  EXPECT_TRUE(wide.sets_latin_wide());
  EXPECT_FALSE(roman.sets_latin_wide());
  EXPECT_FALSE(few.sets_latin_wide());
  EXPECT_FALSE(wide.is_mapped_latin()) << "its text is right: nothing is mapped back";
}

// A line of repaired Latin as an openstd PDF draws it: every glyph's box a full em wide (the
// font's widths are an ideograph's), each glyph centred on its own width, so the advance from one
// letter to the next is half of each; a word space adds a quarter em.
struct LatinLine {
  std::vector<PdfChar> chars;
  std::vector<bool> repaired;
};

LatinLine draw_latin(const std::string& words, float size, float baseline) {
  // Widths in em, as a Times-like face has them.
  static const std::map<char, float> width = {
      {'a', .44f}, {'b', .5f},  {'c', .44f}, {'d', .5f},  {'e', .44f}, {'f', .33f},
      {'g', .5f},  {'h', .5f},  {'i', .28f}, {'j', .28f}, {'k', .5f},  {'l', .28f},
      {'m', .78f}, {'n', .5f},  {'o', .5f},  {'p', .5f},  {'q', .5f},  {'r', .33f},
      {'s', .39f}, {'t', .28f}, {'u', .5f},  {'v', .5f},  {'w', .72f}, {'x', .5f},
      {'y', .5f},  {'z', .44f}, {'B', .67f}, {'C', .67f}, {'D', .72f}, {'G', .72f}};
  LatinLine line;
  float x = 50;
  char prev = 0;
  bool gap = false;
  for (char c : words) {
    if (c == ' ') {
      gap = true;
      continue;
    }
    if (prev) x += (width.at(prev) + width.at(c)) / 2 * size + (gap ? 0.25f * size : 0);
    PdfChar ch;
    ch.c = static_cast<char32_t>(c);
    ch.x0 = x;
    ch.x1 = x + size;  // the font's lie: an ideograph's width
    ch.y0 = baseline - size;
    ch.y1 = baseline;
    ch.baseline = baseline;
    ch.size = size;
    line.chars.push_back(ch);
    line.repaired.push_back(true);
    prev = c;
    gap = false;
  }
  return line;
}

std::string text_of(const LatinLine& line) {
  return build_lines(line.chars).at(0).text;
}

// English terms as a standard's definitions print them; a document's worth of letters to learn
// from. "DC" is the only D and C: their widths are not learnt, but guessed from the capitals'.
const std::vector<std::string>& english_terms() {
  static const std::vector<std::string> lines = {
      "power system security and power system security analysis",
      "rotor angle stability",
      "small disturbance stability",
      "frequency stability",
      "important load",
      "receiver end system",
      "multi infeed DC short circuit ratio",
      "GB",
      "GB",
      "GB"};
  return lines;
}

TEST(GlyphRepair, WordSpacesOfRepairedLatinComeFromTheLettersWidths) {
  const auto& lines = english_terms();
  LatinAdvances adv;
  std::vector<LatinLine> drawn;
  for (size_t i = 0; i < lines.size(); ++i) {
    // The cover's line is set larger than the body: widths are learnt per unit of type size.
    drawn.push_back(draw_latin(lines[i], i == 0 ? 27.3f : 10.5f, 100.0f + 40.0f * i));
    adv.add(drawn.back().chars, drawn.back().repaired);
  }
  adv.solve();
  for (size_t i = 0; i < lines.size(); ++i) {
    SCOPED_TRACE(lines[i]);
    // Without the widths no gap shows: the boxes overlap, and the words run together.
    EXPECT_EQ(text_of(drawn[i]), text::strip_spaces(lines[i]));
    adv.mark_spaces(drawn[i].chars, drawn[i].repaired);
    EXPECT_EQ(text_of(drawn[i]), lines[i]);
  }
}

TEST(GlyphRepair, AnUnreadableGlyphEndsARunOfRepairedLatin) {
  LatinAdvances adv;
  for (const auto& words : english_terms()) {
    const LatinLine l = draw_latin(words, 10.5f, 100);
    adv.add(l.chars, l.repaired);
  }
  adv.solve();
  LatinLine line = draw_latin("receiver end system", 10.5f, 100);
  // The font's hyphen, a private-use code, between "receiver" and "end": its width is unknown.
  PdfChar hyphen = line.chars[8];
  hyphen.c = 0xE011;
  hyphen.x0 = (line.chars[7].x0 + line.chars[8].x0) / 2;
  hyphen.x1 = hyphen.x0 + 10.5f;
  line.chars.insert(line.chars.begin() + 8, hyphen);
  line.repaired.insert(line.repaired.begin() + 8, false);
  adv.mark_spaces(line.chars, line.repaired);
  EXPECT_FALSE(line.chars[8].space_before);
  EXPECT_FALSE(line.chars[9].space_before);  // "end" follows the hyphen, as drawn
  EXPECT_TRUE(line.chars[12].space_before);  // "system"
  // Letters not repaired (a font that is Latin already) are never given a space here.
  LatinLine plain = draw_latin("end system", 10.5f, 100);
  plain.repaired.assign(plain.repaired.size(), false);
  adv.mark_spaces(plain.chars, plain.repaired);
  for (const auto& c : plain.chars)
    EXPECT_FALSE(c.space_before);
}

}  // namespace glyph_repair_test
}  // namespace regreader::parse
