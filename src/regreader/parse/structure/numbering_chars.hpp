#pragma once
// Character tests and conversions the numbering rules share (numbering.cpp,
// numbering_office.cpp): code points, as the rules read them.

#include <string>

#include "regreader/core/text.hpp"

namespace regreader::parse::numbering_chars {

inline bool is_digit(char32_t c) {
  return c >= '0' && c <= '9';
}
inline bool is_upper(char32_t c) {
  return c >= 'A' && c <= 'Z';
}
/// A Chinese numeral's character: 〇零一二三四五六七八九十百千两.
inline bool is_cn_digit(char32_t c) {
  static const std::u32string digits = U"〇零一二三四五六七八九十百千两";
  return digits.find(c) != std::u32string::npos;
}

inline std::string to_utf8(const std::u32string& s) {
  return text::from_codepoints({s.begin(), s.end()});
}

inline std::u32string trim32(std::u32string s) {
  size_t b = 0, e = s.size();
  while (b < e && text::is_space(s[b]))
    ++b;
  while (e > b && text::is_space(s[e - 1]))
    --e;
  return s.substr(b, e - b);
}

}  // namespace regreader::parse::numbering_chars
