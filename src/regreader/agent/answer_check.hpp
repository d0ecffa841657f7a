#pragma once
// The checks every strategy runs on its final answer: extract the citations, verify them with a
// CitationChecker (one entry per source, a source cited twice keeps its worst verdict), and warn
// about fabricated citations and answers that cite nothing.

#include <optional>
#include <string_view>
#include <vector>

#include "regreader/agent/agent_response.hpp"
#include "regreader/agent/citations.hpp"

namespace regreader::agent {

/// Fills r.sources from r.content and appends warnings. `checker` may be null (sources are then
/// kUnchecked). An answer containing kNotFoundPhrase needs no citation.
/// `read`: the regulations the run read, when they come from elsewhere than r.tool_calls (a
/// run workspace's tool-result files).
void check_answer(AgentResponse& r, CitationChecker* checker, std::string_view agent_name,
                  const std::optional<std::vector<std::string>>& read = std::nullopt);

/// What a task_completed event says about the answer: the answer, the number of sources and of
/// failed claims ("fabricated_citations"), whether it was checked, and each claim's verdict.
nlohmann::json answer_summary(const AgentResponse& r);

}  // namespace regreader::agent
