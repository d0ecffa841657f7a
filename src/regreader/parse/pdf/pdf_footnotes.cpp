#include "regreader/parse/pdf/pdf_footnotes.hpp"

#include <algorithm>
#include <string_view>

#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {

// Word sets a footnote mark at 2/3 of the text's size, LibreOffice at 58%, both raised by a
// third of it; a footnote's own text is at least a point smaller than the body.
constexpr float kMarkSize = 0.8f;
constexpr float kMarkRaise = 0.15f;
constexpr float kFootnoteSize = 0.92f;

bool label_char(char32_t c) {
  return (c >= U'0' && c <= U'9') || (c >= 0x2460 && c <= 0x2473) || c == U'*' || c == 0x2020 ||
         c == 0x2021;
}

bool ascii_alnum(char32_t c) {
  return (c >= U'0' && c <= U'9') || (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z');
}

// Where a raised mark is in a line: characters [from, to), its label, and the baseline of the
// line's own type.
struct Mark {
  size_t line = 0, from = 0, to = 0;
  std::u32string label;
  float base = 0;
};

float body_baseline(const PdfLine& l) {
  std::vector<float> b;
  for (const auto& c : l.chars)
    if (c.size >= 0.9f * l.size) b.push_back(c.baseline);
  if (b.empty()) return 0;
  std::nth_element(b.begin(), b.begin() + static_cast<long>(b.size() / 2), b.end());
  return b[b.size() / 2];
}

std::vector<Mark> raised_marks(const PdfPage& page, size_t lines) {
  std::vector<Mark> out;
  for (size_t i = 0; i < lines; ++i) {
    const auto& l = page.lines[i];
    if (l.mean_conf < 100) continue;  // OCR's sizes are guesses
    const float base = body_baseline(l);
    auto raised = [&](const PdfChar& c) {
      return label_char(c.c) && c.size <= kMarkSize * l.size &&
             c.baseline < base - kMarkRaise * l.size;
    };
    for (size_t k = 0; k < l.chars.size(); ++k) {
      if (!raised(l.chars[k]) || (k > 0 && ascii_alnum(l.chars[k - 1].c))) continue;
      size_t end = k + 1;
      while (end < l.chars.size() && raised(l.chars[end]) && l.chars[k].c <= U'9' &&
             l.chars[end].c <= U'9')
        ++end;
      Mark m{i, k, end, {}, base};
      for (size_t j = k; j < end; ++j)
        m.label += l.chars[j].c;
      out.push_back(std::move(m));
      k = end - 1;
    }
  }
  return out;
}

// The label a footnote line opens with, and where its text starts; empty when it opens with none.
std::u32string opening_label(const PdfLine& l, size_t& text_from) {
  std::u32string label;
  size_t k = 0;
  while (k < l.chars.size() && label_char(l.chars[k].c) &&
         (label.empty() || (label.back() <= U'9' && l.chars[k].c <= U'9')))
    label += l.chars[k++].c;
  text_from = k;
  return k < l.chars.size() ? label : std::u32string{};
}

std::string utf8(std::u32string_view s) {
  std::string out;
  for (char32_t c : s)
    text::append_utf8(out, c);
  return out;
}

std::string text_of(const PdfLine& l, size_t from) {
  std::string out;
  for (size_t k = from; k < l.chars.size(); ++k)
    text::append_utf8(out, l.chars[k].c);
  return out;
}

// Writes "[脚注<label>]" over the mark's characters, on the line's baseline at its size.
void write_mark(PdfLine& l, const Mark& m) {
  const PdfChar model = l.chars[m.from];
  std::vector<PdfChar> mark;
  for (char32_t c : U"[脚注" + m.label + U"]") {
    PdfChar ch = model;
    ch.c = c;
    ch.size = l.size;
    ch.baseline = m.base;
    ch.x1 = l.chars[m.to - 1].x1;
    mark.push_back(ch);
  }
  l.chars.erase(l.chars.begin() + static_cast<long>(m.from),
                l.chars.begin() + static_cast<long>(m.to));
  l.chars.insert(l.chars.begin() + static_cast<long>(m.from), mark.begin(), mark.end());
}

}  // namespace

void take_footnotes(PdfPage& page, float body_size, std::vector<RawFootnote>& out) {
  // The run of lines in small type that ends the page.
  size_t foot = page.lines.size();
  while (foot > 0 && page.lines[foot - 1].mean_conf >= 100 &&
         page.lines[foot - 1].size < kFootnoteSize * body_size)
    --foot;
  if (foot == page.lines.size() || foot == 0) return;
  auto marks = raised_marks(page, foot);
  if (marks.empty()) return;

  // label -> text, in the order they open
  std::vector<std::pair<std::u32string, std::string>> notes;
  auto noted = [&](const std::u32string& label) {
    return std::ranges::any_of(notes, [&](const auto& n) { return n.first == label; });
  };
  std::vector<bool> taken(page.lines.size(), false);
  for (size_t i = foot; i < page.lines.size(); ++i) {
    const auto& line = page.lines[i];
    if (is_page_number_line(line.text)) {  // a footer below the footnotes ends them
      if (!notes.empty()) break;
      continue;
    }
    size_t from = 0;
    const std::u32string label = opening_label(line, from);
    const bool marked = !label.empty() && !noted(label) &&
                        std::ranges::any_of(marks, [&](const Mark& m) { return m.label == label; });
    if (marked)
      notes.emplace_back(label, text_of(line, from));
    else if (!notes.empty())
      notes.back().second += " " + text_of(line, 0);  // its text runs on
    else
      continue;
    taken[i] = true;
  }
  if (notes.empty()) return;

  // Marks are rewritten from the end of each line so that earlier positions stay valid.
  std::ranges::sort(marks, [](const Mark& a, const Mark& b) {
    return a.line != b.line ? a.line < b.line : a.from > b.from;
  });
  std::vector<bool> changed(page.lines.size(), false);
  for (const auto& m : marks) {
    if (!noted(m.label)) continue;
    write_mark(page.lines[m.line], m);
    changed[m.line] = true;
  }
  for (size_t i = 0; i < foot; ++i)
    if (changed[i]) assemble_line(page.lines[i]);
  for (const auto& [label, text] : notes)
    out.push_back({"脚注" + utf8(label), text::clean_spaces(text), page.number});
  size_t k = 0;
  std::erase_if(page.lines, [&](const PdfLine&) { return taken[k++]; });
}

}  // namespace regreader::parse
