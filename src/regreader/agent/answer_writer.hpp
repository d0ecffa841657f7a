#pragma once
// The last step of the orchestrated and workflow strategies: one model call, without tools, that
// writes the final answer (【处置措施】【注意事项】【来源】, the rules of tools::answer_format())
// from what was found — subagents' findings or the pages the workflow read.

#include <optional>
#include <string>
#include <vector>

#include "regreader/agent/agent_response.hpp"
#include "regreader/agent/llm/llm_client.hpp"

namespace regreader::agent {

/// One piece of material: who or what produced it ("search_agent", "read_page_range
/// GB26860-2011 P4") and its text.
struct Finding {
  std::string from;
  std::string text;
  /// A page holding a search hit: kept under any budget (trimmed last, never dropped).
  bool keeps_hit = false;
};

struct AnswerWriterOptions {
  std::string agent_name = "aggregator";  ///< ModelCall::agent
  size_t max_finding_bytes = 12000;       ///< each finding is trimmed to this
  size_t max_total_bytes = 48000;         ///< all findings together (fit_findings); 0: no budget
  int max_tokens = 4096;
  std::optional<double> temperature = 0.0;
  bool stream = false;
};

/// Fits the material into `total` bytes (0: no budget) after trimming each finding to
/// `per_finding`: findings without a hit go first, the latest first; then the hit pages are
/// trimmed evenly. Returns the `from` of each finding left out, for the message to say so.
std::vector<std::string> fit_findings(std::vector<Finding>& findings, size_t per_finding,
                                      size_t total);

/// The writer's system prompt: answer only from the material, the answer format, 未找到相关规定.
const std::string& answer_writer_prompt();

/// The user message: the question, then each finding under its heading, then what was left out.
std::string answer_writer_message(const std::string& query, const std::vector<Finding>& findings,
                                  const std::vector<std::string>& left_out = {});

/// Calls the model (recorded into `into`) and sets into.content (and outcome kMaxTokens when
/// the answer was cut). Citations are not checked here (check_answer()).
void write_answer(LlmClient& llm, const std::string& query, const std::vector<Finding>& findings,
                  const AnswerWriterOptions& options, AgentResponse& into,
                  const TextCallback& on_text = {});

}  // namespace regreader::agent
