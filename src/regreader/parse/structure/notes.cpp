#include "regreader/parse/structure/notes.hpp"

#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {

bool is_digit(char32_t c) {
  return c >= '0' && c <= '9';
}
bool is_cn_digit(char32_t c) {
  return std::u32string_view(U"〇零一二三四五六七八九十百").find(c) != std::u32string_view::npos;
}
bool is_colon(char32_t c) {
  return c == U'：' || c == ':';
}
// What OCR makes of a colon's two dots: one of them with a tail (`注, 表中未列…`, `注；…`).
bool is_misread_colon(char32_t c) {
  return c == U'，' || c == ',' || c == U'；' || c == ';';
}
bool is_circled(char32_t c) {
  return c >= 0x2460 && c <= 0x2473;
}

struct Label {
  size_t begin = 0;  // index of 注 / 方 (or the opening bracket)
  size_t end = 0;    // index after the label and its colon
  std::string id;
};

// Reads a label starting at s[i]; the label must end with a colon, or (bracketed / circled
// forms) with its closing bracket. `opening`: the label opens its paragraph or cell, where a
// 注 before a comma or semicolon is a label too — OCR reads the colon after a table's
// `注：` so (GB 26859's scan: `注, 表中未列电压…`), and no sentence opens with 注 and a comma.
std::optional<Label> read_label(const std::vector<char32_t>& s, size_t i, bool opening = false) {
  Label l;
  l.begin = i;
  bool bracket = false;
  if (s[i] == U'（' || s[i] == '(') {
    bracket = true;
    ++i;
  }
  std::u32string prefix;
  if (i < s.size() && s[i] == U'注') {
    prefix = U"注";
    ++i;
  } else if (i + 1 < s.size() && s[i] == U'方' && s[i + 1] == U'案') {
    prefix = U"方案";
    i += 2;
  } else {
    return std::nullopt;
  }
  while (i < s.size() && (s[i] == ' ' || s[i] == 0x3000))
    ++i;
  std::u32string num;
  if (prefix == U"方案") {
    if (i < s.size() && ((s[i] >= 'A' && s[i] <= 'Z') ||
                         std::u32string_view(U"甲乙丙丁").find(s[i]) != std::u32string_view::npos))
      num.push_back(s[i++]);
    if (num.empty()) return std::nullopt;
  } else if (i < s.size() && is_circled(s[i])) {
    for (char ch : std::to_string(s[i] - 0x2460 + 1))
      num.push_back(static_cast<char32_t>(ch));
    ++i;
  } else {
    while (i < s.size() && (is_digit(s[i]) || is_cn_digit(s[i])))
      num.push_back(s[i++]);
  }
  while (i < s.size() && (s[i] == ' ' || s[i] == 0x3000))
    ++i;
  if (bracket) {
    if (i >= s.size() || (s[i] != U'）' && s[i] != ')')) return std::nullopt;
    ++i;
    if (i < s.size() && is_colon(s[i])) ++i;
  } else if (i < s.size() && is_colon(s[i])) {
    ++i;
  } else if (opening && prefix == U"注" && i < s.size() && is_misread_colon(s[i])) {
    ++i;  // `注 1; 表中…`: the mark is the colon, not the note's first character
  } else if (num.empty() || prefix == U"方案") {
    return std::nullopt;  // "注意" / "注明" / "方案中" are words, not labels
  }
  std::string id = text::from_codepoints({prefix.begin(), prefix.end()});
  if (!num.empty()) {
    const std::string n = text::from_codepoints({num.begin(), num.end()});
    auto v = text::parse_number(n);
    id += (prefix == U"注" && v) ? std::to_string(*v) : n;
  }
  l.end = i;
  l.id = id;
  return l;
}

}  // namespace

std::optional<NoteMatch> callout_note(std::string_view paragraph) {
  const std::string s = text::trim(text::fold_width(paragraph));
  for (const std::string_view label : {"注意", "说明"})
    for (const std::string_view colon : {"：", ":"})
      if (text::starts_with(s, std::string(label) + std::string(colon))) {
        const std::string rest = text::trim(s.substr(label.size() + colon.size()));
        if (!rest.empty()) return NoteMatch{std::string(label), rest};
      }
  return std::nullopt;
}

std::optional<size_t> enumerated_item(const std::vector<char32_t>& s, size_t i, int expected) {
  const std::string want = std::to_string(expected);
  if (i + want.size() >= s.size()) return std::nullopt;
  for (size_t k = 0; k < want.size(); ++k)
    if (s[i + k] != static_cast<char32_t>(want[k])) return std::nullopt;
  size_t e = i + want.size();
  // "1 不同高度…", "1、…", "1. …", "1）…": the number, a separator, then text (not "1/7", "10").
  if (s[e] == U'、' || s[e] == U'）' || s[e] == ')') {
    ++e;
  } else if (s[e] == '.' && e + 1 < s.size() && s[e + 1] == ' ') {
    e += 2;
  } else if (s[e] == ' ' || s[e] == 0x3000) {
    ++e;
  } else {
    return std::nullopt;
  }
  while (e < s.size() && (s[e] == ' ' || s[e] == 0x3000))
    ++e;
  // The item's text is Chinese: "1 kV 以下" is a quantity.
  if (e >= s.size() || !text::is_han(s[e])) return std::nullopt;
  return e;
}

std::optional<std::string> canonical_note_id(std::string_view label) {
  auto s = text::to_codepoints(text::trim(text::fold_width(label)));
  if (s.empty()) return std::nullopt;
  if (s.back() != U'）' && s.back() != ')' && !is_colon(s.back()))
    s.push_back(U'：');  // a bare "注1" is a label when asked for by id
  auto l = read_label(s, 0);
  if (!l || l->end != s.size()) return std::nullopt;
  return l->id;
}

std::vector<NoteMatch> match_notes(std::string_view paragraph) {
  const std::string folded = text::trim(text::fold_width(paragraph));
  const auto s = text::to_codepoints(folded);
  std::vector<NoteMatch> out;
  if (s.empty()) return out;
  auto first = read_label(s, 0, true);
  if (!first) return out;
  std::vector<Label> labels{*first};
  for (size_t i = first->end; i < s.size(); ++i) {
    if (s[i] != U'注') continue;
    auto l = read_label(s, i);
    // Only numbered labels split a paragraph; a later bare "注：" is part of the text.
    if (l && l->id != "注" && l->id != labels.front().id) labels.push_back(*l), i = l->end - 1;
  }
  // "注：1 … 2 …": a bare 注 whose text is enumerated holds 注1, 注2, ….
  if (labels.size() == 1 && labels[0].id == "注") {
    size_t i = labels[0].end;
    while (i < s.size() && (s[i] == ' ' || s[i] == 0x3000))
      ++i;
    if (auto first_item = enumerated_item(s, i, 1)) {
      std::vector<Label> items{{labels[0].begin, *first_item, "注1"}};
      for (size_t j = *first_item; j < s.size(); ++j) {
        const char32_t before = s[j - 1];
        if (before != U'。' && before != U'；' && before != ' ' && before != '\n') continue;
        const int next = static_cast<int>(items.size()) + 1;
        if (auto e = enumerated_item(s, j, next)) {
          items.push_back({j, *e, "注" + std::to_string(next)});
          j = *e - 1;
        }
      }
      labels = std::move(items);
    }
  }
  for (size_t k = 0; k < labels.size(); ++k) {
    const size_t b = labels[k].end;
    const size_t e = k + 1 < labels.size() ? labels[k + 1].begin : s.size();
    NoteMatch m;
    m.id = labels[k].id;
    m.content =
        text::trim(text::from_codepoints(std::vector<char32_t>(s.begin() + b, s.begin() + e)));
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace regreader::parse
