#pragma once
// The citation checker: every claim of an answer against the pages it cites. A claim is
// verified only when each citation names a stored regulation (the one the run read, when that is
// known), each cited page exists, each cited object (表N, 注N, a clause, 附录X, 第N条) is on the
// cited pages, and each figure is printed there in the same unit, the figures of one table
// claim in one row. A claim that states a figure and cites nothing fails too, unless it repeats
// a figure of a verified claim. Verdicts are reported per claim; one failure fails the answer.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regreader/tools/claims.hpp"

namespace regreader::tools {

enum class Verdict {
  kVerified,
  kFigureNotOnPage,    ///< a figure is not on the cited pages (value, unit or row)
  kObjectNotOnPage,    ///< a cited table, note, clause or appendix is not on the cited pages
  kPageMissing,        ///< the regulation has no such page
  kRegulationUnknown,  ///< no stored regulation has that id or name
  kNotReadInRun,       ///< the run never read the cited regulation
  kUncitedFigure,      ///< a figure with no citation
  kUnchecked,          ///< no checker was available
};

/// "verified", "figure_not_on_page", … (stable names used in JSON and tests).
std::string_view verdict_name(Verdict v);
std::optional<Verdict> parse_verdict(std::string_view name);
bool is_failure(Verdict v);

/// One cited page as the checker reads it.
struct CitedPage {
  std::string text;                   ///< the page's Markdown and its notes
  std::vector<std::string> chapters;  ///< titles of the chapters with content on the page
};

/// Where the checker reads regulations: the page store, or a test's pages.
class PageSource {
 public:
  virtual ~PageSource() = default;
  /// Ids, titles and aliases to recognise in answers.
  virtual std::vector<RegulationName> names() = 0;
  /// The stored id a cited code names ("GB26860" → "GB26860-2011"); nullopt when none, or when
  /// the code names a year or copy the library does not hold.
  virtual std::optional<std::string> resolve(const std::string& cited) = 0;
  /// nullopt when the regulation has no such page.
  virtual std::optional<CitedPage> page(const std::string& reg_id, int page) = 0;
};

struct CitationResult {
  Citation citation;
  std::string reg_id;  ///< resolved; empty when unknown
  Verdict verdict = Verdict::kVerified;
  std::string detail;
};

struct ClaimResult {
  Claim claim;
  std::vector<CitationResult> citations;
  Verdict verdict = Verdict::kVerified;
  std::string detail;  ///< why it failed, for people
};

struct AnswerReport {
  std::vector<ClaimResult> claims;
  bool ok() const;  ///< no claim failed
  /// Claims per verdict name.
  nlohmann::json counts() const;
};

struct CheckOptions {
  /// Regulations the run read (tool results); unset: not checked.
  std::optional<std::vector<std::string>> read_regulations;
};

AnswerReport check_answer_claims(std::string_view answer, PageSource& source,
                                 const CheckOptions& options = {});

void to_json(nlohmann::json& j, const ClaimResult& c);
void to_json(nlohmann::json& j, const AnswerReport& r);
/// Reads back what to_json wrote (verdicts, texts, citations' raw text and ids).
AnswerReport answer_report_from_json(const nlohmann::json& j);

}  // namespace regreader::tools
