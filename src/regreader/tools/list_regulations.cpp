// list_regulations: what the store holds.

#include <filesystem>

#include "regreader/core/text.hpp"
#include "regreader/store/copies.hpp"
#include "regreader/tools/lookups.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"

namespace regreader::tools {

namespace {

// A regulation for a model that must choose among copies: its format, paging, the file it came
// from, its fidelity rating, how many pages OCR read, and the family of copies it belongs to.
ToolResult run(const ToolContext& ctx, const nlohmann::json&) {
  nlohmann::json regs = nlohmann::json::array();
  std::string text;
  const auto stored = ctx.store().list();
  const auto ocr = ctx.store().ocr_page_counts();
  std::vector<std::string> ids;
  for (const auto& r : stored)
    ids.push_back(r.reg_id);
  const auto families = store::families(ids);
  for (const auto& r : stored) {
    const std::string file = std::filesystem::path(r.source_file).filename().string();
    const auto ocr_it = ocr.find(r.reg_id);
    const int ocr_pages = ocr_it == ocr.end() ? 0 : ocr_it->second;
    nlohmann::json j = {{"reg_id", r.reg_id},
                        {"title", r.title},
                        {"total_pages", r.total_pages},
                        {"format", r.format},
                        {"paging", std::string(model::paging_name(r.paging))},
                        {"source_file", file},
                        {"fidelity", r.fidelity},
                        {"ocr_pages", ocr_pages},
                        {"source", cite(r.reg_id, 1, r.total_pages)}};
    std::string copies;
    if (const auto f = families.find(store::family_of(r.reg_id, ids)); f != families.end()) {
      j["family"] = f->first;
      j["copies"] = f->second;
      copies = "; copies of " + f->first + ": " + text::join(f->second, ", ");
    }
    regs.push_back(std::move(j));
    text += r.reg_id + "  " + r.title + "  (" + std::to_string(r.total_pages) + " pages, " +
            r.format + ", " + std::string(model::paging_name(r.paging)) + " paging, from " + file +
            (r.fidelity.empty() ? "" : ", fidelity " + r.fidelity) +
            (ocr_pages > 0 ? ", " + std::to_string(ocr_pages) + " pages read by OCR" : "") +
            copies + ")\n";
  }
  if (regs.empty()) text = "No regulations are stored. Ingest one with: regreader ingest FILE\n";
  return {{{"regulations", regs}, {"count", regs.size()}}, text};
}

}  // namespace

ToolSpec list_regulations_tool() {
  using namespace schema;
  const json reg = output({{"reg_id", {{"type", "string"}}},
                           {"title", {{"type", "string"}}},
                           {"total_pages", {{"type", "integer"}}},
                           {"format", {{"type", "string"}}},
                           {"paging", {{"type", "string"}}},
                           {"source_file", {{"type", "string"}}},
                           {"fidelity", {{"type", "string"}}},
                           {"ocr_pages", {{"type", "integer"}}},
                           {"family", {{"type", "string"}}},
                           {"copies", {{"type", "array"}, {"items", {{"type", "string"}}}}},
                           {"source", source()}},
                          {"reg_id", "title", "total_pages", "source"});
  return {"list_regulations",
          "List regulations",
          "List the regulations (规程/标准) stored in RegReader with their ids, titles and page "
          "counts, the file each came from, its format and paging, its fidelity rating (good, "
          "fair, poor) and how many pages OCR read. Copies of one standard (its PDF, Word file, "
          "an OCR'd scan) share a family: prefer the copy rated best. Call this first when you do "
          "not know which regulation holds the answer; every other tool takes one of these reg_id "
          "values.",
          object(json::object(), json::array()),
          output({{"regulations", {{"type", "array"}, {"items", reg}}},
                  {"count", {{"type", "integer"}}}},
                 {"regulations", "count"}),
          false,
          run};
}

}  // namespace regreader::tools
