// `regreader check REG`: the fidelity report of a stored regulation (parse/fidelity_check.hpp).

#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/fidelity_check.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::cli {

namespace {

struct CheckArgs {
  std::vector<std::string> reg_ids;
  bool all = false;
  bool json = false;
};

std::string toc_line(const parse::TocEntry& e) {
  std::string s = "      " + (e.section.empty() ? std::string() : e.section + " ") + e.title;
  s += "  (目次 p" + std::to_string(e.printed_page);
  if (e.tree_page > 0) s += ", tree p" + std::to_string(e.tree_page);
  return s + ")\n";
}

std::string render_report(const std::string& reg_id, const parse::FidelityReport& r) {
  std::string out = reg_id + ": " + r.rating + "\n";
  if (r.problems.empty()) out += "  no problem found\n";
  for (const auto& p : r.problems)
    out += "  - " + p + "\n";
  out += "  printed 目次: " +
         (r.has_printed_toc
              ? std::to_string(r.toc.size()) + " entries, " + std::to_string(r.toc_missing.size()) +
                    " missing, " + std::to_string(r.toc_off_page.size()) + " on another page"
              : std::string("none found")) +
         "\n";
  for (size_t i = 0; i < r.toc_missing.size() && i < 10; ++i)
    out += "    missing:" + toc_line(r.toc_missing[i]).substr(4);
  for (size_t i = 0; i < r.toc_off_page.size() && i < 10; ++i)
    out += "    off page:" + toc_line(r.toc_off_page[i]).substr(4);
  for (size_t i = 0; i < r.suspicious_cells.size() && i < 10; ++i) {
    const auto& c = r.suspicious_cells[i];
    out += "    cell " + c.table_id + " p" + std::to_string(c.page) + " r" + std::to_string(c.row) +
           "c" + std::to_string(c.col) + " '" + c.text + "': " + c.reason + "\n";
  }
  for (size_t i = 0; i < r.layout_warnings.size() && i < 10; ++i) {
    const auto& w = r.layout_warnings[i];
    out += "    layout p" + std::to_string(w.page) + ": " + w.detail + "\n";
  }
  char glyphs[96];
  std::snprintf(glyphs, sizeof glyphs, "  glyphs: %ld of %ld unreadable or mis-mapped (%.2f%%)\n",
                r.garbage_chars, r.chars,
                r.chars ? 100.0 * static_cast<double>(r.garbage_chars) / r.chars : 0.0);
  out += glyphs;
  if (!r.ocr_pages.empty())
    out += "  OCR: " + std::to_string(r.ocr_pages.size()) + " pages" +
           (r.ocr_engines.empty() ? "" : " read by " + text::join(r.ocr_engines, "+")) +
           ", mean confidence " + std::to_string(static_cast<int>(r.ocr_confidence)) + "\n";
  return out;
}

void run_check(const CheckArgs& a, Globals& g) {
  g.json = a.json;
  auto lib = g.library();
  auto& store = lib.documents();
  std::vector<std::string> ids = stored_ids(lib, a.reg_ids, g.quiet);
  if (a.all)
    for (const auto& r : store.list())
      ids.push_back(r.reg_id);
  if (ids.empty()) throw Error(ErrorCode::kInvalidArgument, "name a regulation or give --all");
  nlohmann::json out = nlohmann::json::array();
  bool poor = false;
  for (const auto& id : ids) {
    const auto info = store.require(id);
    const auto report =
        parse::check_document(store.pages(id, 1, info.total_pages), store.structure(id),
                              store.tables(id), model::has_layout(info.paging), info.title);
    poor = poor || report.rating == "poor";
    if (a.json)
      out.push_back({{"reg_id", id}, {"check", report}});
    else
      std::cout << render_report(id, report);
  }
  if (a.json) print_json(a.all || ids.size() > 1 ? out : out[0]);
  if (poor) g.exit_code = kExitFailed;
}

}  // namespace

void add_check_command(CLI::App& app, Globals& g) {
  auto a = std::make_shared<CheckArgs>();
  auto* cmd = app.add_subcommand(
      "check", "Fidelity report of a stored regulation: what may have been read wrong");
  cmd->add_option(
      "reg_ids", a->reg_ids,
      "Regulation(s): ids, or aliases, standard numbers or titles (see `regreader list`)");
  cmd->add_flag("--all", a->all, "Check every stored regulation");
  cmd->add_flag("--json", a->json, "JSON report");
  cmd->footer(
      "Needs no reference text. Compares the chapter tree with the document's own printed 目次\n"
      "(entries missing, chapters on pages the 目次 disagrees with), and reports empty pages,\n"
      "running headers or footers left in the text, unreadable or mis-mapped glyphs, OCR pages\n"
      "and their confidence, and table cells that look wrong (OCR numbers not confirmed, copied\n"
      "cells), and layouts read wrongly: a table whose cells cut sentences, a gap in heading\n"
      "numbers (5.2.1 then 5.2.3), a chapter titled like the document, a heading or clause\n"
      "written more than once on its page. Rating: good, fair (something to look at), poor\n"
      "(do not trust pages or values without checking the original). Exit code 1 when a\n"
      "regulation is rated poor.\n\n"
      "Examples:\n"
      "  regreader check GB26859-2011\n"
      "  regreader check --all --json");
  cmd->callback([a, &g] { run_check(*a, g); });
}

}  // namespace regreader::cli
