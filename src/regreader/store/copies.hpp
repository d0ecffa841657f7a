#pragma once
// Copies of one regulation kept side by side (the standard as PDF, as Word, as a Markdown
// transcript, as an OCR'd scan): which copy holds the regulation's own id, and why. The most
// complete copy does: real pages over rendered over synthetic ones, then a text layer over OCR,
// then the most pages. The others are kept under "<id>-N" as the family's copies.

#include <map>
#include <string>
#include <vector>

#include "regreader/model/regulation_info.hpp"

namespace regreader::store {

struct Completeness {
  int paging =
      0;  ///< 2 real pages, 1 rendered (a Word file as LibreOffice lays it out), 0 synthetic
  int text_pages = 0;  ///< pages read from a text layer (not by OCR)
  int pages = 0;
  auto operator<=>(const Completeness&) const = default;
};

Completeness completeness(const model::RegulationInfo& info, int ocr_pages);
/// The same, with the OCR'd pages looked up in DocumentStore::ocr_page_counts().
Completeness completeness(const model::RegulationInfo& info,
                          const std::map<std::string, int>& ocr_page_counts);

/// "real pages, 27 of 27 pages from a text layer": what decides the rank, for people.
std::string describe(const Completeness& c);

/// The family an id belongs to: "GB26860-2011" for "GB26860-2011-3" when `ids` holds
/// "GB26860-2011"; the id itself otherwise.
std::string family_of(const std::string& reg_id, const std::vector<std::string>& ids);

/// The copies of each family with more than one member, the id holder first.
std::map<std::string, std::vector<std::string>> families(const std::vector<std::string>& ids);

}  // namespace regreader::store
