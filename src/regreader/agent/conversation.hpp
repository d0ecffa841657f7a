#pragma once
// An agent assembled once and asked in turn: the model client for a configuration, a strategy
// (ReAct, orchestrated, workflow) with its options, the tools, the citation checker and where
// events go. Earlier exchanges are the context of the next question; orchestrated and workflow
// turns each run in a workspace. `ask`/`chat` (cli/agent_session.cpp, over MCP) and the reading
// room's ask panel (web/ask_stream.cpp, tools in process) both answer through one.

#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "regreader/agent/agent_runner.hpp"
#include "regreader/agent/chat_memory.hpp"
#include "regreader/agent/llm/llm_client.hpp"
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/core/http_client.hpp"

namespace regreader::agent {

struct ConversationOptions {
  AgentKind kind = AgentKind::kReact;
  AgentRunOptions run;  ///< its `memory` and `workspace` are the conversation's own
  /// Orchestrated and workflow turns: their workspace folder (a chat's later turns in
  /// DIR/turn-N), kept; empty: a temporary folder, removed unless `keep_workspace`.
  std::filesystem::path workspace_dir;
  bool keep_workspace = false;
  /// Told where a kept temporary workspace is (the CLI prints it).
  std::function<void(const std::filesystem::path&)> on_kept_workspace;
};

class Conversation {
 public:
  /// `tools`, `checker` (may be null) and `events` (may be null) must outlive the conversation.
  Conversation(const LlmConfig& llm, ConversationOptions options, ToolProvider& tools,
               CitationChecker* checker, EventSink* events);
  ~Conversation();
  Conversation(const Conversation&) = delete;
  Conversation& operator=(const Conversation&) = delete;

  /// Answers one question; the exchange becomes context for the next.
  AgentResponse ask(const std::string& question);
  /// Forgets the earlier exchanges.
  void reset() { memory_.clear(); }
  const ConversationOptions& options() const { return options_; }

 private:
  std::unique_ptr<HttpClient> http_;
  std::unique_ptr<LlmClient> llm_;
  ToolProvider& tools_;
  CitationChecker* checker_;
  EventSink* events_;
  ConversationOptions options_;
  ChatMemory memory_;
  int turn_ = 0;
};

}  // namespace regreader::agent
