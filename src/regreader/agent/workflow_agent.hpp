#pragma once
// The workflow strategy: a fixed state graph where code runs the tools and the model only
// decides at the graph's decision points.
//
//   toc ──► choose_scope* ──► search ──► read_pages ──► follow_refs ──► judge* ──► answer*
//                               ▲  │ no hits: widen once                 │
//                               └──┴──────────── another search ─────────┘ (bounded)
//   no material at all ──► not_found          (* = one model call)
//
// toc: get_toc on the hinted (or first listed) regulation; choose_scope: the model picks a
// chapter_scope and search words from the TOC; search: smart_search; read_pages:
// read_page_range on the top hits' pages; follow_refs: lookup_annotation / get_table_by_id /
// resolve_reference for each 见注X / 见表Y / 见X.X.X / truncated table (follow_ups.hpp); judge:
// the model says whether the material answers the question or names another search; answer:
// answer_writer.hpp.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regreader/agent/agent_response.hpp"
#include "regreader/agent/citations.hpp"
#include "regreader/agent/event_log.hpp"
#include "regreader/agent/llm/llm_client.hpp"
#include "regreader/agent/tool_provider.hpp"
#include "regreader/agent/workspace.hpp"

namespace regreader::agent {

struct WorkflowOptions {
  int max_search_rounds = 2;             ///< smart_search calls, the widened retry included
  int max_pages_per_round = 3;           ///< distinct hit pages read after each search
  int max_follow_ups = 6;                ///< notes, tables, references followed per round
  size_t max_tool_result_bytes = 12000;  ///< per tool result kept as material
  size_t max_judge_bytes = 2000;         ///< per piece of material the judge sees
  /// All material the answer is written from; the pages holding hits are kept (fit_findings).
  size_t max_material_bytes = 48000;
  long long max_total_tokens = 400000;  ///< no further search once spent
  int max_tokens = 4096;
  std::optional<double> temperature = 0.0;
  bool stream = false;               ///< stream the answer to run()'s callback
  std::vector<std::string> reg_ids;  ///< the first is searched; else the first listed
  /// The run's workspace, when it has one: the answer's sources are checked against the
  /// regulations its tool-result files hold.
  const Workspace* workspace = nullptr;
};

enum class WorkflowNode {
  kToc,
  kChooseScope,
  kSearch,
  kReadPages,
  kFollowRefs,
  kJudge,
  kAnswer,
  kNotFound,
  kDone,
};

std::string_view workflow_node_name(WorkflowNode n);

class WorkflowAgent {
 public:
  /// Every reference must outlive the agent; `events` and `checker` may be null.
  WorkflowAgent(LlmClient& llm, ToolProvider& tools, WorkflowOptions options = {},
                EventSink* events = nullptr, CitationChecker* checker = nullptr);

  /// Answers one question by walking the graph. LLM failures are logged as task_failed and
  /// rethrown; tool failures become material the model reads ("tool … failed").
  AgentResponse run(const std::string& query, const TextCallback& on_text = {});

  /// The nodes the last run visited, in order.
  const std::vector<WorkflowNode>& path() const { return path_; }

 private:
  struct State;

  /// One node of the graph run on `s`; returns the next.
  WorkflowNode step(WorkflowNode node, State& s, const TextCallback& on_text);
  WorkflowNode toc(State& s);
  WorkflowNode choose_scope(State& s);
  WorkflowNode search(State& s);
  WorkflowNode read_pages(State& s);
  WorkflowNode follow_refs(State& s);
  WorkflowNode judge(State& s);
  WorkflowNode answer(State& s, const TextCallback& on_text);
  WorkflowNode not_found(State& s);
  /// The regulations the workspace's tool-result files hold; nullopt without a workspace.
  std::optional<std::vector<std::string>> read_from_workspace() const {
    if (!options_.workspace) return std::nullopt;
    return options_.workspace->regulations_read();
  }

  /// Runs one tool, records it in the response and the event log; nullopt when it failed.
  std::optional<ToolResult> call_tool(State& s, const std::string& name, const nlohmann::json& args,
                                      bool* truncated = nullptr);

  LlmClient& llm_;
  ToolProvider& tools_;
  WorkflowOptions options_;
  EventSink* events_;
  CitationChecker* checker_;
  std::vector<WorkflowNode> path_;
};

/// The pages of a smart_search result, best first, without duplicates: from the structured
/// results (reg_id, page_num), else from "[GB26860-2011 P4]"-style sources in the text.
std::vector<std::pair<std::string, int>> search_hit_pages(const ToolResult& result,
                                                          const std::string& default_reg_id);

}  // namespace regreader::agent
