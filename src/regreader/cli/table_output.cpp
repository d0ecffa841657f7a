#include "regreader/cli/table_output.hpp"

#include "regreader/cli/output.hpp"
#include "regreader/core/text.hpp"
#include "regreader/tools/lookups.hpp"
#include "regreader/tools/search_hits.hpp"

namespace regreader::cli {

std::string render_table_list(const std::string& reg_id,
                              const std::vector<model::TableEntry>& tables) {
  if (tables.empty()) return "No tables in " + reg_id + ".\n";
  std::string out;
  for (const auto& t : tables) {
    out += t.table_id + "  p" + std::to_string(t.page_start) +
           (t.page_end > t.page_start ? "-" + std::to_string(t.page_end) : "") + "  " +
           std::to_string(t.merged.row_count) + "x" + std::to_string(t.merged.col_count) + "  " +
           tools::table_title(t);
    if (t.segments.size() > 1) out += "  [" + std::to_string(t.segments.size()) + " parts merged]";
    out += "\n";
  }
  return out + std::to_string(tables.size()) + " table(s)\n";
}

std::string render_table(const std::string& reg_id, const model::TableEntry& t,
                         const std::vector<model::Annotation>& notes,
                         const nlohmann::json& summary) {
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
  return out + tools::ocr_mark(summary) + "\n";
}

std::string render_notes(const nlohmann::json& notes) {
  std::string out;
  for (size_t i = 0; i < notes.size(); ++i) {
    const auto& n = notes[i];
    out += (i == 0 ? "" : "\nalso: ") + n["annotation_id"].get<std::string>() + "：" +
           n["content"].get<std::string>() + "\n";
    out += "  source: " + n["source"].get<std::string>() + tools::ocr_mark(n);
    if (!n["related_blocks"].empty()) {
      out += "  qualifies:";
      for (const auto& b : n["related_blocks"])
        out += " " + b.get<std::string>();
    }
    out += "\n";
  }
  return out;
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
         tools::ocr_mark(target) + "\n";
}

}  // namespace regreader::cli
