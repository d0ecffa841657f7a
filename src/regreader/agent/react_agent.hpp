#pragma once
// The ReAct agent: the model reasons, calls regulation tools through a ToolProvider, reads the
// results and answers with cited sources. Transport-neutral: it knows an LlmClient and a
// ToolProvider, nothing about HTTP or MCP.
//
//   auto llm = make_llm_client(resolve_llm_config(), *http);
//   ReactAgent agent(*llm, tools, {}, &events, &checker);
//   AgentResponse r = agent.run("10kV 设备不停电时的安全距离是多少？");

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "regreader/agent/agent_response.hpp"
#include "regreader/agent/citations.hpp"
#include "regreader/agent/event_log.hpp"
#include "regreader/agent/llm/llm_client.hpp"
#include "regreader/agent/tool_provider.hpp"

namespace regreader::agent {

struct ReactOptions {
  int max_turns = 12;                    ///< model calls per question
  size_t max_tool_result_bytes = 16000;  ///< longer results are trimmed before the model sees them
  long long max_total_tokens = 400000;   ///< input + output over the whole question
  int max_tokens = 4096;                 ///< per model reply
  std::optional<double> temperature = 0.0;  ///< deterministic by default
  bool stream = false;                      ///< stream text deltas to run()'s callback
  bool parallel_tool_calls = true;  ///< run the calls of one turn concurrently (ToolProvider
                                    ///< must then be thread-safe)
  /// Guard rail: only these tools are offered and run; any other call is refused and logged.
  /// nullopt offers every tool the provider lists.
  std::optional<std::set<std::string>> allowed_tools;
  int max_history_turns = 8;         ///< earlier questions and answers kept as chat context
  std::string agent_name = "react";  ///< in events
  std::string system_prompt;         ///< empty: react_system_prompt()
};

class ReactAgent {
 public:
  /// Every reference must outlive the agent; `events` and `checker` may be null.
  ReactAgent(LlmClient& llm, ToolProvider& tools, ReactOptions options = {},
             EventSink* events = nullptr, CitationChecker* checker = nullptr);

  /// Answers one question. Earlier questions and answers of this agent are sent as context (chat);
  /// reset() forgets them. With ReactOptions::stream, on_text receives every text delta the model
  /// streams, its remarks between tool calls included. LLM failures (UpstreamError, Error kNetwork)
  /// are logged as task_failed and rethrown; tool failures are not errors: the model sees them and
  /// goes on.
  AgentResponse run(const std::string& query, const TextCallback& on_text = {});

  /// Forgets the conversation.
  void reset() { history_.clear(); }

  /// The tools offered to the model (after the allowed_tools filter).
  const std::vector<ToolDefinition>& tools();

 private:
  struct CallOutcome {
    ToolCallRecord record;
    ContentBlock result;
  };

  AgentResponse run_loop(const std::string& query, const TextCallback& on_text, EventLog& log);
  std::vector<CallOutcome> execute_calls(const std::vector<const ContentBlock*>& calls,
                                         EventLog& log);
  CallOutcome execute_call(const ContentBlock& call, EventLog& log);
  bool is_offered(const std::string& name);
  void finish_answer(AgentResponse& r);

  LlmClient& llm_;
  ToolProvider& tools_;
  ReactOptions options_;
  EventSink* events_;
  CitationChecker* checker_;
  std::optional<std::vector<ToolDefinition>> offered_;
  std::vector<Message> history_;
};

/// Trims `text` to at most `budget` bytes at a UTF-8 boundary and appends a note telling the
/// model how much was cut and how to read the rest. Returns whether it trimmed.
bool trim_tool_result(std::string& text, size_t budget);

}  // namespace regreader::agent
