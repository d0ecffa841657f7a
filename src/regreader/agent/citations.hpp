#pragma once
// Citations in an answer ("GB26860 P4 表1", "GB 26860-2011 第4-5页 注1", "P7 4.2.3") and their
// verification against the regulations: does the page exist, and does a figure quoted beside the
// citation ("0.70 m", "10 kV") occur on the cited page? A citation that fails is flagged as
// fabricated in the agent's response.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace regreader::agent {

struct Citation {
  std::string raw;         ///< as written in the answer, e.g. "GB26860 P4 表1"
  std::string regulation;  ///< normalised code: "GB26860-2011", "GBT14285" (year when given)
  int page_first = 0;
  int page_last = 0;                 ///< == page_first for one page
  std::string table;                 ///< "表1", "表A.2"
  std::string annotation;            ///< "注1", "注①"
  std::string section;               ///< "4.2.3", "第十二条", "附录A"
  std::vector<std::string> figures;  ///< quoted figures before it on its line: "0.70", "10kV"
  size_t offset = 0;                 ///< byte offset in the answer
};

/// Finds every page citation that names, or follows, a regulation code. A bare "P5" belongs to
/// the nearest regulation code before it.
/// `known_ids` (the stored regulation ids) are recognised as codes too, whatever they look like.
std::vector<Citation> extract_citations(std::string_view answer,
                                        const std::vector<std::string>& known_ids = {});

/// "GB/T 14285—2006" → "GBT14285-2006" (the form regulation ids take when ingested).
std::string normalize_regulation_code(std::string_view code);

/// Backed by the page store (the lead wires it). `regulation` is the normalised code as cited,
/// possibly without the year: match it against stored ids leniently ("GB26860" ~ "GB26860-2011").
class CitationChecker {
 public:
  virtual ~CitationChecker() = default;
  virtual bool has_regulation(const std::string& regulation) = 0;
  /// Ids to recognise in answers even when they do not look like a standard's code.
  virtual std::vector<std::string> known_ids() { return {}; }
  /// The text of one page, or nullopt when the regulation has no such page.
  virtual std::optional<std::string> page_text(const std::string& regulation, int page) = 0;
};

enum class CitationStatus {
  kUnchecked,          ///< no checker was given
  kVerified,           ///< pages exist and every figure beside it occurs on them
  kUnknownRegulation,  ///< fabricated: no such regulation
  kPageMissing,        ///< fabricated: the regulation has no such page
  kFigureNotOnPage,    ///< fabricated: a figure beside it is not on the cited pages
};

struct CheckedCitation {
  Citation citation;
  CitationStatus status = CitationStatus::kUnchecked;
  std::string detail;  ///< why it failed, for people
};

std::vector<CheckedCitation> check_citations(const std::vector<Citation>& citations,
                                             CitationChecker& checker);

/// Stable name: "verified", "page_missing", …
std::string_view citation_status_name(CitationStatus s);
bool is_fabricated(CitationStatus s);

/// Whether the number of `figure` ("0.70", "10kV", "0.7 米") occurs as a whole number on
/// `page_text` (units, full-width digits and trailing decimal zeros ignored; "10" does not match
/// inside "110" or "13.10").
bool figure_on_page(std::string_view figure, std::string_view page_text);

}  // namespace regreader::agent
