#include "regreader/cli/table_output.hpp"

#include <set>

#include "regreader/cli/output.hpp"
#include "regreader/core/text.hpp"

namespace regreader::cli {

nlohmann::json table_summary_json(const std::string& reg_id, const model::TableEntry& t) {
  return {{"table_id", t.table_id},
          {"caption", t.caption},
          {"page_start", t.page_start},
          {"page_end", t.page_end},
          {"rows", t.merged.row_count},
          {"cols", t.merged.col_count},
          {"col_headers", t.merged.col_headers},
          {"segments", t.segments},
          {"annotation_ids", t.annotation_ids},
          {"source", cite(reg_id, t.page_start, t.page_end) + " " + t.table_id}};
}

std::string render_table_list(const std::string& reg_id,
                              const std::vector<model::TableEntry>& tables) {
  if (tables.empty()) return "No tables in " + reg_id + ".\n";
  std::string out;
  for (const auto& t : tables) {
    out += t.table_id + "  p" + std::to_string(t.page_start) +
           (t.page_end > t.page_start ? "-" + std::to_string(t.page_end) : "") + "  " +
           std::to_string(t.merged.row_count) + "x" + std::to_string(t.merged.col_count) + "  " +
           (t.caption.empty() ? "(no caption)" : t.caption);
    if (t.segments.size() > 1) out += "  [" + std::to_string(t.segments.size()) + " parts merged]";
    out += "\n";
  }
  return out + std::to_string(tables.size()) + " table(s)\n";
}

std::string render_table(const std::string& reg_id, const model::TableEntry& t,
                         const std::vector<model::Annotation>& notes) {
  std::string out = t.merged.to_markdown() + "\n";
  for (const auto& n : notes)
    out += n.annotation_id + "：" + n.content + "\n";
  if (!notes.empty()) out += "\n";
  out += "source: " + cite(reg_id, t.page_start, t.page_end) + " " + t.table_id;
  if (t.segments.size() > 1) {
    out += " (merged from";
    for (const auto& s : t.segments)
      out += " p" + std::to_string(s.page_num);
    out += ")";
  }
  return out + "\n";
}

std::string render_notes(const std::string& reg_id, const std::vector<model::Annotation>& notes) {
  std::string out;
  for (size_t i = 0; i < notes.size(); ++i) {
    const auto& n = notes[i];
    out += (i == 0 ? "" : "\nalso: ") + n.annotation_id + "：" + n.content + "\n";
    out += "  source: " + cite(reg_id, n.page_num, n.page_num);
    if (!n.related_blocks.empty()) {
      out += "  qualifies:";
      for (const auto& b : n.related_blocks)
        out += " " + b;
    }
    out += "\n";
  }
  return out;
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

// A chapter's text: its blocks over at most this many pages (read-pages gives the rest).
constexpr int kMaxTargetPages = 3;

nlohmann::json section_target(const store::PageStore& store, const std::string& reg_id,
                              const model::ChapterNode& n, const model::DocumentStructure& s) {
  const auto ids = subtree_blocks(s, n);
  std::string md;
  const int last = std::min(n.page_end, n.page_start + kMaxTargetPages - 1);
  for (const auto& p : store.pages(reg_id, n.page_start, last))
    for (const auto& b : p.content_blocks)
      if (ids.count(b.block_id)) md += (md.empty() ? "" : "\n\n") + b.content_markdown;
  return {{"node_id", n.node_id},
          {"section_number", n.section_number},
          {"title", n.title},
          {"page_start", n.page_start},
          {"page_end", n.page_end},
          {"chapter_path", s.get_chapter_path(n.node_id)},
          {"content_markdown", md},
          {"truncated", last < n.page_end},
          {"source", cite(reg_id, n.page_start, n.page_end) + " " + n.display_title()}};
}

}  // namespace

nlohmann::json reference_target_json(const store::PageStore& store, const std::string& reg_id,
                                     const model::ReferenceLink& link,
                                     const model::DocumentStructure& s,
                                     const std::vector<model::TableEntry>& tables,
                                     const std::vector<model::Annotation>& notes) {
  if (!link.resolved) return nullptr;
  switch (link.kind) {
    case model::RefKind::kTable:
      for (const auto& t : tables)
        if (t.table_id == link.target_id) {
          auto j = table_summary_json(reg_id, t);
          j["markdown"] = t.merged.to_markdown();
          return j;
        }
      return nullptr;
    case model::RefKind::kNote:
      for (const auto& n : notes)
        if (n.annotation_id == link.target_id && n.page_num == link.target_page) {
          nlohmann::json j = n;
          j["source"] = cite(reg_id, n.page_num, n.page_num);
          return j;
        }
      return nullptr;
    default:
      if (const auto* n = s.find(link.target_id)) return section_target(store, reg_id, *n, s);
      return nullptr;
  }
}

std::string render_reference(const std::string& reg_id, const model::ReferenceLink& link,
                             const nlohmann::json& target) {
  if (!link.resolved)
    return "\"" + link.text + "\" (" + std::string(model::ref_kind_name(link.kind)) + " " +
           link.target + ") was not found in " + reg_id + "\n";
  std::string out = "\"" + link.text + "\" → " + link.target + "\n\n";
  if (target.contains("markdown"))
    out += target["markdown"].get<std::string>() + "\n";
  else if (target.contains("content_markdown"))
    out += target["content_markdown"].get<std::string>() + "\n";
  else if (target.contains("content"))
    out += link.target + "：" + target["content"].get<std::string>() + "\n";
  if (target.value("truncated", false)) out += "(… more on the following pages: use read-pages)\n";
  return out +
         "\nsource: " + target.value("source", cite(reg_id, link.target_page, link.target_page)) +
         "\n";
}

}  // namespace regreader::cli
