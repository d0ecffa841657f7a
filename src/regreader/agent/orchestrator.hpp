#pragma once
// The orchestrated strategy: a query analyzer (one small model call) picks specialist subagents
// (subagents.hpp), they run in parallel, each a ReactAgent with a short prompt and only its own
// tools, and an aggregator (one model call, answer_writer.hpp) writes the cited answer from their
// findings. The returned AgentResponse merges the tool calls, usage, model calls and timings of
// every part; handoff events record orchestrator → subagent.
//
//   Orchestrator o(*llm, tools, {}, &events, &checker);
//   AgentResponse r = o.run("表1 中 10kV 的安全距离是多少？注1 怎么说？");

#include <optional>
#include <string>
#include <vector>

#include "regreader/agent/agent_response.hpp"
#include "regreader/agent/answer_writer.hpp"
#include "regreader/agent/citations.hpp"
#include "regreader/agent/event_log.hpp"
#include "regreader/agent/llm/llm_client.hpp"
#include "regreader/agent/query_analyzer.hpp"
#include "regreader/agent/subagents.hpp"
#include "regreader/agent/tool_provider.hpp"
#include "regreader/agent/workspace.hpp"
#include "regreader/tools/skills.hpp"

namespace regreader::agent {

struct OrchestratorOptions {
  int subagent_max_turns = 6;            ///< model calls per subagent
  size_t max_tool_result_bytes = 12000;  ///< per tool result a subagent reads
  long long max_total_tokens = 400000;   ///< shared by the subagents
  int max_tokens = 4096;                 ///< per model reply
  std::optional<double> temperature = 0.0;
  bool parallel = true;              ///< run independent subagents concurrently
  bool stream = false;               ///< stream the aggregator's answer to run()'s callback
  std::vector<std::string> reg_ids;  ///< regulations to prefer, added to the analyzer's hints
  /// Skills to choose from (skill_routing.hpp); null: one fixed subagent per intent.
  const tools::SkillSet* skills = nullptr;
  std::string forced_skill;  ///< --skill NAME: this skill alone
  /// The run's workspace (workspace.hpp): plan.md, a folder per subagent with its task, tool
  /// results and output, the aggregator reading those outputs from disk, answer.md, events.
  Workspace* workspace = nullptr;
};

/// The subagents serving an analysis, in intent order without duplicates. Discovery falls back
/// to search when `offered` has neither find_similar_content nor compare_sections.
std::vector<SubagentKind> route_subagents(const QueryAnalysis& analysis,
                                          const std::vector<ToolDefinition>& offered);

class Orchestrator {
 public:
  /// Every reference must outlive the orchestrator; `events` and `checker` may be null.
  Orchestrator(LlmClient& llm, ToolProvider& tools, OrchestratorOptions options = {},
               EventSink* events = nullptr, CitationChecker* checker = nullptr);

  /// Answers one question. LLM failures of the analyzer or aggregator, or of every subagent,
  /// are logged as task_failed and rethrown; one failing subagent leaves a warning.
  AgentResponse run(const std::string& query, const TextCallback& on_text = {});

 private:
  struct SubagentRun {
    SubagentSpec spec;
    std::optional<AgentResponse> response;
    std::string error;
  };
  /// The subagents for a question, each with the reason it was chosen.
  std::vector<std::pair<SubagentSpec, std::string>> plan(const std::string& query, AgentResponse& r,
                                                         QueryAnalysis& analysis);

  AgentResponse run_steps(const std::string& query, const TextCallback& on_text, EventLog& log);
  /// Writes plan.md and each subagent's task.md, granting each its own folder.
  void write_plan(const QueryAnalysis& analysis,
                  const std::vector<std::pair<SubagentSpec, std::string>>& planned,
                  const std::string& task);
  /// The findings the aggregator reads: from the workspace's output.md files when there is one.
  std::vector<Finding> findings_of(const std::vector<SubagentRun>& runs);
  SubagentRun run_subagent(const SubagentSpec& spec, const std::string& task,
                           long long token_budget);

  LlmClient& llm_;
  ToolProvider& tools_;
  OrchestratorOptions options_;
  EventSink* events_;
  CitationChecker* checker_;
};

}  // namespace regreader::agent
