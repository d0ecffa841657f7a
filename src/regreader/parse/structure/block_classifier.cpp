#include "regreader/parse/structure/block_classifier.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "regreader/core/text.hpp"
#include "regreader/parse/pdf/page_furniture.hpp"
#include "regreader/parse/structure/block_passes.hpp"
#include "regreader/parse/structure/document_title.hpp"
#include "regreader/parse/structure/paragraph_roles.hpp"

namespace regreader::parse {

using model::BlockType;

bool is_front_matter_title(const std::string& t) {
  static const std::set<std::string> titles = {
      "前言", "引言",     "目次",     "目录",     "参考文献",       "索引",
      "附则", "条文说明", "编制说明", "制定说明", "本规范用词说明", "引用标准名录"};
  return titles.count(text::strip_spaces(t)) > 0;
}

namespace {

// The heading of an explanation of provisions as converters leave it: "条文说明" with a stray
// emphasis mark ("条文说明**": a bold run opened lines before), or after the standard's number,
// its paragraph joining the two lines ("GB 50229-2019\n条文说明"), or "附：条文说明". What
// it returns is the plain title, or "" when the paragraph is something else.
std::string explanation_title(const std::string& text) {
  const std::string t = text::strip_spaces(text::without_emphasis(text));
  for (const char* title : {"条文说明", "编制说明", "制定说明"}) {
    const size_t n = std::strlen(title);
    if (t.size() < n || t.compare(t.size() - n, n, title) != 0) continue;
    std::string prefix = t.substr(0, t.size() - n);
    for (const char* mark : {"附：", "附:"})
      if (prefix.rfind(mark, 0) == 0) prefix.erase(0, std::strlen(mark));
    // What may stand before it: nothing, or a standard's number ("GB 50229-2019", "DL/T 5352").
    const bool code = prefix.size() <= 24 &&
                      std::all_of(prefix.begin(), prefix.end(),
                                  [](char c) {
                                    return std::isalnum(static_cast<unsigned char>(c)) ||
                                           c == '/' || c == '-' || c == '.';
                                  }) &&
                      (prefix.empty() || std::isupper(static_cast<unsigned char>(prefix[0])));
    if (code) return title;
  }
  return "";
}

// Titles of inline clauses ("5.2.2 在电气设备上工作，…") are cut to this many characters.
constexpr size_t kInlineTitleChars = 24;

std::string inline_title(const std::string& rest) {
  auto cps = text::to_codepoints(rest);
  size_t end = 0;
  while (end < cps.size() && end < kInlineTitleChars) {
    char32_t c = cps[end];
    if (c == U'，' || c == U'。' || c == U'；' || c == U'：' || c == ',' || c == ';') break;
    ++end;
  }
  std::string t = text::from_codepoints(std::vector<char32_t>(cps.begin(), cps.begin() + end));
  return end < cps.size() ? t + "…" : t;
}

// "0.4 m(…", "10 kV 及以下": a number and its unit, never a title; nor is a line of numbers
// with no word in it ("0.28 mO 、0.21 mn、0.16", OCR's reading of values).
bool starts_with_quantity(const std::string& t) {
  auto cps = text::to_codepoints(t);
  if (!cps.empty() && cps[0] >= '0' && cps[0] <= '9' &&
      std::none_of(cps.begin(), cps.end(), text::is_han))
    return true;
  size_t i = 0;
  while (i < cps.size() && ((cps[i] >= '0' && cps[i] <= '9') || cps[i] == '.'))
    ++i;
  if (i == 0) return false;
  while (i < cps.size() && cps[i] == ' ')
    ++i;
  static const std::u32string units[] = {U"mm", U"m", U"kV", U"V", U"A", U"s", U"%", U"MW"};
  for (const auto& u : units)
    if (std::u32string(cps.begin() + static_cast<long>(i),
                       cps.begin() + static_cast<long>(std::min(cps.size(), i + u.size()))) == u) {
      const size_t e = i + u.size();
      if (e >= cps.size() ||
          !((cps[e] >= 'a' && cps[e] <= 'z') || (cps[e] >= 'A' && cps[e] <= 'Z')))
        return true;
    }
  return false;
}

// An explanation of provisions (条文说明) explains only some clauses, so its numbers jump
// (4.1 -> 4.1.5): there, a number need only come after the previous one.
bool comes_after(const SectionMatch& prev, const SectionMatch& next) {
  if (prev.kind != next.kind) return true;
  if (prev.kind == SectionKind::kAppendixClause && prev.letter != next.letter)
    return next.letter > prev.letter;
  return std::lexicographical_compare(prev.components.begin(), prev.components.end(),
                                      next.components.begin(), next.components.end());
}

struct Numbering {
  std::map<SectionKind, SectionMatch> last;  ///< the last accepted number of each kind
  bool explanations = false;                 ///< inside a 条文说明
  /// The next numbered paragraph after the one being classified, when its page was read by
  /// OCR (misread numbers are mended from it); nullopt on text-layer pages, where a number
  /// out of sequence is what the document prints.
  std::optional<SectionMatch> next_on_ocr_page;
  int mended = 0;  ///< numbers mended so far (logged)
  /// The kind of the last accepted number: 一、 headings follow a chapter or an appendix, not a
  /// clause or an article (where 一、 numbers the items of a list).
  std::optional<SectionKind> last_kind;
  /// The paragraph being classified is a numbered question of a Q&A (question_paragraphs).
  bool question = false;
  /// The paragraph being classified reads as an item title with a body after it
  /// (item_titles); the last item title accepted at each of its three levels (（一）, 1., （1）).
  bool item_title = false;
  std::optional<SectionMatch> group, item, sub_item;
  /// A numbered clause (5, 5.1) was accepted outside any item: the document numbers clauses,
  /// and its "1、…" lines are list items.
  bool clauses = false;
};

// An item title in its context: only where no numbered clause or article has been seen (there
// "1、…" numbers the items of a list), first of its run under its part or next to the last one.
std::optional<SectionMatch> item_heading(const std::string& text, const Numbering& state) {
  if (!state.item_title || state.clauses || state.last.count(SectionKind::kArticle) ||
      state.last.count(SectionKind::kAppendixClause))
    return std::nullopt;
  auto m = match_item_heading(text);
  if (!m) return std::nullopt;
  const auto& prev = m->letter == kGroupItem ? state.group
                     : m->letter             ? state.sub_item
                                             : state.item;
  const int value = m->components[0];
  if (value != 1 && !(prev && prev->components[0] + 1 == value)) return std::nullopt;
  return m;
}

// "一、…" as a heading (or, where state.question says so, "2、…？"): a short title, first of its
// run or next to the last one, under a chapter, an appendix or nothing numbered.
std::optional<SectionMatch> enumerated_heading(const std::string& text, const Numbering& state) {
  auto m = state.question ? match_numbered_question(text) : match_enumerated_heading(text);
  if (!m) return std::nullopt;
  if (state.last_kind && *state.last_kind != SectionKind::kChapter &&
      *state.last_kind != SectionKind::kSection && *state.last_kind != SectionKind::kPart &&
      *state.last_kind != SectionKind::kAppendix && *state.last_kind != SectionKind::kEnumerated &&
      *state.last_kind != SectionKind::kItem)
    return std::nullopt;
  const int value = m->components[0];
  auto prev = state.last.find(SectionKind::kEnumerated);
  // The next part comes after the last one's items too ("二、" after "2.适用范围").
  const bool next_in_run =
      (state.last_kind == SectionKind::kEnumerated || state.last_kind == SectionKind::kItem) &&
      prev != state.last.end() && prev->second.components[0] + 1 == value;
  if (value != 1 && !next_in_run) return std::nullopt;
  return m;
}

// A heading found by its number in plain text ("一、总则", "1.目的"): it opens a node titled by
// the text after the number.
void accept_heading(ClassifiedBlock& it, const SectionMatch& e, Numbering& state) {
  state.last[e.kind] = e;
  state.last_kind = e.kind;
  it.starts_node = true;
  it.number = e;
  it.type = BlockType::kHeading;
  it.node_title = e.rest;
}

// Decides whether a paragraph starts a chapter node, and whether it is a heading block.
// `state` holds the last accepted number of each kind, for the plausibility check of
// numbers found in unmarked text.
void classify(ClassifiedBlock& it, const RawBlock& raw, Numbering& state) {
  auto& last = state.last;
  if (raw.kind == RawBlock::Kind::kTable) return;
  if (never_a_chapter(it.text)) {
    it.type = raw.heading_level > 0 || raw.styled_heading ? BlockType::kHeading : BlockType::kText;
    return;
  }
  it.notes = match_notes(it.text);
  if (!it.notes.empty()) return;
  if (auto callout = raw.boxed ? callout_note(it.text) : std::nullopt) {
    it.notes.push_back(std::move(*callout));
    return;
  }
  const bool list_like = raw.list_item || starts_with_list_marker(it.text);
  // Type smaller than the body's sets a footnote ("1 危急缺陷指…" at a page's foot), a note or a
  // label: text, never a chapter.
  if (raw.smaller_font && raw.heading_level == 0) {
    it.type = list_like ? BlockType::kList : BlockType::kText;
    return;
  }
  auto number = list_like && raw.heading_level == 0
                    ? std::nullopt
                    : match_section_number(it.text, raw.heading_level > 0);
  if (raw.heading_level > 0) {
    it.type = BlockType::kHeading;
    // A heading by markup that a conversion made of a broken line: a number going backwards
    // inside a chapter ("3.2 操作方式" among the 7.3.x clauses, the numbering's own list
    // restarting), or a quantity ("0.4 m(1000kV 为0.6 m)").
    if (number && number->kind == SectionKind::kNumeric && number->components.size() > 1) {
      auto prev = last.find(number->kind);
      if (prev != last.end() && !state.explanations &&
          number->components[0] < prev->second.components[0])
        return;
    }
    if (!number && starts_with_quantity(it.text)) return;
    if (!number) number = match_enumerated_heading(it.text);  // "## 一、操作票不合格判断依据"
    it.starts_node = true;
    it.markup_level = raw.heading_level;
    it.number = number;
    it.node_title = chinese_term(number ? number->rest : it.text);
    if (!is_title_like(it.node_title)) it.node_title = inline_title(it.node_title);
    if (number) last[number->kind] = *number;
    if (number && number->kind == SectionKind::kNumeric && !state.item) state.clauses = true;
    // An unnumbered heading opens a context of its own.
    state.last_kind = number ? std::optional(number->kind) : std::nullopt;
    return;
  }
  if (number) {
    auto prev = last.find(number->kind);
    // Numbering may start again (a second part, 条文说明): "1 总则" with a title is a restart.
    const bool restart = number->components == std::vector<int>{1} && !number->rest.empty() &&
                         is_title_like(number->rest) && (raw.styled_heading || raw.larger_font);
    const bool follows = prev == last.end() || restart ||
                         (state.explanations ? comes_after(prev->second, *number)
                                             : plausible_successor(prev->second, *number));
    if (!follows) {
      auto mended = state.next_on_ocr_page
                        ? mend_misread_number(*number, prev->second, *state.next_on_ocr_page)
                        : std::nullopt;
      if (mended) {
        mended->rest = number->rest;
        ++state.mended;
      }
      number = mended ? mended : split_glued_number(*number, prev->second);
    }
    // A top-level chapter ("5 风能资源评估") has a short title; "5 运行温度区间应包括…" is an
    // item of a numbered list inside a clause.
    if (number && number->kind == SectionKind::kNumeric && number->components.size() == 1 &&
        !number->rest.empty() && !is_title_like(number->rest))
      number.reset();
  }
  // The steps of an office document's item ("2.1 当电池簇温度超过45℃时，…。" under
  // "2.异常处理") are sentences numbered under it: list items, not clauses.
  if (number && number->kind == SectionKind::kNumeric && number->components.size() > 1 &&
      state.item && number->components[0] == state.item->components[0] && !number->rest.empty() &&
      !is_title_like(number->rest)) {
    it.type = BlockType::kList;
    return;
  }
  if (number) {
    last[number->kind] = *number;
    if (number->kind == SectionKind::kNumeric && !state.item) state.clauses = true;
    state.last_kind = number->kind;
    it.starts_node = true;
    it.number = number;
    const bool title_like = number->rest.empty() || is_title_like(number->rest);
    const bool article = number->kind == SectionKind::kArticle;
    it.type =
        (title_like || raw.styled_heading) && !article ? BlockType::kHeading : BlockType::kText;
    // A term with a long English term ("初拟… proposed hub height of wind tur-") is titled by it.
    const std::string term = chinese_term(number->rest);
    const bool by_term = title_like || (term != number->rest && is_title_like(term));
    it.node_title = article ? "" : by_term ? term : inline_title(number->rest);
    return;
  }
  if (raw.heading_level == 0 && !number) {
    if (auto e = item_heading(it.text, state)) {
      // Items are numbered again under each item of the level above.
      if (e->letter == kGroupItem) {
        state.group = *e;
        state.item.reset();
        state.sub_item.reset();
      } else if (e->letter) {
        state.sub_item = *e;
      } else {
        state.item = *e;
        state.sub_item.reset();
      }
      accept_heading(it, *e, state);
      return;
    }
  }
  if (list_like && raw.heading_level == 0) {
    if (auto e = enumerated_heading(it.text, state)) {
      state.group.reset();  // items are numbered again in each part
      state.item.reset();
      state.sub_item.reset();
      accept_heading(it, *e, state);
      return;
    }
  }
  if (list_like) {
    it.type = BlockType::kList;
    return;
  }
  // Unnumbered lines become chapters only when they are the usual front or back matter titles:
  // a cover page is full of large type that is not a chapter.
  // A paragraph that is nothing but 前言 or 条文说明 is that heading in any format; styling
  // is not needed (Word files converted from PDF have none).
  const std::string explanation = explanation_title(it.text);
  if (is_front_matter_title(it.text) || !explanation.empty()) {
    it.type = BlockType::kHeading;
    it.starts_node = true;
    it.node_title = explanation.empty() ? it.text : explanation;
    // The explanation of provisions numbers its chapters again, from where it starts.
    if (!explanation.empty()) {
      last.clear();
      state.last_kind.reset();
      state.explanations = true;
    }
  }
}

}  // namespace

namespace {

// A converter's markup around a section number ("**2** 术 语", "1**<a name="_page6"></a> 总 则",
// "**4.1**基本规定**"): the text without it when only then does a number start it.
std::string unmarked_number(const std::string& t) {
  if (t.find("**") == std::string::npos && t.find("__") == std::string::npos &&
      t.find('<') == std::string::npos)
    return t;
  const std::string plain = text::collapse_spaces(text::without_emphasis(strip_html_tags(t)));
  return match_section_number(plain) && !match_section_number(t) ? plain : t;
}

}  // namespace

std::string normalise_text(std::string_view s) {
  return text::clean_spaces(text::fold_width(s));
}

namespace {

// "注：", "注1:", "注": a note's marker with nothing after it.
bool bare_note_marker(const std::string& paragraph) {
  const auto cps = text::to_codepoints(text::strip_spaces(text::fold_width(paragraph)));
  if (cps.empty() || cps[0] != U'注') return false;
  size_t i = 1;
  while (i < cps.size() &&
         ((cps[i] >= U'0' && cps[i] <= U'9') || (cps[i] >= U'①' && cps[i] <= U'⑩')))
    ++i;
  if (i < cps.size() && (cps[i] == U'：' || cps[i] == U':')) ++i;
  return i == cps.size();
}

// The paragraphs to classify: running headers and footers dropped, and headings that a
// conversion ran into the paragraph before them split off.
std::vector<RawBlock> blocks_to_classify(const RawDocument& raw) {
  const std::set<size_t> running = running_paragraphs(raw);
  std::vector<RawBlock> out;
  std::optional<SectionMatch> prev;
  for (size_t index = 0; index < raw.blocks.size(); ++index) {
    if (running.count(index)) continue;
    RawBlock rb = raw.blocks[index];
    if (rb.kind == RawBlock::Kind::kParagraph && !has_toc_field(rb.text)) {
      std::string t = text::collapse_spaces(text::fold_width(rb.text));
      bool split = false;
      for (int guard = 0; guard < 4; ++guard) {
        const auto at = fused_heading_at(t, prev);
        if (!at) break;
        const auto cps = text::to_codepoints(t);
        RawBlock head = rb;
        head.text = text::from_codepoints({cps.begin(), cps.begin() + static_cast<long>(*at)});
        if (auto m = match_section_number(head.text)) prev = m;
        out.push_back(std::move(head));
        t = text::from_codepoints({cps.begin() + static_cast<long>(*at), cps.end()});
        rb.soft_start = false;
        split = true;
      }
      if (split) rb.text = t;
      if (auto m = match_section_number(t)) prev = m;
      // "注：" set alone on its line, the note's text in the paragraph after it: one note.
      if (!out.empty() && out.back().kind == RawBlock::Kind::kParagraph &&
          out.back().page == rb.page && bare_note_marker(out.back().text)) {
        out.back().text = text::trim(out.back().text) + rb.text;
        continue;
      }
    }
    out.push_back(std::move(rb));
  }
  return out;
}

// The number of the next numbered paragraph (within a few) after `index`, when `index`'s page
// was read by OCR.
std::optional<SectionMatch> next_number_on_ocr_page(const RawDocument& raw,
                                                    const std::vector<RawBlock>& blocks,
                                                    size_t index) {
  if (!raw.read_by_ocr(std::max(1, blocks[index].page))) return std::nullopt;
  constexpr size_t kLookahead = 6;
  for (size_t k = index + 1; k < blocks.size() && k <= index + kLookahead; ++k) {
    if (blocks[k].kind != RawBlock::Kind::kParagraph || blocks[k].continued) continue;
    if (auto m = match_section_number(text::collapse_spaces(text::fold_width(blocks[k].text))))
      return m;
  }
  return std::nullopt;
}

}  // namespace

std::vector<ClassifiedBlock> classify_blocks(const RawDocument& raw) {
  std::vector<ClassifiedBlock> items;
  Numbering numbering;
  // Synthetic pages are cut by length, so a contents list shares its page with the chapters
  // after it: there, contents lines are found line by line (TocRun, field codes) only.
  const std::set<int> toc = model::has_layout(raw.paging) ? toc_pages(raw) : std::set<int>{};
  TocRun toc_run;
  int contents_end = 0;  // the page where the last run of contents lines ended
  const std::vector<RawBlock> blocks = blocks_to_classify(raw);
  const std::vector<bool> questions = question_paragraphs(blocks);
  const std::vector<bool> items_titles = item_titles(blocks, questions);
  for (size_t index = 0; index < blocks.size(); ++index) {
    const RawBlock& rb = blocks[index];
    numbering.next_on_ocr_page = next_number_on_ocr_page(raw, blocks, index);
    numbering.question = questions[index];
    numbering.item_title = items_titles[index];
    ClassifiedBlock it;
    it.page = std::max(1, rb.page);
    it.larger_font = rb.larger_font && rb.styled_heading;
    if (rb.kind == RawBlock::Kind::kTable && rb.table && is_formula_layout(*rb.table)) {
      it.type = BlockType::kText;
      it.text = formula_text(*rb.table);
      items.push_back(std::move(it));
      continue;
    }
    if (rb.kind == RawBlock::Kind::kTable) {
      it.type = BlockType::kTable;
      it.table = rb.table;
      it.notes = take_note_rows(*it.table);
      for (auto& c : it.table->cells)
        c.content = normalise_text(c.content);
      for (auto& h : it.table->col_headers)
        h = normalise_text(h);
      // Row headers: the first column's labels ("10及以下", "户内") of the data rows.
      it.table->row_headers.clear();
      if (it.table->col_count >= 2)
        for (int r = 1; r < it.table->row_count; ++r)
          it.table->row_headers.push_back(it.table->cell_text(r, 0));
      it.text = normalise_text(rb.text);
    } else {
      // Classify before spaces between CJK characters are dropped: "第一条 为了" starts an
      // article, "第一条为了" cites one. The space after a number is kept for readers.
      const bool field_toc = has_toc_field(rb.text);
      it.text =
          unmarked_number(text::collapse_spaces(text::fold_width(strip_field_codes(rb.text))));
      if (it.text.empty()) continue;
      const bool was_in_toc = toc_run.active();
      const bool in_toc = toc_run.inside(it.text) || field_toc;
      if (was_in_toc && !in_toc) contents_end = it.page;
      // On a contents page, a heading set as one (a heading style, larger type) after the last
      // contents line is the body's: a short Word file runs on into chapter 1 on that page. Not
      // on a page read by OCR, whose line heights tell no type size and whose garbled leader
      // dots end a contents run early (GB 26859's 目次 read by tesseract: `附录 C …` and `附录 E
      // …` became appendices on page 2, and every later appendix took the letter after them).
      const bool body_heading = contents_end == it.page && !raw.read_by_ocr(it.page) &&
                                (rb.heading_level > 0 || it.larger_font);
      if (rb.continued) {
        it.type = BlockType::kText;  // the rest of a paragraph from the page before
      } else if ((in_toc || (toc.count(it.page) && !body_heading)) &&
                 !is_front_matter_title(it.text)) {
        it.type = BlockType::kText;  // a table-of-contents line
      } else {
        classify(it, rb, numbering);
      }
      // An appendix's rest has lost its designation ("(资料性附录)") for the title; the text
      // keeps what is printed.
      const bool reprint = it.number && !it.number->rest.empty() &&
                           it.number->kind != SectionKind::kAppendix &&
                           it.number->kind != SectionKind::kEnumerated;  // "一、" as printed
      it.text = reprint ? it.number->number + " " + text::clean_spaces(it.number->rest)
                        : text::clean_spaces(it.text);
    }
    // "2 与风功率…" right after 注1 (注：1 … set as two paragraphs) is 注2.
    if (it.type != BlockType::kTable && !it.starts_node && it.notes.empty() && !items.empty() &&
        !items.back().notes.empty()) {
      const auto& prev = items.back().notes.back().id;
      const auto n = text::parse_number(prev.size() > 3 ? prev.substr(3) : "");
      const auto cps = text::to_codepoints(it.text);
      if (text::starts_with(prev, "注") && n) {
        if (auto e = enumerated_item(cps, 0, *n + 1)) {
          it.notes.push_back(
              {"注" + std::to_string(*n + 1),
               text::from_codepoints({cps.begin() + static_cast<long>(*e), cps.end()})});
          it.type = BlockType::kText;
        }
      }
    }
    // A wrapped PDF line that only looked like a new clause ("…按\n6.1.5 执行。") goes back
    // into its paragraph.
    if (rb.soft_start && it.type == BlockType::kText && !it.starts_node && it.notes.empty() &&
        !items.empty() && items.back().type == BlockType::kText && items.back().page == it.page) {
      text::join_wrapped(items.back().text, it.text);
      continue;
    }
    // Consecutive list paragraphs on one page form one list block.
    if (it.type == BlockType::kList && !items.empty() && items.back().type == BlockType::kList &&
        items.back().page == it.page) {
      items.back().text += "\n" + it.text;
      continue;
    }
    items.push_back(std::move(it));
  }
  infer_misread_chapters(items);
  std::set<int> ocr_pages;
  for (int p = 1; p <= static_cast<int>(raw.page_sources.size()); ++p)
    if (raw.read_by_ocr(p)) ocr_pages.insert(p);
  infer_misread_appendices(items, ocr_pages);
  infer_unreadable_numbers(items, ocr_pages);
  infer_misread_front_matter(items, ocr_pages);
  join_term_titles(items);
  mend_ocr_title_marks(items, ocr_pages);
  promote_font_headings(items);
  if (numbering.mended > 0)
    spdlog::debug("{} OCR-misread section number(s) mended from their neighbours",
                  numbering.mended);
  return items;
}

// A single unnumbered H1 at the top of a Markdown/Word file is the document's title, not a chapter.
std::string take_document_title(std::vector<ClassifiedBlock>& items, bool title_styled) {
  if (title_styled) return {};  // Word's Title style names the document: headings are chapters
  int h1 = 0;
  bool paged = false;  // a document with real pages has a cover page
  for (const auto& it : items) {
    h1 += it.markup_level == 1 ? 1 : 0;
    paged = paged || it.page > 1;
  }
  for (auto& it : items) {
    if (!it.starts_node) continue;
    // The single H1, or an unnumbered heading on the cover (page 1) before any chapter: the
    // title of a standard set in a heading style, not a chapter of it.
    const bool cover =
        paged && it.page == 1 && it.markup_level > 0 && !is_front_matter_title(it.text);
    if (((h1 == 1 && it.markup_level == 1) || cover) && !it.number) {
      it.starts_node = false;
      return it.text;
    }
    break;
  }
  return {};
}

}  // namespace regreader::parse
