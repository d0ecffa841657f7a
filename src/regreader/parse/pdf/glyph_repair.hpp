#pragma once
// Latin letters that a PDF's ToUnicode map records as Chinese characters.
//
// Standards published through openstd.samr.gov.cn set Latin text in Founder fonts whose codes
// are one GBK double byte: row 0xA0, trail byte 0x80 + the ASCII code. Their ToUnicode maps
// decode that double byte as GBK, so "GB" is extracted as 犌犅 and 附录A as 附录犃. The glyphs
// drawn are Latin: narrow (about half an em) where an ideograph is a full em wide.
//
// The repair is decided per font from the font's own evidence, never from a list per document:
// a font whose ideographs all sit in that GBK row and are drawn narrow is a Latin font, and its
// characters are mapped back through the GBK code (ICU's GBK converter, not a table of ours).

#include <map>
#include <optional>
#include <vector>

#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

/// The ASCII character whose GBK code 0xA0, 0x80 + c decodes to `cp` (犌 -> 'G'), if any.
std::optional<char> gbk_row_a0_ascii(char32_t cp);

/// What one font drew on a page, gathered to decide whether it is a mis-mapped Latin font.
struct FontGlyphStats {
  int ideographs = 0;     ///< characters in the CJK ideograph blocks
  int row_a0 = 0;         ///< ... of which decode from GBK row 0xA0
  int narrow_row_a0 = 0;  ///< ... and are drawn narrower than an ideograph
  int narrow_other = 0;   ///< other ideographs drawn narrow: unreadable glyphs
  int latin = 0;          ///< ASCII letters and digits
  int wide_latin = 0;     ///< ... whose box is an ideograph wide
  void add(char32_t cp, float width, float size);
  /// True when the font's ideographs are Latin glyphs under a GBK ToUnicode map.
  bool is_mapped_latin() const;
  /// True when the font declares its Latin glyphs an ideograph wide, as the mapped Latin fonts
  /// do, though its ToUnicode map is right (GB 17761's `electric bicycle`): no gap shows where a
  /// word ends, and its word spaces are learnt as theirs are (LatinAdvances).
  bool sets_latin_wide() const;
};

/// Word spaces in runs of repaired Latin, and of Latin in fonts that set it an ideograph wide
/// (FontGlyphStats::sets_latin_wide). Such a font declares every glyph an ideograph's width,
/// so a glyph's box overlaps the next and no gap shows where a word ends ("受端系统
/// receiverendsystem"). The producer places each glyph by its own width, so the advance from one
/// letter to the next is half the first's width plus half the second's (GB 38755's Founder
/// fonts centre glyphs: a letter before `m` advances further than before `e`). Each letter's
/// half width is learnt from the document (the pairs of adjacent repaired letters, in
/// units of type size, by alternating medians); an advance exceeding the two halves by a share
/// of the document's median advance holds a space. A character of the run that could not be read
/// (GB 38755's hyphen is a private-use code) ends the run: its width is not known, and it
/// already stands between the words ("receiver\uE011end system").
class LatinAdvances {
 public:
  /// Adds one page's adjacent repaired letters; `repaired[i]` says chars[i] was mapped back.
  void add(const std::vector<PdfChar>& chars, const std::vector<bool>& repaired);
  /// Letter pairs added so far.
  size_t pairs() const { return pairs_.size(); }
  /// Learns the letters' half widths from what was added.
  void solve();
  /// Sets `space_before` on the repaired letters that start a word.
  void mark_spaces(std::vector<PdfChar>& chars, const std::vector<bool>& repaired) const;

 private:
  struct Pair {
    char32_t a, b;
    float ratio;  ///< advance from a to b / type size
  };
  std::vector<Pair> pairs_;
  std::map<char32_t, float> half_;
  float median_ = 0;
  float half(char32_t c) const;
};

/// A character no text layer should hold: the replacement character, private use, controls.
bool is_unreadable(char32_t cp);

}  // namespace regreader::parse
