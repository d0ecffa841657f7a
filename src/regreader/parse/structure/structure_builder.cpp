#include "regreader/parse/structure/structure_builder.hpp"

#include <algorithm>
#include <map>

#include "regreader/core/text.hpp"
#include "regreader/parse/pdf/page_furniture.hpp"
#include "regreader/parse/structure/block_classifier.hpp"
#include "regreader/parse/structure/captions.hpp"
#include "regreader/parse/structure/chapter_tree.hpp"
#include "regreader/parse/structure/document_title.hpp"
#include "regreader/parse/structure/references.hpp"
#include "regreader/parse/tables/table_segments.hpp"

namespace regreader::parse {

using model::BlockType;
using model::ContentBlock;

namespace {

// The first line set in a large font on page 1: the title on a PDF's cover.
std::string first_large_text(const RawDocument& raw) {
  for (const auto& b : raw.blocks) {
    if (b.page > 1) break;
    if (b.larger_font && text::length(b.text) <= 80) return normalise_text(b.text);
  }
  return {};
}

std::string choose_title(const RawDocument& raw, const std::string& markdown_title) {
  const std::string meta = text::trim(strip_html_tags(raw.title));
  // Writers fill the PDF title with junk often enough that these are ignored.
  const bool junk = meta.empty() || text::starts_with(meta, "Microsoft Word") ||
                    meta == "untitled" || meta == "全页传真图片" || meta == "无标题" ||
                    never_a_chapter(meta) || is_front_matter_title(meta);
  if (!junk) return normalise_text(meta);
  // The cover: the standard number and the name, never its banner.
  if (auto cover = cover_title(raw, markdown_title); !cover.empty()) return normalise_text(cover);
  return normalise_text(strip_html_tags(first_large_text(raw)));
}

std::string block_markdown(const ClassifiedBlock& it, int level) {
  switch (it.type) {
    case BlockType::kHeading:
      return std::string(static_cast<size_t>(std::clamp(level, 1, 6)), '#') + " " + it.text;
    case BlockType::kTable:
      return it.table->to_markdown();
    default:
      return it.text;
  }
}

// Text that stops mid-sentence at the foot of a page continues on the next one.
bool ends_open(const ContentBlock& b) {
  if (b.block_type == BlockType::kTable) return true;
  if (b.block_type != BlockType::kText) return false;
  auto cps = text::to_codepoints(text::trim(b.content_markdown));
  if (cps.empty()) return false;
  const char32_t c = cps.back();
  return !(c == U'。' || c == U'；' || c == U'：' || c == U'！' || c == U'？' || c == U'）' ||
           c == ')' || c == '.' || c == ';' || c == ':' || c == U'”');
}

// Lays the classified blocks out on pages: ids, chapter paths, notes, active chapters, page
// ranges of the chapter nodes and continuation flags.
class PageAssembler {
 public:
  PageAssembler(const std::string& reg_id, int page_count, ChapterTree& tree)
      : reg_id_(reg_id),
        tree_(tree),
        lookup_(reg_id, tree.nodes),
        pages_(static_cast<size_t>(page_count)),
        page_nodes_(pages_.size()),
        first_block_(pages_.size(), nullptr) {
    for (size_t p = 0; p < pages_.size(); ++p) {
      pages_[p].reg_id = reg_id;
      pages_[p].page_num = static_cast<int>(p + 1);
    }
  }

  void add(const ClassifiedBlock& it, long node) {
    const size_t p = static_cast<size_t>(it.page - 1);
    open_pages_before(p);
    if (!first_block_[p]) {
      first_block_[p] = &it;
      pages_[p].chapter_path = path(node);  // a page's path is that of its first block
    }
    auto& page = pages_[p];
    ContentBlock b;
    b.order_in_page = static_cast<int>(page.content_blocks.size()) + 1;
    b.block_id = reg_id_ + ":p" + std::to_string(it.page) + ":b" + std::to_string(b.order_in_page);
    b.block_type = it.type;
    b.chapter_path = path(node);
    b.content_markdown =
        block_markdown(it, node >= 0 ? tree_.nodes[static_cast<size_t>(node)].level : 1);
    if (it.starts_node && it.number) b.section_number = it.number->number;
    b.table_meta = it.table;
    if (node >= 0) {
      tree_.nodes[static_cast<size_t>(node)].content_block_ids.push_back(b.block_id);
      if (page_nodes_[p].empty() || page_nodes_[p].back() != node) page_nodes_[p].push_back(node);
    }
    add_notes(page, it, it.type == BlockType::kTable ? b.block_id : std::string());
    page.content_blocks.push_back(std::move(b));
    running_ = node;
  }

  std::vector<model::PageDocument> finish() {
    open_pages_before(pages_.size());
    for (size_t p = 0; p < pages_.size(); ++p) {
      for (long n : page_nodes_[p]) {
        extend_range(n, static_cast<int>(p + 1));
        pages_[p].active_chapters.push_back(tree_.nodes[static_cast<size_t>(n)].display_title());
      }
      pages_[p].content_markdown = model::join_blocks_markdown(pages_[p].content_blocks);
    }
    mark_continuations();
    return std::move(pages_);
  }

 private:
  // Pages before `p` that have no blocks yet lie inside the running chapter.
  void open_pages_before(size_t p) {
    for (; next_open_ < p; ++next_open_) {
      if (first_block_[next_open_]) continue;
      pages_[next_open_].chapter_path = path(running_);
      if (running_ >= 0) page_nodes_[next_open_].push_back(running_);
    }
    next_open_ = std::max(next_open_, p);
  }

  const std::vector<std::string>& path(long node) {
    static const std::vector<std::string> kNone;
    if (node < 0) return kNone;
    const auto& id = tree_.nodes[static_cast<size_t>(node)].node_id;
    auto it = paths_.find(id);
    if (it == paths_.end()) it = paths_.emplace(id, lookup_.get_chapter_path(id)).first;
    return it->second;
  }

  // A note qualifies the block above it — a table, or a paragraph that is not itself a note —
  // which may sit at the foot of the previous page.
  // A table's own 注 row qualifies that table (`own_block`).
  void add_notes(model::PageDocument& page, const ClassifiedBlock& it,
                 const std::string& own_block) {
    for (const auto& note : it.notes) {
      model::Annotation a{note.id, note.content, {}, it.page};
      if (!own_block.empty()) a.related_blocks.push_back(own_block);
      const size_t p = static_cast<size_t>(it.page - 1);
      for (size_t q = p + 1; q-- > 0 && q + 1 >= p && a.related_blocks.empty();) {
        const auto& blocks = pages_[q].content_blocks;
        for (auto prev = blocks.rbegin(); prev != blocks.rend(); ++prev)
          if (prev->block_type == BlockType::kTable ||
              match_notes(prev->content_markdown).empty()) {
            a.related_blocks.push_back(prev->block_id);
            break;
          }
      }
      page.annotations.push_back(std::move(a));
    }
  }

  // A node's range covers every page where it or a descendant has content.
  void extend_range(long node, int page) {
    for (long k = node; k >= 0; k = tree_.parent[static_cast<size_t>(k)]) {
      auto& n = tree_.nodes[static_cast<size_t>(k)];
      n.page_end = std::max(n.page_end, page);
      n.page_start = std::min(n.page_start, page);
    }
  }

  void mark_continuations() {
    for (size_t p = 0; p + 1 < pages_.size(); ++p) {
      const ClassifiedBlock* next = first_block_[p + 1];
      if (pages_[p].content_blocks.empty() || !next) continue;
      const auto& last = pages_[p].content_blocks.back();
      const bool cont = last.block_type == BlockType::kTable
                            ? next->type == BlockType::kTable
                            : ends_open(last) && next->type == BlockType::kText &&
                                  !next->starts_node && next->notes.empty();
      pages_[p].continues_to_next = pages_[p + 1].continues_from_prev = cont;
    }
  }

  const std::string& reg_id_;
  ChapterTree& tree_;
  model::DocumentStructure lookup_;
  std::vector<model::PageDocument> pages_;
  std::vector<std::vector<long>> page_nodes_;  // nodes with content on each page, in order
  std::vector<const ClassifiedBlock*> first_block_;
  std::map<std::string, std::vector<std::string>> paths_;
  long running_ = -1;  // the node of the last block placed
  size_t next_open_ = 0;
};

// Footnotes become notes of the page whose block carries their mark ("[脚注1]"): the first such
// page from the footnote's own (a PDF's footnotes are numbered afresh on each page; a Word file's
// are all given page 1).
void attach_footnotes(std::vector<model::PageDocument>& pages,
                      const std::vector<RawFootnote>& notes) {
  for (const auto& f : notes) {
    const std::string mark = "[" + f.id + "]";
    for (size_t k = static_cast<size_t>(std::max(f.page - 1, 0)); k < pages.size(); ++k) {
      auto& page = pages[k];
      auto b = std::find_if(page.content_blocks.begin(), page.content_blocks.end(),
                            [&](const ContentBlock& c) {
                              return c.content_markdown.find(mark) != std::string::npos;
                            });
      if (b == page.content_blocks.end()) continue;
      page.annotations.push_back({f.id, normalise_text(f.text), {b->block_id}, page.page_num});
      break;
    }
  }
}

// Finds the cross-references of every block and resolves them; a resolved 见注1 also makes the
// block one of the note's related blocks.
void link_references(model::ParsedDocument& doc) {
  std::vector<model::Annotation> notes;
  for (const auto& p : doc.pages)
    notes.insert(notes.end(), p.annotations.begin(), p.annotations.end());
  const ReferenceTargets targets{doc.structure, doc.tables, notes};
  for (const auto& p : doc.pages) {
    for (const auto& b : p.content_blocks) {
      const std::string own_table = b.table_meta ? table_label(b.table_meta->caption) : "";
      for (const auto& ref : find_references(b.content_markdown)) {
        if (ref.target == b.section_number || ref.target == own_table) continue;  // itself
        auto link = resolve_reference(ref, p.page_num, targets);
        link.block_id = b.block_id;
        doc.links.push_back(std::move(link));
      }
    }
  }
  for (const auto& link : doc.links) {
    if (!link.resolved || link.kind != model::RefKind::kNote) continue;
    for (auto& a : doc.pages[static_cast<size_t>(link.target_page - 1)].annotations) {
      if (a.annotation_id != link.target_id) continue;
      if (std::find(a.related_blocks.begin(), a.related_blocks.end(), link.block_id) ==
          a.related_blocks.end())
        a.related_blocks.push_back(link.block_id);
    }
  }
}

}  // namespace

model::ParsedDocument build_document(const RawDocument& raw, const std::string& reg_id) {
  std::vector<ClassifiedBlock> blocks = classify_blocks(raw);
  const std::string markdown_title = take_document_title(blocks, raw.title_styled);
  std::vector<bool> ocr_page;
  for (const auto& source : raw.page_sources)
    ocr_page.push_back(source == "ocr");
  attach_captions(blocks, ocr_page);
  link_table_segments(blocks);
  ChapterTree tree = build_chapter_tree(blocks, reg_id);
  cite_repeated_clauses(blocks, tree);

  int page_count = std::max(raw.page_count, 0);
  for (const auto& b : blocks)
    page_count = std::max(page_count, b.page);
  PageAssembler pages(reg_id, page_count, tree);
  for (size_t i = 0; i < blocks.size(); ++i)
    pages.add(blocks[i], tree.block_node[i]);

  model::ParsedDocument doc;
  doc.pages = pages.finish();
  for (size_t p = 0; p < doc.pages.size(); ++p) {
    doc.pages[p].text_source = p < raw.page_sources.size() ? raw.page_sources[p] : "text";
    if (p < raw.page_confidence.size()) doc.pages[p].ocr_confidence = raw.page_confidence[p];
    if (doc.pages[p].text_source == "ocr") doc.pages[p].ocr_engine = raw.ocr_engine;
  }
  attach_footnotes(doc.pages, raw.footnotes);
  doc.tables = build_table_registry(doc.pages);
  doc.structure = model::DocumentStructure(reg_id, std::move(tree.nodes));
  link_references(doc);
  doc.info.reg_id = reg_id;
  doc.info.format = raw.format;
  doc.info.total_pages = static_cast<int>(doc.pages.size());
  doc.info.paging = raw.paging;
  doc.info.title = choose_title(raw, markdown_title);
  doc.warnings = raw.warnings;
  return doc;
}

}  // namespace regreader::parse
