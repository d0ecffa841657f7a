#pragma once
// `regreader check`: a fidelity report for one stored regulation that needs no gold. It looks
// for the signs of a bad extraction a reader would otherwise find by hand — entries of the
// document's own printed 目次 missing from the chapter tree or on pages that disagree with it,
// empty pages, running headers left in the text, unreadable or mis-mapped glyphs, OCR pages and
// their confidence, table cells that look wrong — and rates the document good / fair / poor.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/model/document_structure.hpp"
#include "regreader/model/page_document.hpp"
#include "regreader/model/table_entry.hpp"
#include "regreader/parse/structure/layout_warnings.hpp"

namespace regreader::parse {

/// One entry of a printed table of contents.
struct TocEntry {
  std::string section;  ///< "5.3", "附录A", "" for 前言
  std::string title;
  int printed_page = 0;  ///< the page number printed after the leader dots
  int tree_page = 0;     ///< page_start of the matching chapter node (0 = not in the tree)
};

struct SuspiciousCell {
  std::string table_id;
  int page = 0;
  int row = 0, col = 0;
  std::string text;
  std::string reason;
};

struct FidelityReport {
  int pages = 0;
  std::vector<int> empty_pages;
  bool has_printed_toc = false;
  std::vector<TocEntry> toc;               ///< entries read from the printed 目次
  std::vector<TocEntry> toc_missing;       ///< ... not in the chapter tree
  std::vector<TocEntry> toc_off_page;      ///< ... in the tree on a page the 目次 disagrees with
  std::vector<std::string> running_lines;  ///< header/footer text left on many pages
  long chars = 0, garbage_chars = 0;       ///< unreadable or mis-mapped glyphs
  std::vector<int> ocr_pages;
  std::vector<std::string> ocr_engines;   ///< the engines that read them ("paddle", "tesseract")
  double ocr_confidence = -1;             ///< mean over OCR pages, 0-100; -1 without OCR
  std::vector<int> low_confidence_pages;  ///< OCR pages under 70
  int unsure_cells = 0;
  int filled_cells = 0;  ///< table cells with text: what the unsure share is of
  std::vector<SuspiciousCell> suspicious_cells;
  /// Tables cutting sentences, gaps in heading numbers, a title that is also a chapter.
  std::vector<LayoutWarning> layout_warnings;
  std::string rating;                 ///< "good", "fair", "poor"
  std::vector<std::string> problems;  ///< one line each, most serious first

  /// The one-line summary `ingest` prints and `list` shows: "poor: 12 of 40 目次 entries
  /// missing; 3 OCR pages (conf 71)".
  std::string summary() const;
};

/// Builds the report from what is stored. With synthetic pages (`real_pages` false) the printed
/// page numbers of a 目次 are not compared with the tree's pages. `title` is the document's, to
/// warn when a chapter has it too.
FidelityReport check_document(const std::vector<model::PageDocument>& pages,
                              const model::DocumentStructure& structure,
                              const std::vector<model::TableEntry>& tables, bool real_pages = true,
                              const std::string& title = "");

/// Entries of a printed table of contents found in `text` (one or many entries, leader dots and
/// page numbers, possibly run together on one line).
std::vector<TocEntry> parse_toc_entries(std::string_view text);

void to_json(nlohmann::json& j, const FidelityReport& r);

}  // namespace regreader::parse
