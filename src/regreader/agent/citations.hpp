#pragma once
// How an agent has its answer checked: a CitationChecker takes the answer and the regulations
// the run read and returns a verdict per claim (tools/claim_check.hpp has the rules). The agent
// checks through the tools it reads with (ToolCitationChecker calls the server's verify_answer),
// so a remote server's store is the one checked; tests check in-process over their own pages.

#include <string>
#include <vector>

#include "regreader/agent/tool_provider.hpp"
#include "regreader/tools/claim_check.hpp"

namespace regreader::agent {

using tools::Citation;
using CitationStatus = tools::Verdict;

class CitationChecker {
 public:
  virtual ~CitationChecker() = default;
  /// Every claim of `answer` against the pages it cites; citations of regulations outside
  /// `read_regulations` are not_read_in_run.
  virtual tools::AnswerReport check(const std::string& answer,
                                    const std::vector<std::string>& read_regulations) = 0;
};

/// Through the verify_answer tool of `tools` (the server the agent reads). A server without
/// the tool, or a failing call, is Error(kRemote): the answer is then reported unchecked.
class ToolCitationChecker : public CitationChecker {
 public:
  explicit ToolCitationChecker(ToolProvider& tools) : tools_(tools) {}
  tools::AnswerReport check(const std::string& answer,
                            const std::vector<std::string>& read_regulations) override;

 private:
  ToolProvider& tools_;
};

/// In-process over a page source (tests; a local store).
class SourceCitationChecker : public CitationChecker {
 public:
  explicit SourceCitationChecker(tools::PageSource& source) : source_(source) {}
  tools::AnswerReport check(const std::string& answer,
                            const std::vector<std::string>& read_regulations) override;

 private:
  tools::PageSource& source_;
};

/// One cited source of an answer with the worst verdict of the claims citing it.
struct CheckedCitation {
  Citation citation;
  std::string reg_id;  ///< the stored regulation it resolved to; empty when unknown
  CitationStatus status = CitationStatus::kUnchecked;
  std::string detail;
};

std::string_view citation_status_name(CitationStatus s);
/// A verdict that fails the answer.
bool is_fabricated(CitationStatus s);

/// Regulation ids a tool call read: its reg_id arguments and every "reg_id" in its result.
std::vector<std::string> regulations_in(const nlohmann::json& args, const nlohmann::json& result);

}  // namespace regreader::agent
