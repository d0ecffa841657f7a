#include "regreader/parse/structure_builder.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <regex>
#include <set>

#include "regreader/core/text.hpp"
#include "regreader/parse/notes.hpp"
#include "regreader/parse/numbering.hpp"

namespace regreader::parse {

using model::BlockType;
using model::ChapterNode;
using model::ContentBlock;

namespace {

// A page is a table of contents when this share of its paragraphs are leader-dot lines.
constexpr double kTocPageShare = 0.3;
// ... and it has at least this many of them.
constexpr int kTocPageMinLines = 3;
// Titles of inline clauses ("5.2.2 在电气设备上工作，…") are cut to this many characters.
constexpr size_t kInlineTitleChars = 24;

// One block after normalisation and classification, before ids are given.
struct Item {
  BlockType type = BlockType::kText;
  std::string text;  // normalised text (for tables: the caption)
  int page = 1;
  std::optional<model::TableMeta> table;
  bool starts_node = false;
  std::optional<SectionMatch> number;  // the node's number, when it starts a numbered node
  std::string node_title;
  int markup_level = 0;
  std::vector<NoteMatch> notes;
};

std::string normalise(std::string_view s) {
  return text::clean_spaces(text::fold_width(s));
}

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
void classify(Item& it, const RawBlock& raw, std::map<SectionKind, SectionMatch>& last) {
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
    if (prev != last.end() && !plausible_successor(prev->second, *number)) number.reset();
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

std::vector<Item> classify_all(const RawDocument& raw) {
  std::vector<Item> items;
  std::map<SectionKind, SectionMatch> last;
  const std::set<int> toc = toc_pages(raw);
  for (const auto& rb : raw.blocks) {
    Item it;
    it.page = std::max(1, rb.page);
    if (rb.kind == RawBlock::Kind::kTable) {
      it.type = BlockType::kTable;
      it.table = rb.table;
      for (auto& c : it.table->cells)
        c.content = normalise(c.content);
      for (auto& h : it.table->col_headers)
        h = normalise(h);
      it.text = normalise(rb.text);
    } else {
      // Classify before spaces between CJK characters are dropped: "第一条 为了" starts an
      // article, "第一条为了" cites one. The space after a number is kept for readers.
      it.text = text::collapse_spaces(text::fold_width(rb.text));
      if (it.text.empty()) continue;
      if (toc.count(it.page) && !is_front_matter_title(it.text)) {
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
std::string take_document_title(std::vector<Item>& items) {
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

bool caption_like(const std::string& t) {
  static const std::regex cap(R"(^(续)?表\s*[A-Z]?\.?\d+([.\-－]\d+)*(\s*[（(]续[)）])?(\s|$).*)");
  return text::length(t) <= 60 && std::regex_match(t, cap);
}

std::string caption_label(const std::string& caption) {
  static const std::regex lab(R"(^(?:续)?表\s*([A-Z]?\.?\d+(?:[.\-－]\d+)*))");
  std::smatch m;
  if (std::regex_search(caption, m, lab)) return "表" + m[1].str();
  return {};
}

// Joins "表1 …" paragraphs to the table right after them and gives tables their ids.
void attach_captions(std::vector<Item>& items) {
  std::vector<Item> out;
  std::map<std::string, int> label_uses;
  for (size_t i = 0; i < items.size(); ++i) {
    Item& it = items[i];
    if (it.type == BlockType::kText && !it.starts_node && caption_like(it.text) &&
        i + 1 < items.size() && items[i + 1].type == BlockType::kTable &&
        items[i + 1].table->caption.empty()) {
      items[i + 1].table->caption = it.text;
      continue;
    }
    out.push_back(std::move(it));
  }
  for (auto& it : out)
    if (it.type == BlockType::kTable) {
      if (it.table->caption.empty()) it.table->caption = it.text;
      label_uses[caption_label(it.table->caption)]++;
    }
  int n = 0;
  for (auto& it : out) {
    if (it.type != BlockType::kTable) continue;
    ++n;
    const std::string label = caption_label(it.table->caption);
    it.table->table_id = !label.empty() && label_uses[label] == 1 ? label : "T" + std::to_string(n);
    it.table->master_table_id = it.table->table_id;
    it.table->segment_index = 0;
  }
  items = std::move(out);
}

// The first line set in a large font on page 1: the title on a PDF's cover.
std::string first_large_text(const RawDocument& raw) {
  for (const auto& b : raw.blocks) {
    if (b.page > 1) break;
    if (b.larger_font && text::length(b.text) <= 80) return normalise(b.text);
  }
  return {};
}

// --- chapter tree -----------------------------------------------------------------------------

struct Open {
  size_t node;
  std::optional<SectionMatch> number;
  int markup_level;
};

bool is_ancestor(const Open& top, const Item& next) {
  if (top.number && next.number) {
    if (can_contain(*top.number, *next.number)) return true;
    const bool same_family = top.number->kind == next.number->kind;
    if (same_family || !top.markup_level || !next.markup_level) return false;
  }
  if (top.markup_level && next.markup_level) return top.markup_level < next.markup_level;
  if (top.markup_level && !top.number) return true;  // "# 电力法" holds unmarked 第一条
  return false;
}

struct TreeResult {
  std::vector<ChapterNode> nodes;
  std::vector<long> parent;     // index of each node's parent (-1: a root)
  std::vector<long> item_node;  // node each item belongs to (-1: before any chapter)
};

TreeResult build_tree(const std::vector<Item>& items, const std::string& reg_id) {
  TreeResult r;
  std::vector<Open> stack;
  long current = -1;
  for (const auto& it : items) {
    if (it.starts_node) {
      while (!stack.empty() && !is_ancestor(stack.back(), it))
        stack.pop_back();
      ChapterNode n;
      n.node_id = reg_id + ":n" + std::to_string(r.nodes.size() + 1);
      n.section_number = it.number ? it.number->number : "";
      n.title = text::trim(it.node_title);
      n.level = static_cast<int>(stack.size()) + 1;
      n.page_start = n.page_end = it.page;
      if (!stack.empty()) {
        n.parent_id = r.nodes[stack.back().node].node_id;
        r.nodes[stack.back().node].children_ids.push_back(n.node_id);
      }
      r.nodes.push_back(std::move(n));
      r.parent.push_back(stack.empty() ? -1 : static_cast<long>(stack.back().node));
      current = static_cast<long>(r.nodes.size() - 1);
      stack.push_back({r.nodes.size() - 1, it.number, it.markup_level});
    }
    r.item_node.push_back(current);
  }
  return r;
}

// --- pages --------------------------------------------------------------------------------------

std::string block_markdown(const Item& it, int level) {
  switch (it.type) {
    case BlockType::kHeading:
      return std::string(static_cast<size_t>(std::clamp(level, 1, 6)), '#') + " " + it.text;
    case BlockType::kTable:
      return it.table->to_markdown();
    default:
      return it.text;
  }
}

bool ends_open(const ContentBlock& b) {
  if (b.block_type == BlockType::kTable) return true;
  if (b.block_type != BlockType::kText) return false;
  auto cps = text::to_codepoints(text::trim(b.content_markdown));
  if (cps.empty()) return false;
  const char32_t c = cps.back();
  return !(c == U'。' || c == U'；' || c == U'：' || c == U'！' || c == U'？' || c == U'）' ||
           c == ')' || c == '.' || c == ';' || c == ':' || c == U'”');
}

void mark_continuations(std::vector<model::PageDocument>& pages, const std::vector<Item>& items,
                        const std::vector<std::vector<size_t>>& page_items) {
  for (size_t p = 0; p + 1 < pages.size(); ++p) {
    if (pages[p].content_blocks.empty() || pages[p + 1].content_blocks.empty()) continue;
    const auto& last = pages[p].content_blocks.back();
    const Item& next = items[page_items[p + 1].front()];
    bool cont = false;
    if (last.block_type == BlockType::kTable)
      cont = next.type == BlockType::kTable;
    else
      cont = ends_open(last) && next.type == BlockType::kText && !next.starts_node &&
             next.notes.empty();
    pages[p].continues_to_next = pages[p + 1].continues_from_prev = cont;
  }
}

}  // namespace

model::ParsedDocument build_document(const RawDocument& raw, const std::string& reg_id) {
  std::vector<Item> items = classify_all(raw);
  model::ParsedDocument doc;
  std::string md_title = take_document_title(items);
  attach_captions(items);
  TreeResult tree = build_tree(items, reg_id);

  int page_count = raw.page_count;
  for (const auto& it : items)
    page_count = std::max(page_count, it.page);
  doc.pages.resize(static_cast<size_t>(std::max(page_count, 0)));
  std::vector<std::vector<size_t>> page_items(doc.pages.size());
  for (size_t p = 0; p < doc.pages.size(); ++p) {
    doc.pages[p].reg_id = reg_id;
    doc.pages[p].page_num = static_cast<int>(p + 1);
  }
  long running = -1;  // node at the top of the current page
  size_t next_page_to_open = 0;
  std::map<std::string, std::vector<std::string>> path_cache;
  model::DocumentStructure lookup(reg_id, tree.nodes);
  auto cached_path = [&](long node) -> const std::vector<std::string>& {
    static const std::vector<std::string> empty;
    if (node < 0) return empty;
    const auto& id = tree.nodes[static_cast<size_t>(node)].node_id;
    auto it = path_cache.find(id);
    if (it == path_cache.end()) it = path_cache.emplace(id, lookup.get_chapter_path(id)).first;
    return it->second;
  };
  std::vector<std::vector<long>> page_nodes(doc.pages.size());
  for (size_t i = 0; i < items.size(); ++i) {
    const Item& it = items[i];
    const size_t p = static_cast<size_t>(it.page - 1);
    const long node = tree.item_node[i];
    // Pages without blocks lie inside the running chapter; a page's own path is that of its
    // first block.
    for (; next_page_to_open < p; ++next_page_to_open) {
      doc.pages[next_page_to_open].chapter_path = cached_path(running);
      if (running >= 0) page_nodes[next_page_to_open].push_back(running);
    }
    if (next_page_to_open == p) {
      doc.pages[p].chapter_path = cached_path(node);
      ++next_page_to_open;
    }
    auto& page = doc.pages[p];
    ContentBlock b;
    b.order_in_page = static_cast<int>(page.content_blocks.size()) + 1;
    b.block_id = reg_id + ":p" + std::to_string(it.page) + ":b" + std::to_string(b.order_in_page);
    b.block_type = it.type;
    b.chapter_path = cached_path(node);
    const int level = node >= 0 ? tree.nodes[static_cast<size_t>(node)].level : 1;
    b.content_markdown = block_markdown(it, level);
    if (it.starts_node && it.number) b.section_number = it.number->number;
    b.table_meta = it.table;
    if (node >= 0) {
      auto& n = tree.nodes[static_cast<size_t>(node)];
      n.content_block_ids.push_back(b.block_id);
      if (page_nodes[p].empty() || page_nodes[p].back() != node) page_nodes[p].push_back(node);
    }
    for (const auto& note : it.notes) {
      model::Annotation a;
      a.annotation_id = note.id;
      a.content = note.content;
      a.page_num = it.page;
      // The note qualifies the block above it (a table or a paragraph that is not a note).
      for (auto prev = page.content_blocks.rbegin(); prev != page.content_blocks.rend(); ++prev) {
        if (prev->block_type == BlockType::kTable || match_notes(prev->content_markdown).empty()) {
          a.related_blocks.push_back(prev->block_id);
          break;
        }
      }
      page.annotations.push_back(std::move(a));
    }
    page.content_blocks.push_back(std::move(b));
    page_items[p].push_back(i);
    running = node;
  }
  for (; next_page_to_open < doc.pages.size(); ++next_page_to_open) {
    doc.pages[next_page_to_open].chapter_path = cached_path(running);
    if (running >= 0) page_nodes[next_page_to_open].push_back(running);
  }
  // Page ranges: a node ends where the last block of its subtree is.
  for (size_t p = 0; p < doc.pages.size(); ++p) {
    std::vector<std::string> active;
    for (long nidx : page_nodes[p]) {
      for (long k = nidx; k >= 0; k = tree.parent[static_cast<size_t>(k)]) {
        auto& n = tree.nodes[static_cast<size_t>(k)];
        n.page_end = std::max(n.page_end, static_cast<int>(p + 1));
        n.page_start = std::min(n.page_start, static_cast<int>(p + 1));
      }
      active.push_back(tree.nodes[static_cast<size_t>(nidx)].display_title());
    }
    doc.pages[p].active_chapters = std::move(active);
    doc.pages[p].content_markdown = model::join_blocks_markdown(doc.pages[p].content_blocks);
  }
  mark_continuations(doc.pages, items, page_items);

  doc.structure = model::DocumentStructure(reg_id, std::move(tree.nodes));
  doc.info.reg_id = reg_id;
  doc.info.format = raw.format;
  doc.info.total_pages = static_cast<int>(doc.pages.size());
  doc.info.paging = raw.paging;
  const std::string meta_title = text::trim(raw.title);
  const bool meta_ok = !meta_title.empty() && !text::starts_with(meta_title, "Microsoft Word") &&
                       meta_title != "untitled" && meta_title != "全页传真图片" &&
                       meta_title != "无标题" && meta_title.find('\xEF') == std::string::npos;
  doc.info.title = meta_ok ? normalise(meta_title) : md_title;
  if (doc.info.title.empty()) doc.info.title = first_large_text(raw);
  doc.warnings = raw.warnings;
  return doc;
}

}  // namespace regreader::parse
