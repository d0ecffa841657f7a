#include "regreader/parse/glyph_repair.hpp"

#include <unicode/ucnv.h>

#include <mutex>
#include <unordered_map>

#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {

// An ideograph is drawn about 1 em wide; Latin glyphs are 0.25-0.75 em. Below this share of the
// font size a glyph is not an ideograph.
constexpr float kNarrowShare = 0.8f;
// A font is taken for Latin when this share of its ideographs are narrow row-0xA0 glyphs.
constexpr double kMappedShare = 0.9;

// Row 0xA0 of GBK decoded once with ICU: code point -> ASCII character.
const std::unordered_map<char32_t, char>& row_a0() {
  static std::unordered_map<char32_t, char> map;
  static std::once_flag once;
  std::call_once(once, [] {
    UErrorCode err = U_ZERO_ERROR;
    UConverter* cnv = ucnv_open("GBK", &err);
    if (U_FAILURE(err) || !cnv) return;  // no converter: nothing is repaired, check reports it
    for (int ascii = 0x21; ascii <= 0x7E; ++ascii) {
      const char bytes[2] = {static_cast<char>(0xA0), static_cast<char>(0x80 + ascii)};
      UChar out[4];
      err = U_ZERO_ERROR;
      const int32_t n = ucnv_toUChars(cnv, out, 4, bytes, 2, &err);
      if (U_SUCCESS(err) && n == 1 && out[0] != 0xFFFD && out[0] != 0x1A)
        map.emplace(static_cast<char32_t>(out[0]), static_cast<char>(ascii));
    }
    ucnv_close(cnv);
  });
  return map;
}

}  // namespace

std::optional<char> gbk_row_a0_ascii(char32_t cp) {
  const auto& m = row_a0();
  auto it = m.find(cp);
  if (it == m.end()) return std::nullopt;
  return it->second;
}

bool is_unreadable(char32_t cp) {
  return cp == 0xFFFD || (cp >= 0xE000 && cp <= 0xF8FF) || cp < 0x20;
}

void FontGlyphStats::add(char32_t cp, float width, float size) {
  if (!text::is_han(cp)) return;
  ++ideographs;
  const bool narrow = size > 0 && width < kNarrowShare * size;
  if (gbk_row_a0_ascii(cp)) {
    ++row_a0;
    narrow_row_a0 += narrow ? 1 : 0;
  } else if (narrow) {
    ++narrow_other;
  }
}

bool FontGlyphStats::is_mapped_latin() const {
  return narrow_row_a0 > 0 &&
         static_cast<double>(narrow_row_a0) >= kMappedShare * static_cast<double>(ideographs);
}

}  // namespace regreader::parse
