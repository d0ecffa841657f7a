#include "regreader/cli/output.hpp"

#include <cstdio>
#include <iostream>

#include "regreader/core/text.hpp"
#include "regreader/store/copies.hpp"
#include "regreader/tools/search_hits.hpp"

namespace regreader::cli {

void report_error(const Error& e, bool json) {
  std::cerr << "error: " << e.what() << "\n";
  if (json) print_json({{"error", {{"code", error_code_name(e.code())}, {"message", e.what()}}}});
}

void print_json(const nlohmann::json& j) {
  std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

std::string render_regulation_list(const std::vector<model::RegulationInfo>& regs,
                                   const std::map<std::string, int>& ocr_pages) {
  if (regs.empty()) return "No regulations stored. Add one with: regreader ingest FILE\n";
  std::string out;
  std::vector<std::string> ids;
  for (const auto& r : regs)
    ids.push_back(r.reg_id);
  const auto families = store::families(ids);
  for (const auto& r : regs) {
    char line[64];
    std::snprintf(line, sizeof line, "%4d pages  %-8s %-9s  ", r.total_pages, r.format.c_str(),
                  std::string(model::paging_name(r.paging)).c_str());
    out += r.reg_id + "\n    " + line + r.title + "\n";
    // OCR'd text may hold misread figures: the share is said wherever the regulation is listed.
    if (auto it = ocr_pages.find(r.reg_id); it != ocr_pages.end() && r.total_pages > 0)
      out += "    OCR: " + std::to_string(it->second) + " of " + std::to_string(r.total_pages) +
             " pages (" + std::to_string(100 * it->second / r.total_pages) + "%)\n";
    if (!r.source_file.empty()) out += "    file: " + r.source_file + "\n";
    // Copies of one regulation: which holds the id, and why (store/copies.hpp).
    const auto rank = store::describe(store::completeness(r, ocr_pages));
    if (auto f = families.find(r.reg_id); f != families.end())
      out += "    copies: " + text::join({f->second.begin() + 1, f->second.end()}, ", ") +
             "; this copy holds the id as the most complete (" + rank + ")\n";
    else if (const auto base = store::family_of(r.reg_id, ids); base != r.reg_id)
      out += "    copy of " + base + " (" + rank + ")\n";
    if (!r.fidelity.empty())
      out += "    fidelity: " + r.fidelity_summary +
             (r.fidelity == "good" ? "" : "  (regreader check " + r.reg_id + ")") + "\n";
  }
  out += std::to_string(regs.size()) + " regulation(s)\n";
  return out;
}

namespace {
void toc_lines(const nlohmann::json& nodes, int indent, std::string& out) {
  for (const auto& n : nodes) {
    std::string label = n["section_number"].get<std::string>();
    const std::string title = n["title"].get<std::string>();
    if (!title.empty()) label += (label.empty() ? "" : " ") + title;
    const int a = n["page_start"], b = n["page_end"];
    out += std::string(static_cast<size_t>(indent) * 2, ' ') + label + "  (p" + std::to_string(a) +
           (b > a ? "-" + std::to_string(b) : "") + ")";
    if (n.contains("children_hidden"))
      out += "  [+" + std::to_string(n["children_hidden"].get<int>()) + "]";
    out += "\n";
    toc_lines(n["children"], indent + 1, out);
  }
}
}  // namespace

std::string render_toc(const model::RegulationInfo& info, const nlohmann::json& tree) {
  std::string out = info.title + " [" + info.reg_id + ", " + std::to_string(info.total_pages) +
                    " " + std::string(model::paging_name(info.paging)) + " pages]\n\n";
  if (tree.empty()) return out + "(no chapters were recognised in this document)\n";
  toc_lines(tree, 0, out);
  return out;
}

std::string render_page(const model::RegulationInfo& info, const model::PageDocument& page) {
  std::string out = "──── " + cite(info.reg_id, page.page_num, page.page_num) + " / " +
                    std::to_string(info.total_pages) +
                    tools::ocr_mark(page.text_source, page.ocr_confidence) + " ────\n";
  if (const auto w = model::paging_warning(info.paging); !w.empty())
    out += "(" + std::string(w) + ")\n";
  if (!page.chapter_path.empty()) {
    std::string path;
    for (const auto& c : page.chapter_path)
      path += (path.empty() ? "" : " > ") + c;
    out += "[" + path + "]\n";
  }
  if (page.continues_from_prev)
    out += "(… continued from page " + std::to_string(page.page_num - 1) + ")\n";
  out += "\n" +
         (page.content_markdown.empty() ? std::string("(this page has no text)")
                                        : page.content_markdown) +
         "\n";
  if (page.continues_to_next)
    out += "\n(continues on page " + std::to_string(page.page_num + 1) + " …)\n";
  return out + "\n";
}

std::string render_page_summary(const model::PageDocument& page) {
  std::string out = "page " + std::to_string(page.page_num) + " (text: " + page.text_source +
                    "): " + std::to_string(page.content_blocks.size()) + " blocks, " +
                    std::to_string(page.annotations.size()) + " notes" +
                    (page.continues_from_prev ? ", continues from previous" : "") +
                    (page.continues_to_next ? ", continues to next" : "") + "\n";
  for (const auto& c : page.active_chapters)
    out += "  active: " + c + "\n";
  for (const auto& b : page.content_blocks) {
    std::string first_line = b.content_markdown.substr(0, b.content_markdown.find('\n'));
    out += "  [" + b.block_id + " " + std::string(model::block_type_name(b.block_type)) + "] " +
           text::prefix(first_line, 60) + "\n";
  }
  for (const auto& a : page.annotations) {
    out += "  note " + a.annotation_id + ": " + text::prefix(a.content, 50);
    if (!a.related_blocks.empty()) out += "  → " + a.related_blocks.front();
    out += "\n";
  }
  return out;
}

}  // namespace regreader::cli
