#include "regreader/parse/structure/numbering.hpp"

#include <algorithm>
#include <array>

#include "regreader/core/text.hpp"
#include "regreader/parse/structure/numbering_chars.hpp"

namespace regreader::parse {

using numbering_chars::is_cn_digit;
using numbering_chars::is_digit;
using numbering_chars::is_upper;
using numbering_chars::to_utf8;
using numbering_chars::trim32;

namespace {

// Largest number accepted as the first component of a numeric section ("2019年" is a year).
constexpr int kMaxTopSection = 99;
// Deepest numbering accepted (1.2.3.4.5.6).
constexpr size_t kMaxDepth = 6;
// A title written straight after 第X章 without a space ("第十章附则") is this short at most.
constexpr size_t kMaxUnspacedTitleChars = 12;
// A heading title is short; longer text after a number is the body of an inline clause.
constexpr size_t kMaxTitleChars = 40;
// Dots ("…" counts two) that make a line a table-of-contents entry.
constexpr int kMinLeaderDots = 6;
// How far numbering may jump between two detected sections (missed headings are tolerated).
constexpr int kMaxJump = 3;

// Units that show a number is a quantity ("10 kV", "0.5 s", "24 h", "3 千伏"), never a section.
bool starts_with_unit(const std::u32string& rest) {
  static const std::array<std::u32string_view, 29> units = {
      U"kV", U"KV", U"kv",  U"V",    U"kA",   U"A",    U"mA",   U"mm",   U"cm",  U"km",
      U"m",  U"s",  U"min", U"h",    U"Hz",   U"MW",   U"kW",   U"W",    U"MVA", U"%",
      U"℃",  U"°",  U"Ω",   U"小时", U"分钟", U"毫米", U"厘米", U"千伏", U"千米"};
  for (auto u : units) {
    if (rest.size() >= u.size() && rest.compare(0, u.size(), u) == 0) {
      // "A 级" is a unit, but "Annex" is a word: an ASCII unit must end at a non-letter.
      if (u[0] < 0x80 && rest.size() > u.size()) {
        char32_t n = rest[u.size()];
        if ((n >= 'a' && n <= 'z') || (n >= 'A' && n <= 'Z')) continue;
      }
      return true;
    }
  }
  return false;
}

// Measure words after a plain number ("3 个月", "2 台变压器"). Only single numbers are checked:
// "4.1 人员要求" is a section, and words such as 处理 or 根据 start titles, so the list is short.
bool starts_with_measure_word(const std::u32string& rest) {
  static const std::u32string_view words = U"个台次只倍年月日天秒米伏张页";
  return !rest.empty() && words.find(rest[0]) != std::u32string_view::npos;
}

// Words that follow a cited chapter ("第三章规定的…", "第二节所列…"), never a title.
bool continues_a_citation(const std::u32string& rest) {
  static const std::array<std::u32string_view, 12> words = {
      U"规定", U"所", U"的", U"中", U"之", U"和", U"或", U"、", U"至", U"以", U"有关", U"第"};
  for (auto w : words)
    if (rest.compare(0, w.size(), w) == 0) return true;
  return false;
}

std::optional<SectionMatch> match_chinese(const std::u32string& s) {
  if (s.empty() || s[0] != U'第') return std::nullopt;
  size_t i = 1;
  while (i < s.size() && (is_cn_digit(s[i]) || is_digit(s[i])))
    ++i;
  if (i == 1 || i >= s.size()) return std::nullopt;
  SectionKind kind;
  switch (s[i]) {
    case U'编':
      kind = SectionKind::kPart;
      break;
    case U'章':
      kind = SectionKind::kChapter;
      break;
    case U'节':
      kind = SectionKind::kSection;
      break;
    case U'条':
      kind = SectionKind::kArticle;
      break;
    default:
      return std::nullopt;
  }
  auto value = text::parse_number(to_utf8(s.substr(1, i - 1)));
  if (!value || *value <= 0) return std::nullopt;
  SectionMatch m;
  m.kind = kind;
  m.number = to_utf8(s.substr(0, i + 1));
  m.components = {*value};
  m.rest = to_utf8(trim32(s.substr(i + 1)));
  // "第二条规定的…" cites an article, it does not start one: a real start is followed by a space
  // or the end, or (for 章/节/编) directly by a short title.
  const bool spaced = i + 1 >= s.size() || text::is_space(s[i + 1]);
  if (!spaced && kind == SectionKind::kArticle) return std::nullopt;
  if (!spaced && (!is_title_like(m.rest) || text::length(m.rest) > kMaxUnspacedTitleChars ||
                  continues_a_citation(s.substr(i + 1))))
    return std::nullopt;
  return m;
}

// Longest designation: "(规范性附录)", OCR's "《资料性奉录)" or "【规范性附录)".
constexpr size_t kMaxDesignationChars = 10;

}  // namespace

std::string strip_appendix_designation(std::string_view rest) {
  const std::u32string s = text::to_u32string(rest);
  size_t i = 0;
  while (i < s.size() && (s[i] == '(' || s[i] == U'（' || s[i] == U'《' || s[i] == U'〈' ||
                          s[i] == '<' || s[i] == U'【' || s[i] == '[' || text::is_space(s[i])))
    ++i;
  // 资料性 / 规范性 / 参考性 (OCR may garble the rest of the word, not these).
  const bool designation = s.find(U"性", i) != std::u32string::npos && s.find(U"性", i) <= i + 3 &&
                           i + 1 < s.size() &&
                           (s.compare(i, 2, U"资料") == 0 || s.compare(i, 2, U"规范") == 0 ||
                            s.compare(i, 2, U"参考") == 0);
  if (!designation) return std::string(rest);
  size_t close = i;
  while (close < s.size() && close < i + kMaxDesignationChars && s[close] != ')' &&
         s[close] != U'）' && s[close] != U'》' && s[close] != U'〉' && s[close] != '>' &&
         s[close] != U'】' && s[close] != ']')
    ++close;
  if (close >= s.size() || close >= i + kMaxDesignationChars) {
    // No closing bracket: the designation is the word up to 附录 / 录.
    const size_t lu = s.find(U"录", i);
    if (lu == std::u32string::npos || lu > i + kMaxDesignationChars) return std::string(rest);
    close = lu;
  }
  while (close + 1 < s.size() && (s[close + 1] == ')' || s[close + 1] == U'）' ||
                                  s[close + 1] == U'》' || s[close + 1] == U'〉'))
    ++close;
  return to_utf8(trim32(s.substr(close + 1)));
}

namespace {

std::optional<SectionMatch> match_appendix(const std::u32string& s) {
  if (s.size() < 3 || s[0] != U'附') return std::nullopt;
  size_t i = 1;
  while (i < s.size() && text::is_space(s[i]))
    ++i;
  if (i >= s.size() || s[i] != U'录') return std::nullopt;
  ++i;
  while (i < s.size() && text::is_space(s[i]))
    ++i;
  if (i >= s.size() || !is_upper(s[i])) return std::nullopt;
  if (i + 1 < s.size() && (is_upper(s[i + 1]) || (s[i + 1] >= 'a' && s[i + 1] <= 'z')))
    return std::nullopt;
  SectionMatch m;
  m.kind = SectionKind::kAppendix;
  m.letter = static_cast<char>(s[i]);
  m.number = std::string("附录") + m.letter;
  m.components = {1};
  size_t after = i + 1;
  // "附录 A.1 (资料性附录) …" in some renderings: the clause number belongs to the heading.
  while (after + 1 < s.size() && s[after] == '.' && is_digit(s[after + 1])) {
    ++after;
    while (after < s.size() && is_digit(s[after]))
      ++after;
  }
  m.rest = strip_appendix_designation(to_utf8(trim32(s.substr(after))));
  return m;
}

// "附件1", "附件 二" or "附件" alone on its line: the head of an official document's attachment
// (GB/T 9704), its title on the next line. An appendix numbered in digits: `letter` is the
// digit's character, so that attachments follow each other as appendices do. Anything after the
// number ("附件：1.防汛隐患排查表", "附件1所列") is the body's mention of it.
std::optional<SectionMatch> match_attachment(const std::u32string& s) {
  if (s.size() < 2 || s[0] != U'附' || s[1] != U'件') return std::nullopt;
  size_t i = 2;
  while (i < s.size() && text::is_space(s[i]))
    ++i;
  const size_t b = i;
  while (i < s.size() && (is_digit(s[i]) || (is_cn_digit(s[i]) && s[i] != U'〇' && s[i] != U'零')))
    ++i;
  if (!trim32(s.substr(i)).empty()) return std::nullopt;
  int n = 1;
  if (i > b) {
    const auto value = text::parse_number(to_utf8(s.substr(b, i - b)));
    if (!value || *value <= 0 || *value > 9) return std::nullopt;
    n = *value;
  }
  SectionMatch m;
  m.kind = SectionKind::kAppendix;
  m.letter = static_cast<char>('0' + n);
  m.number = i > b ? "附件" + std::to_string(n) : "附件";
  m.components = {n};
  return m;
}

// Parses "5.2.2" or "A.1" at the start; returns the index after the number.
size_t scan_dotted(const std::u32string& s, size_t i, std::vector<int>& parts) {
  while (i < s.size()) {
    size_t b = i;
    while (i < s.size() && is_digit(s[i]))
      ++i;
    if (i == b || i - b > 3) return std::u32string::npos;
    parts.push_back(std::stoi(to_utf8(s.substr(b, i - b))));
    if (i + 1 < s.size() && s[i] == '.' && is_digit(s[i + 1])) {
      ++i;
      continue;
    }
    // OCR and Word files converted from PDF write "10. 1.3" for 10.1.3 and "3. 1" for 3.1:
    // one space after a dot inside a number is dropped when the number ends the paragraph or a
    // further dot or digit follows.
    if (i + 2 < s.size() && s[i] == '.' && s[i + 1] == ' ' && is_digit(s[i + 2])) {
      size_t e = i + 2;
      while (e < s.size() && is_digit(s[e]))
        ++e;
      if (e == s.size() || s[e] == '.' || (e - (i + 2) <= 2 && text::is_space(s[e]))) {
        i += 2;
        continue;
      }
    }
    break;
  }
  return i;
}

std::optional<SectionMatch> match_dotted(const std::u32string& s, bool heading) {
  SectionMatch m;
  size_t i = 0;
  if (!s.empty() && is_upper(s[0])) {
    if (s.size() < 3 || s[1] != '.' || !is_digit(s[2])) return std::nullopt;
    m.kind = SectionKind::kAppendixClause;
    m.letter = static_cast<char>(s[0]);
    i = 2;
  } else if (!s.empty() && is_digit(s[0])) {
    m.kind = SectionKind::kNumeric;
  } else {
    return std::nullopt;
  }
  i = scan_dotted(s, i, m.components);
  if (i == std::u32string::npos || m.components.empty() || m.components.size() > kMaxDepth)
    return std::nullopt;
  // "B.0.1": an appendix without sub-clauses numbers its clauses from 0.
  const bool zero_ok = m.kind == SectionKind::kAppendixClause && m.components.size() > 1;
  if (m.components[0] < (zero_ok ? 0 : 1) || m.components[0] > kMaxTopSection) return std::nullopt;
  // "1.0.1" numbers the clauses of a chapter without sections (GB 50xxx, NB/T); a 0 is never
  // last ("5.0" is a value).
  for (size_t k = 1; k < m.components.size(); ++k)
    if (m.components[k] < 0 || (m.components[k] == 0 && k + 1 == m.components.size()))
      return std::nullopt;
  // After the number: the end, a space, or a CJK character; never "." "," ")" "、" "%" or a digit.
  if (i < s.size()) {
    char32_t n = s[i];
    const bool ok = text::is_space(n) || (text::is_cjk(n) && n != U'、' && n != U'）' &&
                                          n != U'，' && n != U'。' && n != U'．' && n != U'：');
    if (!ok) return std::nullopt;
  }
  // A range of clauses explained together in a 条文说明: "4.1.7～4.1.8".
  std::u32string range;
  if (i + 1 < s.size() && (s[i] == U'～' || s[i] == '~') && is_digit(s[i + 1])) {
    std::vector<int> to;
    const size_t e = scan_dotted(s, i + 1, to);
    if (e != std::u32string::npos && to.size() == m.components.size()) {
      range = s.substr(i, e - i);
      i = e;
    }
  }
  std::u32string rest = trim32(s.substr(i));
  if (starts_with_unit(rest)) return std::nullopt;
  // "6.3.4 、6.3.5 、6.3.6 条为强制性条文": a list of clause numbers, not a clause (GB 26860's
  // "9.1.1 、带电作业…" is a clause with a stray mark).
  if (!rest.empty() && (rest[0] == U'、' || rest[0] == U'，' || rest[0] == ',' ||
                        rest[0] == U'；' || rest[0] == ';')) {
    const std::u32string after = trim32(rest.substr(1));
    if (!after.empty() && is_digit(after[0])) return std::nullopt;
  }
  if (m.components.size() == 1 && !heading && starts_with_measure_word(rest)) return std::nullopt;
  // "2 0 1 8 年 6 月" on a cover is a spaced date; a chapter title never starts with a digit.
  if (m.components.size() == 1 && !rest.empty() && is_digit(rest[0])) return std::nullopt;
  if (m.kind == SectionKind::kNumeric && m.components.size() == 1 && rest.empty())
    return std::nullopt;  // a lone "3" is a page number or a table cell
  m.rest = to_utf8(rest);
  m.number = m.kind == SectionKind::kAppendixClause ? std::string(1, m.letter) + "." : "";
  for (size_t k = 0; k < m.components.size(); ++k) {
    if (k) m.number += ".";
    m.number += std::to_string(m.components[k]);
  }
  if (!range.empty()) m.number += "~" + to_utf8(range.substr(1));  // canonical ASCII
  return m;
}

}  // namespace

std::optional<SectionMatch> match_section_number(std::string_view paragraph, bool heading) {
  const std::u32string s = trim32(text::to_u32string(paragraph));
  if (s.empty() || is_toc_line(paragraph)) return std::nullopt;
  if (auto m = match_chinese(s)) return m;
  if (auto m = match_appendix(s)) return m;
  if (auto m = match_attachment(s)) return m;
  return match_dotted(s, heading);
}

bool starts_with_list_marker(std::string_view paragraph) {
  const std::u32string s = trim32(text::to_u32string(paragraph));
  if (s.empty()) return false;
  if (s[0] == U'•' || s[0] == U'·' || s[0] == U'●' || s[0] == U'■' || s[0] == U'—' ||
      s[0] == U'－' || ((s[0] == '-' || s[0] == '*') && s.size() > 1 && s[1] == ' '))
    return true;
  if (s[0] >= 0x2460 && s[0] <= 0x2473) return true;  // ① … ⑳
  size_t i = 0;
  const bool open = s[0] == '(' || s[0] == U'（';
  if (open) ++i;
  size_t b = i;
  while (i < s.size() && (is_digit(s[i]) || is_cn_digit(s[i])))
    ++i;
  if (i == b && i < s.size() && s[i] >= 'a' && s[i] <= 'z') ++i;  // a） b)
  if (i == b || i >= s.size() || i - b > 3) return false;
  const char32_t close = s[i];
  if (open) return close == ')' || close == U'）';
  if (close == ')' || close == U'）') return true;
  if (close == U'、') return true;
  // "1." followed by a space is a Markdown-style ordered item; "1.1" is not.
  // "3. 1" alone is clause 3.1 written with a space.
  return close == '.' && i + 1 < s.size() && text::is_space(s[i + 1]) && is_digit(s[b]) &&
         !(i + 2 < s.size() && is_digit(s[i + 2]));
}

bool is_toc_line(std::string_view paragraph) {
  const std::u32string s = trim32(text::to_u32string(paragraph));
  int dots = 0;
  for (size_t k = 0; k < s.size(); ++k) {
    const char32_t c = s[k];
    if (c == U'…' || c == U'·' || c == U'⋯') {
      dots += 2;
    } else if (c == '.') {
      // The dots of a number ("5.3.6", "表5.3.6-2") lead nowhere: a clause that cites a few
      // numbers is no contents line.
      const bool in_number = k > 0 && k + 1 < s.size() && is_digit(s[k - 1]) && is_digit(s[k + 1]);
      dots += in_number ? 0 : 1;
    }
  }
  // Leader dots ("……………" or "......") only appear in tables of contents.
  return dots >= kMinLeaderDots;
}

// A contents entry: text, a gap, and a page number (1-3 digits or a Roman numeral) at the end.
bool ends_with_page_number(std::string_view text) {
  const auto cps = text::to_codepoints(text::trim(text));
  size_t e = cps.size(), d = e;
  auto roman = [](char32_t c) { return c == 'I' || c == 'V' || c == 'X'; };
  while (d > 0 && ((cps[d - 1] >= '0' && cps[d - 1] <= '9') || roman(cps[d - 1])))
    --d;
  return d < e && e - d <= 4 && d >= 2 && text::is_space(cps[d - 1]) && !text::is_space(cps[d - 2]);
}

bool is_title_like(std::string_view rest) {
  const std::u32string s = text::to_u32string(rest);
  if (s.size() > kMaxTitleChars) return false;
  for (char32_t c : s)
    if (c == U'。' || c == U'；' || c == U'，' || c == ';') return false;
  // "5.1.3 下列各项工作可以不用操作票：" introduces a list; it is a clause, not a title.
  return s.empty() || (s.back() != U'：' && s.back() != ':');
}

namespace {
int chinese_rank(SectionKind k) {
  switch (k) {
    case SectionKind::kPart:
      return 1;
    case SectionKind::kChapter:
      return 2;
    case SectionKind::kSection:
      return 3;
    case SectionKind::kArticle:
      return 4;
    default:
      return 0;
  }
}
// An office item's level: （一） groups, 1. items, （1） items.
int item_level(const SectionMatch& m) {
  return m.letter == kGroupItem ? 0 : m.letter == kBracketedItem ? 2 : 1;
}
bool is_prefix(const std::vector<int>& a, const std::vector<int>& b) {
  return a.size() < b.size() && std::equal(a.begin(), a.end(), b.begin());
}
}  // namespace

bool can_contain(const SectionMatch& parent, const SectionMatch& child) {
  const int pr = chinese_rank(parent.kind), cr = chinese_rank(child.kind);
  if (pr && cr) return pr < cr;
  if (pr) return parent.kind != SectionKind::kArticle;  // a chapter holds numbered clauses
  if (cr) return false;
  if (child.kind == SectionKind::kEnumerated) return parent.kind == SectionKind::kAppendix;
  // Office documents: 一、 parts hold （一） groups, which hold 1. items, which hold （1） items
  // and 1.1 sub-items.
  if (child.kind == SectionKind::kItem)
    return parent.kind == SectionKind::kEnumerated || parent.kind == SectionKind::kAppendix ||
           (parent.kind == SectionKind::kItem && item_level(parent) < item_level(child));
  if (parent.kind == SectionKind::kItem)
    return child.kind == SectionKind::kNumeric && !parent.letter &&
           is_prefix(parent.components, child.components);
  if (parent.kind == SectionKind::kNumeric && child.kind == SectionKind::kNumeric)
    return is_prefix(parent.components, child.components);
  if (parent.kind == SectionKind::kAppendix && child.kind == SectionKind::kAppendixClause)
    return parent.letter == child.letter;
  if (parent.kind == SectionKind::kAppendixClause && child.kind == SectionKind::kAppendixClause)
    return parent.letter == child.letter && is_prefix(parent.components, child.components);
  return false;
}

bool plausible_successor(const SectionMatch& prev, const SectionMatch& next) {
  if (prev.kind != next.kind) return true;  // changes of family are judged by the tree
  if (chinese_rank(prev.kind))
    return true;  // 第X节 restarts per chapter; the words are distinctive
  if (prev.kind == SectionKind::kAppendix) return next.letter > prev.letter;
  if (prev.kind == SectionKind::kAppendixClause && prev.letter != next.letter)
    return next.letter > prev.letter;
  const auto& a = prev.components;
  const auto& b = next.components;
  size_t d = 0;
  while (d < a.size() && d < b.size() && a[d] == b[d])
    ++d;
  if (d == b.size()) return false;  // same number again, or back up to an ancestor
  if (d < a.size() && (b[d] <= a[d] || b[d] > a[d] + kMaxJump)) return false;
  if (d == a.size() && b[d] > kMaxJump) return false;  // first child starts low
  for (size_t k = d + 1; k < b.size(); ++k)
    if (b[k] > kMaxJump) return false;  // levels skipped over start low too
  return true;
}

std::optional<SectionMatch> split_glued_number(const SectionMatch& glued,
                                               const SectionMatch& prev) {
  if (glued.kind != SectionKind::kNumeric && glued.kind != SectionKind::kAppendixClause)
    return std::nullopt;
  const std::string last = std::to_string(glued.components.back());
  // "5.3.450年一遇": the clause number 5.3.4 and the quantity 50 run together. Keep the shortest
  // head of the last component that continues the numbering; the rest of its digits go back
  // into the text.
  for (size_t keep = 1; keep < last.size(); ++keep) {
    if (last[keep] == '0' && keep + 1 == last.size()) continue;  // "5.3.1" + "0" is no quantity
    SectionMatch m = glued;
    m.components.back() = text::to_int(last.substr(0, keep)).value_or(0);
    if (m.components.back() <= 0 || !plausible_successor(prev, m)) continue;
    m.rest = last.substr(keep) + glued.rest;
    renumber(m);
    return m;
  }
  return std::nullopt;
}

std::optional<SectionMatch> mend_misread_number(const SectionMatch& read, const SectionMatch& prev,
                                                const SectionMatch& next) {
  if (read.kind != SectionKind::kNumeric || prev.kind != read.kind || next.kind != read.kind)
    return std::nullopt;
  if (next.components.size() <= read.components.size()) return std::nullopt;
  SectionMatch m = read;
  m.components.assign(next.components.begin(),
                      next.components.begin() + static_cast<long>(read.components.size()));
  int differing = 0;
  for (size_t k = 0; k < m.components.size(); ++k)
    differing += m.components[k] != read.components[k] ? 1 : 0;
  if (differing != 1 || !plausible_successor(prev, m) || !can_contain(m, next)) return std::nullopt;
  renumber(m);
  return m;
}

void renumber(SectionMatch& m) {
  m.number = m.kind == SectionKind::kAppendixClause ? std::string(1, m.letter) + "." : "";
  for (size_t k = 0; k < m.components.size(); ++k)
    m.number += (k ? "." : "") + std::to_string(m.components[k]);
}

std::optional<size_t> fused_heading_at(std::string_view paragraph,
                                       const std::optional<SectionMatch>& prev) {
  const std::u32string s = text::to_u32string(paragraph);
  const auto own = match_section_number(paragraph);
  // "14 电气试验14.1 一般要求": the first sub-clause run into its chapter's heading.
  if (own && own->kind == SectionKind::kNumeric) {
    const std::u32string child = text::to_u32string(own->number + ".1");
    for (size_t at = s.find(child, 1); at != std::u32string::npos; at = s.find(child, at + 1)) {
      // Right after the chapter's title: a short title with no sentence in it.
      const std::string title = to_utf8(s.substr(0, at));
      const bool after_title =
          text::is_cjk(s[at - 1]) && is_title_like(title) && title.find("。") == std::string::npos;
      const bool ends = at + child.size() >= s.size() || !is_digit(s[at + child.size()]);
      if (after_title && ends) return at;
    }
  }
  // "…方可送电。11 在六氟化硫(SF₆)电气设备上的工作": the next heading run into the end of a
  // paragraph, after its last full stop.
  const size_t stop = s.rfind(U'。');
  if (stop == std::u32string::npos || stop + 1 >= s.size()) return std::nullopt;
  size_t at = stop + 1;
  while (at < s.size() && text::is_space(s[at]))
    ++at;
  const std::u32string tail = s.substr(at);
  if (tail.size() > kMaxTitleChars) return std::nullopt;
  const auto m = match_section_number(to_utf8(tail));
  const auto& base = own ? own : prev;
  if (!m || !base || m->rest.empty() || !is_title_like(m->rest)) return std::nullopt;
  if (m->kind != SectionKind::kNumeric && m->kind != SectionKind::kAppendix) return std::nullopt;
  // A new heading continues the numbering at the same or a higher level (10.5 -> 11).
  if (m->kind == base->kind &&
      (m->components.size() > base->components.size() || !plausible_successor(*base, *m)))
    return std::nullopt;
  return at;
}

}  // namespace regreader::parse
