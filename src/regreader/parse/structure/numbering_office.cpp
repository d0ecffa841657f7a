#include <string>

#include "regreader/core/text.hpp"
#include "regreader/parse/structure/notes.hpp"
#include "regreader/parse/structure/numbering.hpp"
#include "regreader/parse/structure/numbering_chars.hpp"

// The numbering of documents written in Word or WPS (GB/T 9704's levels: 一、 parts, （一）
// groups, 1. items, （1） points) and of question-and-answer sections, and whether a line opens
// a numbered paragraph (declared in numbering.hpp).

namespace regreader::parse {

using numbering_chars::is_cn_digit;
using numbering_chars::is_digit;
using numbering_chars::to_utf8;
using numbering_chars::trim32;

namespace {

// "一、" headings are short labels; longer lines so numbered are items of a list.
constexpr size_t kMaxEnumeratedTitleChars = 24;

}  // namespace

std::optional<SectionMatch> match_enumerated_heading(std::string_view paragraph) {
  const std::u32string s = trim32(text::to_u32string(paragraph));
  size_t i = 0;
  while (i < s.size() && is_cn_digit(s[i]) && s[i] != U'〇' && s[i] != U'零')
    ++i;
  if (i == 0 || i > 3 || i + 1 >= s.size() || s[i] != U'、') return std::nullopt;
  std::u32string rest = trim32(s.substr(i + 1));
  std::u32string bare = rest;
  if (!bare.empty() && (bare.back() == U'：' || bare.back() == ':')) bare.pop_back();
  if (bare.empty() || bare.size() > kMaxEnumeratedTitleChars || !is_title_like(to_utf8(bare)) ||
      bare.find(U'：') != std::u32string::npos || bare.find(U'、') != std::u32string::npos)
    return std::nullopt;
  auto value = text::parse_number(to_utf8(s.substr(0, i)));
  if (!value || *value <= 0) return std::nullopt;
  SectionMatch m;
  m.kind = SectionKind::kEnumerated;
  m.number = to_utf8(s.substr(0, i));
  m.components = {*value};
  m.rest = to_utf8(rest);
  return m;
}

// Longest item title ("2.异常处理", "（3）主变压器冷却系统的投退"): longer is a sentence.
constexpr size_t kMaxItemTitleChars = 18;

std::optional<SectionMatch> match_item_heading(std::string_view paragraph) {
  const std::u32string s = trim32(text::to_u32string(paragraph));
  size_t i = 0;
  const bool bracketed = !s.empty() && (s[0] == U'（' || s[0] == '(');
  if (bracketed) ++i;
  const size_t b = i;
  while (i < s.size() && is_digit(s[i]))
    ++i;
  // （一）指导思想: GB/T 9704's second level, between 一、 parts and 1. items.
  const bool words = bracketed && i == b;
  while (words && i < s.size() && is_cn_digit(s[i]) && s[i] != U'〇' && s[i] != U'零')
    ++i;
  if (i == b || i - b > (words ? 3 : 2) || i >= s.size()) return std::nullopt;
  const char32_t mark = s[i];
  if (bracketed ? (mark != U'）' && mark != ')') : (mark != '.' && mark != U'、' && mark != U'．'))
    return std::nullopt;
  std::u32string rest = trim32(s.substr(i + 1));
  if (rest.empty() || !text::is_cjk(rest[0])) return std::nullopt;  // "1.5 m", "2.1 …"
  // "（1）断电操作顺序：" leads into the steps after it, as "5.1.3 下列…：" does: not a title.
  if (rest.size() > kMaxItemTitleChars || !is_title_like(to_utf8(rest)) ||
      rest.find_first_of(U"。，；：、？！,;:?!") != std::u32string::npos)
    return std::nullopt;
  const std::string digits = to_utf8(s.substr(b, i - b));
  const auto value = text::parse_number(digits);
  if (!value || *value <= 0) return std::nullopt;
  SectionMatch m;
  m.kind = SectionKind::kItem;
  m.number = words ? "（" + digits + "）" : digits;
  m.components = {*value};
  m.letter = words ? kGroupItem : bracketed ? kBracketedItem : 0;
  m.rest = to_utf8(rest);
  return m;
}

bool opens_numbered_paragraph(std::string_view folded) {
  return match_section_number(folded).has_value() || starts_with_list_marker(folded) ||
         !match_notes(folded).empty() || match_item_heading(folded).has_value();
}

std::optional<SectionMatch> match_numbered_question(std::string_view paragraph) {
  const std::u32string s = trim32(text::to_u32string(paragraph));
  size_t i = 0;
  while (i < s.size() && is_digit(s[i]))
    ++i;
  if (i == 0 || i > 3 || i + 1 >= s.size() || s[i] != U'、') return std::nullopt;
  std::u32string rest = trim32(s.substr(i + 1));
  const size_t mark = rest.find_last_of(U"？?");
  if (mark != std::u32string::npos) rest.resize(mark + 1);  // "…是什么？（其他型号…）"
  if (rest.empty()) return std::nullopt;
  SectionMatch m;
  m.kind = SectionKind::kEnumerated;
  m.number = to_utf8(s.substr(0, i));
  m.components = {std::stoi(m.number)};
  m.rest = to_utf8(rest);
  return m;
}

bool asks_question(std::string_view paragraph, std::string_view next) {
  const std::u32string s = text::to_u32string(paragraph);
  if (s.find_first_of(U"？?") != std::u32string::npos) return true;
  const std::u32string n = trim32(text::to_u32string(next));
  return n.size() >= 2 && n[0] == U'答' && (n[1] == U'：' || n[1] == U':');
}

}  // namespace regreader::parse
