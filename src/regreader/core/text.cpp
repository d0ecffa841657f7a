#include "regreader/core/text.hpp"

#include <cctype>
#include <charconv>

#include <unicode/utf8.h>

namespace regreader::text {

std::vector<char32_t> to_codepoints(std::string_view s) {
  std::vector<char32_t> out;
  out.reserve(s.size());
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  int32_t i = 0;
  const auto n = static_cast<int32_t>(s.size());
  while (i < n) {
    UChar32 c = 0;
    U8_NEXT(p, i, n, c);
    out.push_back(c < 0 ? U'\uFFFD' : static_cast<char32_t>(c));
  }
  return out;
}

void append_utf8(std::string& out, char32_t cp) {
  uint8_t buf[4];
  int32_t len = 0;
  UBool err = false;
  U8_APPEND(buf, len, 4, static_cast<UChar32>(cp), err);
  if (err) return;
  out.append(reinterpret_cast<const char*>(buf), static_cast<size_t>(len));
}

std::u32string to_u32string(std::string_view s) {
  const auto cps = to_codepoints(s);
  return {cps.begin(), cps.end()};
}

std::string from_codepoints(const std::vector<char32_t>& cps) {
  std::string out;
  out.reserve(cps.size() * 3);
  for (char32_t c : cps)
    append_utf8(out, c);
  return out;
}

size_t length(std::string_view s) {
  // Counted as to_codepoints decodes (an invalid sequence is one character), without the vector.
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  int32_t i = 0;
  const auto n = static_cast<int32_t>(s.size());
  size_t count = 0;
  while (i < n) {
    UChar32 c = 0;
    U8_NEXT(p, i, n, c);
    ++count;
  }
  return count;
}

std::string prefix(std::string_view s, size_t n) {
  auto cps = to_codepoints(s);
  if (cps.size() > n) cps.resize(n);
  return from_codepoints(cps);
}

bool is_cjk(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x20000 && c <= 0x2FFFF) || (c >= 0x3000 && c <= 0x303F) ||
         (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0x2460 && c <= 0x24FF);  // circled numbers ①
}

bool is_han(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x2FFFF);
}

bool is_space(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0x00A0 ||
         c == 0x3000 || (c >= 0x2000 && c <= 0x200B) || c == 0xFEFF;
}

std::string_view symbol_font_glyph(char32_t c) {
  switch (c) {
    case 0xF06F:  // Wingdings' white squares: a form's check boxes
    case 0xF071:
    case 0xF0A8:
      return "\u25A1";  // □
    case 0xF0FE:
      return "\u2611";  // ☑
    case 0xF0FD:
      return "\u2612";  // ☒
    case 0xF0FC:
      return "\u2713";  // ✓
    case 0xF06C:
    case 0xF06E:
    case 0xF075:
    case 0xF076:
    case 0xF09F:
    case 0xF0A7:
    case 0xF0B2:
    case 0xF0B7:
    case 0xF0D8:
    case 0xF0E0:
      return "\u2022";  // •: a list's bullet, whatever its shape
    default:
      return {};
  }
}

std::string fold_width(std::string_view s) {
  // One pass over the bytes: a character that is not folded is copied as written (what
  // re-encoding its code point gives for valid UTF-8); an invalid sequence becomes U+FFFD, as
  // to_codepoints reads it. Layout rules fold every line several times: decoding each into a
  // vector of code points first was a tenth of a text PDF's parse.
  std::string out;
  out.reserve(s.size());
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  int32_t i = 0;
  const auto n = static_cast<int32_t>(s.size());
  while (i < n) {
    if (p[i] < 0x80) {
      out.push_back(static_cast<char>(p[i++]));
      continue;
    }
    const int32_t start = i;
    UChar32 raw = 0;
    U8_NEXT(p, i, n, raw);
    const char32_t c = raw < 0 ? U'\uFFFD' : static_cast<char32_t>(raw);
    if (const auto glyph = symbol_font_glyph(c); !glyph.empty()) {
      out += glyph;
    } else if ((c >= 0xFF10 && c <= 0xFF19) || (c >= 0xFF21 && c <= 0xFF3A) ||
               (c >= 0xFF41 && c <= 0xFF5A)) {
      out.push_back(static_cast<char>(c - 0xFEE0));
    } else if (c == 0xFF0E) {
      out.push_back('.');
    } else if (c == 0x3000 || c == 0x00A0) {
      out.push_back(' ');
    } else if (raw < 0) {
      out += "\uFFFD";
    } else {
      out.append(s.data() + start, static_cast<size_t>(i - start));
    }
  }
  return out;
}

std::string trim(std::string_view s) {
  auto cps = to_codepoints(s);
  size_t b = 0, e = cps.size();
  while (b < e && is_space(cps[b]))
    ++b;
  while (e > b && is_space(cps[e - 1]))
    --e;
  return from_codepoints(std::vector<char32_t>(cps.begin() + b, cps.begin() + e));
}

std::string clean_spaces(std::string_view s) {
  auto cps = to_codepoints(s);
  std::vector<char32_t> out;
  out.reserve(cps.size());
  for (size_t i = 0; i < cps.size(); ++i) {
    if (!is_space(cps[i])) {
      out.push_back(cps[i]);
      continue;
    }
    size_t j = i;
    while (j < cps.size() && is_space(cps[j]))
      ++j;
    const bool at_edge = out.empty() || j == cps.size();
    const bool between_cjk = !at_edge && is_cjk(out.back()) && is_cjk(cps[j]);
    if (!at_edge && !between_cjk) out.push_back(' ');
    i = j - 1;
  }
  return from_codepoints(out);
}

std::string collapse_spaces(std::string_view s) {
  std::vector<char32_t> out;
  for (char32_t c : to_codepoints(s)) {
    if (is_space(c)) {
      if (!out.empty() && out.back() != ' ') out.push_back(' ');
    } else {
      out.push_back(c);
    }
  }
  while (!out.empty() && out.back() == ' ')
    out.pop_back();
  return from_codepoints(out);
}

std::string strip_spaces(std::string_view s) {
  std::vector<char32_t> out;
  for (char32_t c : to_codepoints(s))
    if (!is_space(c)) out.push_back(c);
  return from_codepoints(out);
}

std::string without_emphasis(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if ((s[i] == '*' || s[i] == '_') && i + 1 < s.size() && s[i + 1] == s[i]) {
      ++i;
      continue;
    }
    out.push_back(s[i]);
  }
  return out;
}

std::vector<char32_t> content_codepoints(std::string_view s) {
  std::vector<char32_t> out;
  for (const char32_t c : to_codepoints(fold_width(s)))
    if (is_han(c) || (c < 0x80 && std::isalnum(static_cast<int>(c)))) out.push_back(c);
  return out;
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += separator;
    out += parts[i];
  }
  return out;
}

void join_wrapped(std::string& acc, std::string_view next) {
  if (acc.empty()) {
    acc = std::string(next);
    return;
  }
  if (next.empty()) return;
  auto last = to_codepoints(acc).back();
  auto first = to_codepoints(next).front();
  const bool needs_space = !is_cjk(last) && !is_cjk(first) && last != '-' && !is_space(last);
  if (needs_space) acc.push_back(' ');
  acc.append(next);
}

std::optional<int> to_int(std::string_view digits) {
  int v = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || v < 0)
    return std::nullopt;
  return v;
}

namespace {

// 〇一二…九 (and 两, 零) as their digit; -1 for anything else.
int chinese_digit(char32_t c) {
  static constexpr std::u32string_view kDigits = U"〇一二三四五六七八九";
  if (c == U'零') return 0;
  if (c == U'两') return 2;
  const auto at = kDigits.find(c);
  return at == std::u32string_view::npos ? -1 : static_cast<int>(at);
}

}  // namespace

std::optional<int> parse_number(std::string_view s) {
  if (s.empty()) return std::nullopt;
  bool all_ascii = true;
  for (char ch : s)
    all_ascii = all_ascii && ch >= '0' && ch <= '9';
  if (all_ascii) {
    if (s.size() > 6) return std::nullopt;
    return std::stoi(std::string(s));
  }
  // Read strictly: digits and units alternate with units falling (千 > 百 > 十), 零 only
  // between a unit and a digit ("一百零五"); "一二三", "一一", "十十" and "二十零" are not
  // numerals, so a malformed "第一二三章" never resolves to chapter 3.
  constexpr int kNoUnit = 10000;
  int section = 0, digit = -1, last_unit = kNoUnit;
  const auto cps = to_codepoints(s);
  if (cps.size() == 1 && (cps[0] == U'〇' || cps[0] == U'零')) return 0;
  for (char32_t c : cps) {
    const int unit = c == U'十' ? 10 : c == U'百' ? 100 : c == U'千' ? 1000 : 0;
    if (unit != 0) {
      if (unit >= last_unit || digit == 0) return std::nullopt;
      if (digit < 0 && (unit != 10 || section != 0)) return std::nullopt;  // 十 alone leads
      section += (digit < 0 ? 1 : digit) * unit;
      last_unit = unit;
      digit = -1;
      continue;
    }
    const int d = chinese_digit(c);
    if (d < 0) return std::nullopt;
    const bool after_zero = digit == 0 && last_unit != kNoUnit && d != 0;
    if (digit >= 0 && !after_zero) return std::nullopt;
    if (d == 0 && last_unit == kNoUnit) return std::nullopt;  // a leading 零
    digit = d;
  }
  if (digit == 0) return std::nullopt;  // a trailing 零
  return section + (digit < 0 ? 0 : digit);
}

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

}  // namespace regreader::text
