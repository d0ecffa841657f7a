#include "regreader/parse/pdf/glyph_repair.hpp"

#include <unicode/ucnv.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <mutex>
#include <unordered_map>

#include "regreader/core/median.hpp"
#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {

// An ideograph is drawn about 1 em wide; Latin glyphs are 0.25-0.75 em. Below this share of the
// font size a glyph is not an ideograph.
constexpr float kNarrowShare = 0.8f;
// A font is taken for Latin when this share of its ideographs are narrow row-0xA0 glyphs.
constexpr double kMappedShare = 0.9;

// An advance exceeding its two letters' halves by this share of the median advance holds a word
// space. GB 38755, all 17 pages: inside words the excess is at most 0.24 of the median (most
// under 0.03), between words 0.72-1.1.
constexpr float kLatinSpaceShare = 0.4f;
// A Latin glyph whose box is this share of the type size is an ideograph wide (Latin letters
// are half as wide; W and M of a roman face reach 0.94, so it takes most of a font's letters).
constexpr float kWideShare = 0.95f;
// Letters and digits of a font needed to tell that it sets them all an ideograph wide.
constexpr int kMinWideLatin = 8;
// A letter needs this many pairs to have a half width of its own (below: see LatinAdvances::half).
constexpr size_t kMinLetterSamples = 3;
// Rounds of alternating medians (GB 38755's halves change by under 1% after eight).
constexpr int kSolveRounds = 12;
// Two letters of a run are at most this many type sizes apart (more is another column).
constexpr float kMaxRunAdvance = 1.5f;

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

bool ascii_alnum(char32_t c) {
  return c < 0x80 && std::isalnum(static_cast<int>(c));
}

}  // namespace

std::optional<char> gbk_row_a0_ascii(char32_t cp) {
  const auto& m = row_a0();
  auto it = m.find(cp);
  if (it == m.end()) return std::nullopt;
  return it->second;
}

namespace {

// Adjacent repaired letters of one run (i, j): same line, drawn left to right, close enough.
template <typename F>
void for_each_pair(const std::vector<PdfChar>& chars, const std::vector<bool>& repaired, F f) {
  for (size_t i = 0; i < chars.size(); ++i) {
    const size_t j = i + 1;
    if (!repaired[i] || j >= chars.size() || !repaired[j]) continue;
    const float size = std::max(chars[i].size, 1.0f), adv = chars[j].x0 - chars[i].x0;
    if (adv > 0 && adv < kMaxRunAdvance * size &&
        std::fabs(chars[j].baseline - chars[i].baseline) < 0.25f * size)
      f(i, j, adv / size);
  }
}

}  // namespace

void LatinAdvances::add(const std::vector<PdfChar>& chars, const std::vector<bool>& repaired) {
  for_each_pair(chars, repaired, [&](size_t i, size_t j, float ratio) {
    pairs_.push_back({chars[i].c, chars[j].c, ratio});
  });
}

float LatinAdvances::half(char32_t c) const {
  auto it = half_.find(c);
  if (it != half_.end()) return it->second;
  // A letter seen too rarely: a capital is taken as wide as the capitals learnt, on the median;
  // any other letter as the widest learnt, so that a guessed width splits no word.
  std::vector<float> capitals;
  float widest = 0;
  for (auto [k, h] : half_) {
    if (k >= 'A' && k <= 'Z') capitals.push_back(h);
    widest = std::max(widest, h);
  }
  if (c >= 'A' && c <= 'Z' && !capitals.empty()) return median(std::move(capitals));
  return half_.empty() ? median_ / 2 : widest;
}

void LatinAdvances::solve() {
  if (pairs_.empty()) return;
  std::vector<float> all;
  for (const auto& p : pairs_)
    all.push_back(p.ratio);
  median_ = median(all);
  // advance(a, b) = half(a) + half(b): each letter's half is the median of what its pairs leave
  // for it once the other letter's half is taken off; a few rounds settle it.
  for (int round = 0; round < kSolveRounds; ++round) {
    std::map<char32_t, std::vector<float>> left;
    for (const auto& p : pairs_) {
      left[p.a].push_back(p.ratio - half(p.b));
      left[p.b].push_back(p.ratio - half(p.a));
    }
    // Halfway to the new estimate: letters seen only together (G and B of "GB") would swap
    // their halves every round otherwise, never settling at half their advance each.
    std::map<char32_t, float> next;
    for (auto& [c, v] : left)
      if (v.size() >= kMinLetterSamples) next[c] = (half(c) + median(std::move(v))) / 2;
    half_ = std::move(next);
  }
}

void LatinAdvances::mark_spaces(std::vector<PdfChar>& chars,
                                const std::vector<bool>& repaired) const {
  if (median_ <= 0) return;
  // Between letters and digits only: the widths of punctuation are learnt from too few pairs,
  // and a space guessed beside one splits a value (`-5℃`, `dB(A)`).
  for_each_pair(chars, repaired, [&](size_t i, size_t j, float ratio) {
    if (ascii_alnum(chars[i].c) && ascii_alnum(chars[j].c) &&
        ratio - half(chars[i].c) - half(chars[j].c) > kLatinSpaceShare * median_)
      chars[j].space_before = true;
  });
}

bool is_unreadable(char32_t cp) {
  return cp == 0xFFFD || (cp >= 0xE000 && cp <= 0xF8FF) || cp < 0x20;
}

void FontGlyphStats::add(char32_t cp, float width, float size) {
  if (ascii_alnum(cp)) {
    ++latin;
    wide_latin += size > 0 && width >= kWideShare * size ? 1 : 0;
    return;
  }
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

bool FontGlyphStats::sets_latin_wide() const {
  return latin >= kMinWideLatin &&
         static_cast<double>(wide_latin) >= kMappedShare * static_cast<double>(latin);
}

bool FontGlyphStats::is_mapped_latin() const {
  return narrow_row_a0 > 0 &&
         static_cast<double>(narrow_row_a0) >= kMappedShare * static_cast<double>(ideographs);
}

}  // namespace regreader::parse
