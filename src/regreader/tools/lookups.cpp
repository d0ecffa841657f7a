#include "regreader/tools/lookups.hpp"

#include <algorithm>
#include <set>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/structure/notes.hpp"
#include "regreader/parse/structure/references.hpp"
#include "regreader/tools/search_hits.hpp"

namespace regreader::tools {

std::string cite(const std::string& reg_id, int start, int end) {
  return reg_id + " P" + std::to_string(start) + (end > start ? "-" + std::to_string(end) : "");
}

namespace {

// Text as names are compared: spaces, width and punctuation aside.
std::string name_key(std::string_view s) {
  return text::from_codepoints(text::content_codepoints(s));
}

// How well `key` names the table: 3 the whole name or caption, 2 part of it, 1 header text, 0
// not at all.
int name_match(const model::TableEntry& t, const std::string& key) {
  int best = 0;
  for (const std::string* n : {&t.caption, &t.merged.name}) {
    const std::string whole = name_key(*n);
    if (whole.empty()) continue;
    // The caption without its label: `表1 主要设备参数` is also named 主要设备参数.
    const std::string body =
        whole.substr(std::min(whole.size(), name_key(parse::table_label(*n)).size()));
    if (whole == key || body == key) return 3;
    if (whole.find(key) != std::string::npos) best = 2;
  }
  if (best == 0)
    for (const auto& cell : t.merged.row_texts(0))
      if (name_key(cell).find(key) != std::string::npos) best = 1;
  return best;
}

}  // namespace

std::string table_title(const model::TableEntry& t) {
  if (!t.caption.empty()) return t.caption;
  if (t.merged.name.empty()) return "(no caption)";
  return t.merged.name + " (untitled; named by the " + t.merged.named_by + ")";
}

std::vector<const model::TableEntry*> tables_named(const std::vector<model::TableEntry>& tables,
                                                   const std::string& words) {
  const std::string key = name_key(words);
  std::vector<const model::TableEntry*> found;
  if (text::length(key) < 2) return found;
  int best = 1;
  for (const auto& t : tables) {
    const int m = name_match(t, key);
    if (m > best) {
      found.clear();
      best = m;
    }
    if (m == best) found.push_back(&t);
  }
  return found;
}

model::TableEntry find_table(const store::DocumentStore& store, const std::string& reg_id,
                             const std::string& id) {
  if (auto t = store.table(reg_id, id)) return *t;
  const auto tables = store.tables(reg_id);
  const std::string label = parse::table_label(id);
  for (const auto& t : tables)
    if (!label.empty() && (t.table_id == label || parse::table_label(t.caption) == label)) return t;
  if (label.empty()) {
    const auto named = tables_named(tables, id);
    if (named.size() == 1) return *named.front();
    if (named.size() > 1) {
      std::string which;
      for (const auto* t : named)
        which += (which.empty() ? "" : ", ") + t->table_id + " (" +
                 (t->caption.empty() ? t->merged.name : t->caption) + ")";
      throw Error(ErrorCode::kInvalidArgument,
                  "'" + id + "' names " + std::to_string(named.size()) + " tables in " + reg_id +
                      ": " + which + "; give one of their ids");
    }
  }
  std::string known;
  for (const auto& t : tables)
    known += (known.empty() ? "" : ", ") + t.table_id;
  throw Error(ErrorCode::kNotFound,
              "no table '" + id + "' in " + reg_id +
                  (known.empty() ? " (it has no tables)" : " (tables: " + known + ")"));
}

std::vector<model::Annotation> table_notes(const store::DocumentStore& store,
                                           const std::string& reg_id, const model::TableEntry& t) {
  std::vector<model::Annotation> notes;
  for (const auto& n : store.annotations(reg_id))
    for (const auto& seg : t.segments)
      if (std::find(n.related_blocks.begin(), n.related_blocks.end(), seg.block_id) !=
          n.related_blocks.end()) {
        notes.push_back(n);
        break;
      }
  return notes;
}

nlohmann::json table_summary_json(const store::DocumentStore& store, const std::string& reg_id,
                                  const model::TableEntry& t) {
  int unsure = 0;
  for (const auto& c : t.merged.cells)
    unsure += c.unsure ? 1 : 0;
  nlohmann::json j = {{"table_id", t.table_id},
                      {"caption", t.caption},
                      {"name", t.merged.name},
                      {"named_by", t.merged.named_by},
                      {"page_start", t.page_start},
                      {"page_end", t.page_end},
                      {"rows", t.merged.row_count},
                      {"cols", t.merged.col_count},
                      {"col_headers", t.merged.col_headers},
                      {"segments", t.segments},
                      {"annotation_ids", t.annotation_ids},
                      {"source", cite(reg_id, t.page_start, t.page_end) + " " + t.table_id},
                      {"unsure_cells", unsure}};
  add_text_source(store, reg_id, t.page_start, j);
  return j;
}

std::vector<model::Annotation> find_notes(const store::DocumentStore& store,
                                          const std::string& reg_id, const std::string& label,
                                          int page_hint) {
  const auto id = parse::canonical_note_id(label);
  if (!id)
    throw Error(ErrorCode::kInvalidArgument,
                "'" + label + "' is not a note label (try 注1, 注 1, 注①, 注一, 方案A, 脚注1)");
  if (page_hint > 0) store.page(reg_id, page_hint);  // validates the page
  std::vector<model::Annotation> matches;
  for (const auto& n : store.annotations(reg_id))
    if (n.annotation_id == *id) matches.push_back(n);
  if (matches.empty()) throw Error(ErrorCode::kNotFound, "no note " + *id + " in " + reg_id);
  const int hint = page_hint;
  std::stable_sort(matches.begin(), matches.end(), [hint](const auto& x, const auto& y) {
    auto rank = [hint](int p) { return hint <= 0 ? p : (p >= hint ? p - hint : 10000 + hint - p); };
    return rank(x.page_num) < rank(y.page_num);
  });
  return matches;
}

namespace {

// Ids of a node and everything under it.
std::set<std::string> subtree_blocks(const model::DocumentStructure& s,
                                     const model::ChapterNode& n) {
  std::set<std::string> ids(n.content_block_ids.begin(), n.content_block_ids.end());
  for (const auto& c : n.children_ids)
    if (const auto* child = s.find(c)) ids.merge(subtree_blocks(s, *child));
  return ids;
}

// A chapter's text: its blocks over at most this many pages (read_page_range gives the rest).
constexpr int kMaxSectionPages = 3;

}  // namespace

nlohmann::json section_json(const store::DocumentStore& store, const std::string& reg_id,
                            const model::ChapterNode& n, const model::DocumentStructure& s) {
  const auto ids = subtree_blocks(s, n);
  std::string md, text_source;
  float ocr_confidence = 100;  // the lowest of its OCR pages
  const int last = std::min(n.page_end, n.page_start + kMaxSectionPages - 1);
  for (const auto& p : store.pages(reg_id, n.page_start, last)) {
    for (const auto& b : p.content_blocks)
      if (ids.count(b.block_id)) md += (md.empty() ? "" : "\n\n") + b.content_markdown;
    if (p.text_source == "ocr") ocr_confidence = std::min(ocr_confidence, p.ocr_confidence);
    if (text_source.empty() || p.text_source == "ocr") text_source = p.text_source;
  }
  nlohmann::json j = {{"node_id", n.node_id},
                      {"section_number", n.section_number},
                      {"title", n.title},
                      {"page_start", n.page_start},
                      {"page_end", n.page_end},
                      {"chapter_path", s.get_chapter_path(n.node_id)},
                      {"content_markdown", md},
                      {"truncated", last < n.page_end},
                      {"source", cite(reg_id, n.page_start, n.page_end) + " " + n.display_title()}};
  add_paging_warning(store, reg_id, j);
  if (!text_source.empty()) j["text_source"] = text_source;
  if (text_source == "ocr") add_ocr_fields(j, ocr_confidence);
  return j;
}

nlohmann::json note_json(const store::DocumentStore& store, const std::string& reg_id,
                         const model::Annotation& n) {
  nlohmann::json j = n;
  j["source"] = cite(reg_id, n.page_num, n.page_num) + " " + n.annotation_id;
  add_text_source(store, reg_id, n.page_num, j);
  return j;
}

nlohmann::json reference_target_json(const store::DocumentStore& store, const std::string& reg_id,
                                     const model::ReferenceLink& link,
                                     const model::DocumentStructure& s,
                                     const std::vector<model::TableEntry>& tables,
                                     const std::vector<model::Annotation>& notes) {
  if (!link.resolved) return nullptr;
  switch (link.kind) {
    case model::RefKind::kTable:
      for (const auto& t : tables)
        if (t.table_id == link.target_id) {
          auto j = table_summary_json(store, reg_id, t);
          j["markdown"] = t.merged.to_markdown();
          return j;
        }
      return nullptr;
    case model::RefKind::kNote:
      for (const auto& n : notes)
        if (n.annotation_id == link.target_id && n.page_num == link.target_page) {
          nlohmann::json j = note_json(store, reg_id, n);
          j["source"] = cite(reg_id, n.page_num, n.page_num);
          return j;
        }
      return nullptr;
    default:
      if (const auto* n = s.find(link.target_id)) return section_json(store, reg_id, *n, s);
      return nullptr;
  }
}

}  // namespace regreader::tools
