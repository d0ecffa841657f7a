#pragma once
// One way to run any reasoning strategy, for the CLI (`ask --agent react|orchestrated|workflow`,
// `chat`):
//
//   const AgentKind kind = parse_agent_kind(flag);       // throws on an unknown name
//   AgentRunOptions o;  o.reg_ids = {"GB26860-2011"};  o.memory = &memory;
//   AgentResponse r = run_agent(kind, *llm, tools, query, o, &events, &checker);
//   memory.add(query, r.content);

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regreader/agent/agent_response.hpp"
#include "regreader/agent/chat_memory.hpp"
#include "regreader/agent/citations.hpp"
#include "regreader/agent/event_log.hpp"
#include "regreader/agent/llm/llm_client.hpp"
#include "regreader/agent/tool_provider.hpp"
#include "regreader/agent/workspace.hpp"
#include "regreader/tools/skills.hpp"

namespace regreader::agent {

enum class AgentKind {
  kReact,         ///< one ReAct loop over every tool (react_agent.hpp)
  kOrchestrated,  ///< analyzer → parallel specialist subagents → aggregator (orchestrator.hpp)
  kWorkflow,      ///< fixed graph, the model decides at its branch points (workflow_agent.hpp)
};

/// "react" | "orchestrated" | "workflow"; throws Error(kInvalidArgument) naming the choices.
AgentKind parse_agent_kind(std::string_view name);
std::string_view agent_kind_name(AgentKind kind);

struct AgentRunOptions {
  std::vector<std::string> reg_ids;  ///< regulations to search first (hint; may be empty)
  bool stream = false;               ///< stream the answer's text to on_text
  TextCallback on_text;              ///< react: every delta; others: the final answer's
  int max_turns = 12;                ///< react: model calls; orchestrated: per subagent (≤ 6)
  int max_search_rounds = 2;         ///< workflow: smart_search rounds
  long long max_total_tokens = 400000;
  int max_tokens = 4096;  ///< per model reply
  std::optional<double> temperature = 0.0;
  size_t max_tool_result_bytes = 16000;
  const ChatMemory* memory = nullptr;       ///< earlier exchanges, sent as context (chat)
  std::string extra_context;                ///< react: appended to the system prompt
  const tools::SkillSet* skills = nullptr;  ///< orchestrated: skills to choose from
  std::string forced_skill;                 ///< orchestrated: --skill NAME
  /// orchestrated and workflow: the run's workspace (workspace.hpp); null: none.
  Workspace* workspace = nullptr;
};

/// Answers `query` with the chosen strategy. Exceptions as the strategy's run().
AgentResponse run_agent(AgentKind kind, LlmClient& llm, ToolProvider& tools,
                        const std::string& query, const AgentRunOptions& options,
                        EventSink* events = nullptr, CitationChecker* checker = nullptr);

}  // namespace regreader::agent
