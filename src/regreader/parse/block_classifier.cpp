#include "regreader/parse/block_classifier.hpp"

#include <map>
#include <regex>
#include <set>

#include "regreader/core/text.hpp"
#include "regreader/parse/references.hpp"

namespace regreader::parse {

using model::BlockType;

namespace {

// A page is a table of contents when this share of its paragraphs are leader-dot lines.
constexpr double kTocPageShare = 0.3;
// ... and it has at least this many of them.
constexpr int kTocPageMinLines = 3;
// Titles of inline clauses ("5.2.2 在电气设备上工作，…") are cut to this many characters.
constexpr size_t kInlineTitleChars = 24;

bool is_front_matter_title(const std::string& t) {
  static const std::set<std::string> titles = {"前言", "引言", "目次",     "目录",    "参考文献",
                                               "索引", "附则", "条文说明", "编制说明"};
  return titles.count(text::strip_spaces(t)) > 0;
}

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

// Decides whether a paragraph starts a chapter node, and whether it is a heading block.
// `last` holds the last accepted number of each kind, for the plausibility check of
// numbers found in unmarked text.
void classify(ClassifiedBlock& it, const RawBlock& raw, std::map<SectionKind, SectionMatch>& last) {
  if (raw.kind == RawBlock::Kind::kTable) return;
  it.notes = match_notes(it.text);
  if (!it.notes.empty()) return;
  const bool list_like = raw.list_item || starts_with_list_marker(it.text);
  auto number = list_like && raw.heading_level == 0 ? std::nullopt : match_section_number(it.text);
  if (raw.heading_level > 0) {
    it.type = BlockType::kHeading;
    it.starts_node = true;
    it.markup_level = raw.heading_level;
    it.number = number;
    it.node_title = number ? number->rest : it.text;
    if (!is_title_like(it.node_title)) it.node_title = inline_title(it.node_title);
    if (number) last[number->kind] = *number;
    return;
  }
  if (number) {
    auto prev = last.find(number->kind);
    // Numbering may start again (a second part, 条文说明): "1 总则" with a title is a restart.
    const bool restart = number->components == std::vector<int>{1} && !number->rest.empty() &&
                         is_title_like(number->rest) && (raw.styled_heading || raw.larger_font);
    if (prev != last.end() && !restart && !plausible_successor(prev->second, *number))
      number.reset();
    // A top-level chapter ("5 风能资源评估") has a short title; "5 运行温度区间应包括…" is an
    // item of a numbered list inside a clause.
    if (number && number->kind == SectionKind::kNumeric && number->components.size() == 1 &&
        !number->rest.empty() && !is_title_like(number->rest))
      number.reset();
  }
  if (number) {
    last[number->kind] = *number;
    it.starts_node = true;
    it.number = number;
    const bool title_like = number->rest.empty() || is_title_like(number->rest);
    const bool article = number->kind == SectionKind::kArticle;
    it.type =
        (title_like || raw.styled_heading) && !article ? BlockType::kHeading : BlockType::kText;
    it.node_title = article ? "" : (title_like ? number->rest : inline_title(number->rest));
    return;
  }
  if (list_like) {
    it.type = BlockType::kList;
    return;
  }
  // Unnumbered lines become chapters only when they are the usual front or back matter titles:
  // a cover page is full of large type that is not a chapter.
  if (raw.styled_heading && is_front_matter_title(it.text)) {
    it.type = BlockType::kHeading;
    it.starts_node = true;
    it.node_title = it.text;
  }
}

// Pages that hold a table of contents (目次 / 目录 or many leader-dot lines): their numbered
// lines repeat the headings of later pages and must not become chapters.
std::set<int> toc_pages(const RawDocument& raw) {
  std::map<int, int> paras, toc_lines;
  std::set<int> pages;
  for (const auto& b : raw.blocks) {
    if (b.kind != RawBlock::Kind::kParagraph) continue;
    paras[b.page]++;
    if (is_toc_line(b.text)) toc_lines[b.page]++;
    const std::string t = text::strip_spaces(b.text);
    if (t == "目次" || t == "目录") pages.insert(b.page);
  }
  for (auto [page, n] : toc_lines)
    if (n >= kTocPageMinLines && n >= kTocPageShare * paras[page]) pages.insert(page);
  return pages;
}

}  // namespace

std::string normalise_text(std::string_view s) {
  return text::clean_spaces(text::fold_width(s));
}

namespace {

// A table of contents written as plain paragraphs (Word files converted from PDF have no TOC
// styles): after 目次 / 目录 / Contents, entries that end in a page number are not headings.
class TocRun {
 public:
  bool inside(const std::string& text) {
    const std::string t = text::strip_spaces(text);
    if (t == "目次" || t == "目录" || t == "Contents" || t == "CONTENTS") {
      active_ = true;
      return true;
    }
    if (!active_) return false;
    if (is_toc_line(text) || ends_with_page_number(text)) return true;
    active_ = false;
    return false;
  }

 private:
  static bool ends_with_page_number(const std::string& text) {
    static const std::regex entry(R"(^.*\S\s+[0-9]{1,3}$)");
    return std::regex_match(text, entry);
  }
  bool active_ = false;
};

}  // namespace

std::vector<ClassifiedBlock> classify_blocks(const RawDocument& raw) {
  std::vector<ClassifiedBlock> items;
  std::map<SectionKind, SectionMatch> last;
  const std::set<int> toc = toc_pages(raw);
  TocRun toc_run;
  for (const auto& rb : raw.blocks) {
    ClassifiedBlock it;
    it.page = std::max(1, rb.page);
    if (rb.kind == RawBlock::Kind::kTable) {
      it.type = BlockType::kTable;
      it.table = rb.table;
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
      it.text = text::collapse_spaces(text::fold_width(rb.text));
      if (it.text.empty()) continue;
      const bool in_toc = toc_run.inside(it.text);
      if ((in_toc || toc.count(it.page)) && !is_front_matter_title(it.text)) {
        it.type = BlockType::kText;  // a table-of-contents line
      } else {
        classify(it, rb, last);
      }
      it.text = it.number && !it.number->rest.empty()
                    ? it.number->number + " " + text::clean_spaces(it.number->rest)
                    : text::clean_spaces(it.text);
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
  return items;
}

// A single unnumbered H1 at the top of a Markdown/Word file is the document's title, not a chapter.
std::string take_document_title(std::vector<ClassifiedBlock>& items) {
  int h1 = 0;
  for (const auto& it : items)
    h1 += it.markup_level == 1 ? 1 : 0;
  for (auto& it : items) {
    if (!it.starts_node) continue;
    if (h1 == 1 && it.markup_level == 1 && !it.number) {
      it.starts_node = false;
      return it.text;
    }
    break;
  }
  return {};
}

namespace {

bool caption_like(const std::string& t) {
  // std::regex reads bytes, so multi-byte characters are alternatives, never inside [...].
  static const std::regex cap(
      R"(^(?:续)?表\s*[A-Z]?\.?\d+(?:(?:\.|-|－)\d+)*(?:\s*(?:（|\()续(?:）|\)))?(?![0-9A-Za-z.]).*)");
  if (text::length(t) > 60 || !std::regex_match(t, cap)) return false;
  for (const char* stop : {"。", "，", "；"})
    if (t.find(stop) != std::string::npos) return false;  // a sentence that cites a table
  return true;
}

// Where a caption starts after the last sentence of a paragraph, if one does.
std::optional<size_t> trailing_caption(const std::string& t) {
  for (const char* stop : {"。", "；", "："}) {
    const size_t at = t.rfind(std::string(stop) + "表");
    if (at == std::string::npos) continue;
    const size_t start = at + std::string_view(stop).size();
    if (caption_like(t.substr(start))) return start;
  }
  return std::nullopt;
}

}  // namespace

// Joins "表1 …" paragraphs to the table right after them and gives tables their ids.
void attach_captions(std::vector<ClassifiedBlock>& items) {
  std::vector<ClassifiedBlock> out;
  std::map<std::string, int> label_uses;
  for (size_t i = 0; i < items.size(); ++i) {
    ClassifiedBlock& it = items[i];
    const bool before_table = i + 1 < items.size() && items[i + 1].type == BlockType::kTable &&
                              items[i + 1].table->caption.empty();
    if (before_table && it.type == BlockType::kText && !it.starts_node && caption_like(it.text)) {
      items[i + 1].table->caption = it.text;
      continue;
    }
    // "…其他需要停电的设备。表2 人员工作中…": a caption run into the paragraph above the table.
    if (before_table && it.type != BlockType::kTable) {
      if (auto cut = trailing_caption(it.text)) {
        items[i + 1].table->caption = it.text.substr(*cut);
        it.text.erase(*cut);
      }
    }
    out.push_back(std::move(it));
  }
  for (auto& it : out)
    if (it.type == BlockType::kTable) {
      if (it.table->caption.empty()) it.table->caption = it.text;
      if (!text::starts_with(it.table->caption, "续")) label_uses[table_label(it.table->caption)]++;
    }
  int n = 0;
  for (auto& it : out) {
    if (it.type != BlockType::kTable) continue;
    ++n;
    const std::string label = table_label(it.table->caption);
    it.table->table_id = !label.empty() && label_uses[label] == 1 ? label : "T" + std::to_string(n);
    it.table->master_table_id = it.table->table_id;
    it.table->segment_index = 0;
  }
  items = std::move(out);
}

}  // namespace regreader::parse
