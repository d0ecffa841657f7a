#include "regreader/parse/structure/block_passes.hpp"

#include <set>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/pdf/glyph_repair.hpp"
#include "regreader/parse/pdf/page_furniture.hpp"

namespace regreader::parse {

using model::BlockType;

namespace {

// Longest term taken from the line after a bare number.
constexpr size_t kMaxTermChars = 30;
// A document with fewer numbered chapters than this marks its chapters by type size.
constexpr int kMinNumberedChapters = 3;
// Longest unnumbered heading taken by its type size.
constexpr size_t kMaxFontHeadingChars = 30;

}  // namespace

// The Chinese term of a term line, without the English term after it ("电力系统稳定性 power
// system stability" -> "电力系统稳定性", OCR's "低[电]压low voltage;LV" -> "低[电]压",
// "重要负荷（用户） important load（user）" -> "重要负荷（用户）"). Only a tail after a Chinese
// ideograph that starts with a Latin letter and holds no ideograph is cut: ASCII, full-width
// ASCII forms (（）－), and glyphs that could not be read (a mapped font's hyphen). "N-1原则",
// "SF6 气体", "kVA的变压器" and an abbreviation in brackets, "电压互感器（PT）", stay whole.
std::string chinese_term(const std::string& line) {
  auto cps = text::to_codepoints(line);
  bool cjk_before = false;
  int depth = 0;  // brackets open
  for (size_t i = 0; i < cps.size(); ++i) {
    const char32_t c = cps[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    // Latin inside brackets is an abbreviation of the term ("电压互感器（PT）"), kept; a bracket
    // round a character of the term ("低[电]压", its closing one lost by OCR) holds none.
    const bool opens = c == U'（' || c == '(' || c == U'【' || c == '[';
    if (opens && !(i + 1 < cps.size() && text::is_han(cps[i + 1]))) ++depth;
    if ((c == U'）' || c == ')' || c == U'】' || c == ']') && depth > 0) --depth;
    if (letter && cjk_before && depth == 0) {
      bool tail = true;
      for (size_t k = i; tail && k < cps.size(); ++k)
        tail = cps[k] < 0x80 || (cps[k] >= 0xFF01 && cps[k] <= 0xFF5E) || is_unreadable(cps[k]);
      if (tail)
        return text::trim(
            text::from_codepoints(std::vector<char32_t>(cps.begin(), cps.begin() + i)));
    }
    cjk_before = cjk_before || text::is_han(c);
  }
  return text::trim(line);
}

// "（试行）", "（2026年版）": a title's bracketed second line, never a chapter.
bool bracketed(const std::string& t) {
  const auto cps = text::to_codepoints(text::trim(t));
  return cps.size() >= 2 && (cps.front() == U'（' || cps.front() == '(') &&
         (cps.back() == U'）' || cps.back() == ')');
}

// Body text on page 1 beyond this many characters makes it a page of text, not a cover.
constexpr size_t kMinPageOneBodyChars = 150;

// A manual that does not number its chapters ("电工安全操作规程", "变配电安全操作规程" …)
// marks them by type: when fewer than kMinNumberedChapters top-level numbers or 第X章 were
// found, short lines set larger than the body text (after the cover) are its chapters.
void promote_font_headings(std::vector<ClassifiedBlock>& items) {
  int top = 0;
  for (const auto& it : items)
    if (it.starts_node && it.number &&
        ((it.number->kind == SectionKind::kNumeric && it.number->components.size() == 1) ||
         it.number->kind == SectionKind::kChapter))
      ++top;
  if (top >= kMinNumberedChapters) return;
  // Page 1 is a cover — unless body text is set on it (a notice or rule sheet of a page or
  // two, or numbered clauses): then its larger lines after the first (the title) are chapters.
  size_t page1_body = 0;
  bool page1_clauses = false;  // a cover numbers no clause or article
  const ClassifiedBlock* title = nullptr;
  for (const auto& it : items) {
    if (it.page > 1) break;
    if (!it.larger_font && it.type != BlockType::kTable) page1_body += text::length(it.text);
    if (it.larger_font && !title) title = &it;
    page1_clauses = page1_clauses || (it.starts_node && it.number);
  }
  const bool cover = page1_body < kMinPageOneBodyChars && !page1_clauses;
  for (size_t i = 0; i < items.size(); ++i) {
    auto& it = items[i];
    const bool on_cover = it.page <= 1 && (cover || &it == title);
    // An unnumbered heading already known (附则, 前言) set in the chapters' type is one of them.
    if (it.starts_node && !it.number && it.larger_font && !on_cover) it.font_heading = true;
    if (it.starts_node || !it.larger_font || on_cover || it.type == BlockType::kTable ||
        !it.notes.empty() || text::length(it.text) > kMaxFontHeadingChars ||
        !is_title_like(it.text) || never_a_chapter(it.text) || bracketed(it.text))
      continue;
    // A line right above a date is a signature ("湖南电器检测所有限公司 / 2016.12.27").
    if (i + 1 < items.size() && items[i + 1].page == it.page && is_date_line(items[i + 1].text))
      continue;
    it.starts_node = true;
    it.type = BlockType::kHeading;
    it.node_title = it.text;
    it.font_heading = true;
  }
}

// "……………（3）": a cell that numbers a formula.
bool formula_number_cell(const std::string& cell) {
  const auto cps = text::to_codepoints(text::trim(text::fold_width(cell)));
  if (cps.size() < 3) return false;
  const char32_t close = cps.back();
  if (close != ')' && close != U'）') return false;
  size_t i = cps.size() - 1;
  while (i > 0 && cps[i - 1] >= '0' && cps[i - 1] <= '9')
    --i;
  if (i == cps.size() - 1 || i == 0 || (cps[i - 1] != '(' && cps[i - 1] != U'（')) return false;
  size_t dots = 0;
  for (size_t k = 0; k + 1 < i; ++k)
    dots += (cps[k] == U'…' || cps[k] == '.' || cps[k] == U'⋯' || cps[k] == U'·') ? 1 : 0;
  return dots >= 2 || i == 1;
}

// Formulas set with leader dots and numbers ("KP＝… ……（3）") line up like a table, but they
// are text: a "table" without a caption most of whose rows end in a formula number.
bool is_formula_layout(const model::TableMeta& t) {
  if (!t.caption.empty() || t.row_count == 0) return false;
  int numbered = 0;
  for (int r = 0; r < t.row_count; ++r) {
    const auto cells = t.row_texts(r);
    for (auto it = cells.rbegin(); it != cells.rend(); ++it)
      if (!text::trim(*it).empty()) {
        numbered += formula_number_cell(*it) ? 1 : 0;
        break;
      }
  }
  return numbered >= 2 && numbered * 2 >= t.row_count;
}

// The text of a formula block, row by row, each cell once (a merged cell is not repeated).
std::string formula_text(const model::TableMeta& t) {
  std::string out;
  for (int r = 0; r < t.row_count; ++r) {
    std::string line;
    for (const auto& c : t.cells)
      if (c.row == r && !text::trim(c.content).empty())
        line += (line.empty() ? "" : " ") + text::trim(c.content);
    if (!line.empty()) out += (out.empty() ? "" : "\n") + normalise_text(line);
  }
  return out;
}

// Rows at the end of a table that hold only a note ("注：…" in one merged cell, or copied into
// every cell of the row) are the table's notes, not data.
std::vector<NoteMatch> take_note_rows(model::TableMeta& t) {
  std::vector<NoteMatch> notes;
  while (t.row_count > 1) {
    const int r = t.row_count - 1;
    std::set<std::string> texts;
    for (const auto& c : t.cells)
      if (c.row == r && !text::trim(c.content).empty()) texts.insert(text::trim(c.content));
    if (texts.size() != 1) break;
    auto found = match_notes(normalise_text(*texts.begin()));
    if (found.empty()) break;
    notes.insert(notes.begin(), found.begin(), found.end());
    std::erase_if(t.cells, [&](const model::TableCell& c) { return c.row == r; });
    for (auto& c : t.cells)
      c.row_span = std::min(c.row_span, r - c.row);
    t.row_count = r;
  }
  return notes;
}

namespace {

// A converter that joins an appendix's lines runs its title into the sentence that presents its
// first table or figure: "(规范性附录) 标示牌式样表 F.1 给出了标示牌式样。表 F.1 标示牌式样".
// The title is what comes before the appendix's own 表F.n / 图F.n; "" when it does not occur.
std::string title_before_exhibit(const std::string& paragraph, char letter) {
  static const Regex exhibit(R"(([表图]\s*([A-Z])\.\s*[0-9]))");
  const std::string rest = strip_appendix_designation(text::fold_width(paragraph));
  re2::StringPiece input(rest), m;
  std::string found;
  while (RE2::FindAndConsume(&input, exhibit, &m, &found))
    if (found[0] == letter) {
      const auto at = static_cast<size_t>(m.data() - rest.data());
      return at == 0 ? std::string() : text::trim(rest.substr(0, at));
    }
  return {};
}

// The Chinese words before " english words" inside a line: "配电设备 powerdistribution…用于…" ->
// "配电设备"; "" when no run of three Latin letters follows a space after Chinese text.
std::string term_before_english(const std::string& line) {
  static const Regex english(R"(^([^A-Za-z]*?\p{Han})\s+[A-Za-z]{3,})");
  std::string term;
  if (!RE2::PartialMatch(line, english, &term)) return {};
  return text::trim(term);
}

}  // namespace

// Term entries print their number alone and the term on the next line ("2.1" / "电力系统
// 安全性 power system security"): the term is the node's title.
void join_term_titles(std::vector<ClassifiedBlock>& items) {
  std::vector<ClassifiedBlock> out;
  for (size_t i = 0; i < items.size(); ++i) {
    auto& it = items[i];
    out.push_back(std::move(it));
    auto& head = out.back();
    if (!head.starts_node || !head.number || !head.number->rest.empty() ||
        head.number->kind == SectionKind::kArticle || i + 1 >= items.size())
      continue;
    // "附录 C" then "附录 C.1 (资料性附录) 电气带电作业工作票格式": one appendix, titled by
    // the second line.
    auto& same = items[i + 1];
    if (same.starts_node && same.number && same.number->number == head.number->number) {
      head.node_title = same.node_title;
      same.starts_node = false;
      continue;
    }
    // An appendix's designation may sit on a line of its own between number and title.
    size_t k = i + 1;
    if (head.number->kind == SectionKind::kAppendix && k + 1 < items.size() &&
        strip_appendix_designation(items[k].text).empty())
      ++k;
    const auto& next = items[k];
    if (next.type != BlockType::kText || next.starts_node || !next.notes.empty() ||
        next.page != head.page)
      continue;
    if (head.number->kind == SectionKind::kAppendix) {
      const std::string title = title_before_exhibit(next.text, head.number->letter);
      if (!title.empty() && text::length(title) <= kMaxTermChars && is_title_like(title)) {
        head.node_title = title;  // the paragraph goes on as text: it holds the caption
        continue;
      }
    }
    std::string term = chinese_term(next.text);
    // The term, its English name and the definition read as one line ("配电设备
    // powerdistributionequipment用于向一个用电区供电的…"): the term is what precedes the English.
    if (text::length(term) > kMaxTermChars) term = term_before_english(next.text);
    if (term.empty() || text::length(term) > kMaxTermChars || !is_title_like(term)) continue;
    head.node_title = term;
    head.type = BlockType::kHeading;
    for (size_t j = i + 1; j <= k; ++j)
      head.text += " " + items[j].text;
    i = k;
  }
  items = std::move(out);
}

// A chapter heading whose number was misread ("5 安全技术措施" between 5.9.4 and 6.1 on a scan)
// is chapter 6: its sections say so. The text keeps what was read; the node takes the number
// the numbering on both sides requires.
void infer_misread_chapters(std::vector<ClassifiedBlock>& items) {
  int top = 0;  // the last top-level chapter number accepted
  for (size_t i = 0; i < items.size(); ++i) {
    auto& it = items[i];
    if (it.starts_node && it.number && it.number->kind == SectionKind::kNumeric &&
        it.number->components.size() == 1)
      top = it.number->components[0];
    if (it.starts_node || it.type == BlockType::kTable || !it.notes.empty() || top == 0) continue;
    auto m = match_section_number(it.text);
    if (!m || m->kind != SectionKind::kNumeric || m->components.size() != 1 ||
        m->components[0] == top + 1 || m->rest.empty() || !is_title_like(m->rest) ||
        text::length(m->rest) > kMaxTermChars)
      continue;
    const ClassifiedBlock* next = nullptr;
    for (size_t k = i + 1; k < items.size() && !next; ++k)
      if (items[k].starts_node) next = &items[k];
    if (!next || !next->number || next->number->kind != SectionKind::kNumeric ||
        next->number->components != std::vector<int>{top + 1, 1})
      continue;
    m->components = {top + 1};
    m->number = std::to_string(top + 1);
    it.number = m;
    it.starts_node = true;
    it.type = BlockType::kHeading;
    it.node_title = m->rest;
    top += 1;
  }
}

void infer_misread_appendices(std::vector<ClassifiedBlock>& items, const std::set<int>& ocr_pages) {
  char last = 0;  // the last appendix letter accepted
  for (size_t i = 0; i + 1 < items.size(); ++i) {
    auto& it = items[i];
    if (it.starts_node && it.number && it.number->kind == SectionKind::kAppendix)
      last = it.number->letter;
    if (it.starts_node || it.type == BlockType::kTable || !ocr_pages.count(it.page) || last >= 'Z')
      continue;
    const auto cps = text::to_codepoints(text::strip_spaces(it.text));
    if (cps.size() != 3 || cps[0] != U'附' || cps[1] != U'录') continue;
    const std::string& next = items[i + 1].text;
    if (items[i + 1].page != it.page || strip_appendix_designation(next) == next) continue;
    SectionMatch m;
    m.kind = SectionKind::kAppendix;
    m.letter = last ? static_cast<char>(last + 1) : 'A';
    m.number = std::string("附录") + m.letter;
    m.components = {1};
    it.number = m;
    it.starts_node = true;
    it.type = BlockType::kHeading;
    last = m.letter;
  }
}

namespace {

// A line OCR made of a printed number it could not read: at most 3 glyphs, no sentence.
bool unreadable_number_line(const ClassifiedBlock& b) {
  const auto n = text::length(text::strip_spaces(b.text));
  return !b.starts_node && b.type == BlockType::kText && b.notes.empty() && n >= 1 && n <= 3;
}

}  // namespace

void infer_unreadable_numbers(std::vector<ClassifiedBlock>& items, const std::set<int>& ocr_pages) {
  size_t prev = items.size();  // index of the last numbered node
  for (size_t i = 0; i < items.size(); ++i) {
    const auto& it = items[i];
    if (!it.starts_node || !it.number || it.number->kind != SectionKind::kNumeric) continue;
    if (prev < items.size()) {
      const auto& a = *items[prev].number;
      const auto& b = *it.number;
      const bool gap_of_one =
          a.components.size() == b.components.size() && a.components.size() >= 2 &&
          b.components.back() == a.components.back() + 2 &&
          std::equal(a.components.begin(), a.components.end() - 1, b.components.begin());
      std::vector<size_t> candidates;
      for (size_t k = prev + 1; gap_of_one && k + 1 < i; ++k)
        if (ocr_pages.count(items[k].page) && unreadable_number_line(items[k]) &&
            items[k + 1].page == items[k].page && items[k + 1].type == BlockType::kText &&
            !items[k + 1].starts_node && !chinese_term(items[k + 1].text).empty() &&
            text::length(chinese_term(items[k + 1].text)) <= kMaxTermChars)
          candidates.push_back(k);
      if (candidates.size() == 1) {
        auto& hole = items[candidates.front()];
        SectionMatch m = a;
        m.components.back() += 1;
        renumber(m);
        m.rest.clear();
        hole.number = m;
        hole.starts_node = true;
        hole.type = BlockType::kHeading;
        hole.text = m.number;
      }
    }
    prev = i;
  }
}

void infer_misread_front_matter(std::vector<ClassifiedBlock>& items,
                                const std::set<int>& ocr_pages) {
  static const std::vector<std::u32string> titles = {U"前言", U"引言"};
  for (auto& it : items) {
    if (it.starts_node && it.number) return;  // front matter comes before the first chapter
    if (it.starts_node || it.type != BlockType::kText || !ocr_pages.count(it.page)) continue;
    const auto cps = text::to_codepoints(text::strip_spaces(it.text));
    for (const auto& t : titles) {
      // Two glyphs, one of them right and in its place (the other misread or a bracket).
      if (cps.size() != 2 || (cps[0] != t[0] && cps[1] != t[1])) continue;
      if (cps[0] == t[0] && text::is_han(cps[1]) && cps[1] != t[1]) continue;  // another word
      it.text = text::from_codepoints(std::vector<char32_t>(t.begin(), t.end()));
      it.starts_node = true;
      it.type = BlockType::kHeading;
      it.node_title = it.text;
      return;
    }
  }
}

namespace {

// A title longer than this, or holding a sentence's punctuation, may read a full stop as a
// point: only shorter titles have their points between ideographs taken for 、.
constexpr size_t kShortTitleChars = 24;

bool is_quote(char32_t c) {
  return std::u32string_view(U"“”\"‘’'「」").find(c) != std::u32string_view::npos;
}

// A point between two ideographs (spaces around it skipped) is 、; the spaces go with it.
std::u32string enumeration_commas(const std::u32string& t) {
  static const std::u32string_view sentence = U"，。；：,;:";
  if (t.size() > kShortTitleChars || std::any_of(t.begin(), t.end(), [](char32_t c) {
        return sentence.find(c) != std::u32string_view::npos;
      }))
    return t;
  std::u32string out;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] != U'.' && t[i] != U'．') {
      out.push_back(t[i]);
      continue;
    }
    size_t next = i + 1;
    while (next < t.size() && t[next] == U' ')
      ++next;
    size_t before = out.size();  // where the spaces before the point start
    while (before > 0 && out[before - 1] == U' ')
      --before;
    if (before > 0 && next < t.size() && text::is_han(out[before - 1]) && text::is_han(t[next])) {
      out.resize(before);
      out.push_back(U'、');
      i = next - 1;
    } else {
      out.push_back(t[i]);
    }
  }
  return out;
}

// The title as mend_ocr_title_marks() describes it.
std::string mended_title(const std::string& title) {
  std::u32string t = text::to_u32string(text::trim(title));
  if (std::count_if(t.begin(), t.end(), is_quote) == 1) {
    if (is_quote(t.front())) t.erase(0, 1);
    if (!t.empty() && is_quote(t.back())) t.pop_back();
  }
  const std::u32string commas = enumeration_commas(
      text::to_u32string(text::trim(text::from_codepoints({t.begin(), t.end()}))));
  return text::from_codepoints({commas.begin(), commas.end()});
}

}  // namespace

void mend_ocr_title_marks(std::vector<ClassifiedBlock>& items, const std::set<int>& ocr_pages) {
  for (auto& it : items) {
    if (!it.starts_node || it.node_title.empty() || !ocr_pages.count(it.page)) continue;
    const std::string title = mended_title(it.node_title);
    if (title == it.node_title) continue;
    if (const size_t at = it.text.rfind(text::trim(it.node_title)); at != std::string::npos) {
      const std::string number = text::trim(it.text.substr(0, at));
      it.text = number.empty() ? title : number + " " + title;
    }
    it.node_title = title;
  }
}

}  // namespace regreader::parse
