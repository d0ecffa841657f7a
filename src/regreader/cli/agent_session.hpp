#pragma once
// What `ask` and `chat` set up before a question, around an agent::Conversation (the agent
// assembled once, as the reading room's ask panel has it): the MCP connection to the tools (our
// own `regreader serve` over stdio, or REGREADER_MCP_URL), the citation checker on the server,
// skills, and where events go (live lines on a terminal, JSON Lines with --events).

#include <memory>
#include <string>
#include <vector>

#include "regreader/agent/agent_runner.hpp"
#include "regreader/agent/citations.hpp"
#include "regreader/agent/conversation.hpp"
#include "regreader/agent/event_log.hpp"
#include "regreader/agent/llm/llm_client.hpp"
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/agent/mcp_tool_provider.hpp"
#include "regreader/cli/commands.hpp"

namespace regreader::cli {

struct AgentArgs {
  std::vector<std::string> reg_ids;
  std::string agent = "react";
  std::string model;
  std::string provider;
  std::string base_url;
  std::string mcp_url;
  std::string events_file;
  int max_turns = 12;
  std::string skill;            ///< orchestrated: use this skill alone
  std::string workspace;        ///< orchestrated/workflow: the run's folder (kept)
  bool keep_workspace = false;  ///< keep the temporary folder and say where it is
  bool json = false;
  bool stream = false;  ///< print the answer as the model writes it (always on a terminal)
};

/// Adds the options `ask` and `chat` share.
void add_agent_options(CLI::App* cmd, AgentArgs& a);

class AgentSession {
 public:
  /// Throws Error(kNotConfigured) saying, in `language`, what to set when no LLM is configured.
  AgentSession(const AgentArgs& args, const Globals& g,
               agent::Language language = agent::Language::kEnglish);
  ~AgentSession();
  /// Answers one question with the chosen strategy; in a chat, earlier exchanges are context.
  agent::AgentResponse ask(const std::string& question);
  /// Forgets the conversation.
  void reset();
  /// True when the answer's text was already printed to stdout as it arrived.
  bool streams() const;
  /// The answer as people read it: content (unless it was streamed), checked sources, warnings,
  /// a one-line summary.
  static std::string render(const agent::AgentResponse& r, bool streamed = false);

 private:
  std::shared_ptr<HttpClient> mcp_http_;
  std::unique_ptr<agent::McpToolProvider> tools_;
  std::unique_ptr<agent::ToolCitationChecker> checker_;
  std::vector<std::unique_ptr<agent::EventSink>> sinks_;
  std::unique_ptr<agent::EventSink> tee_;
  tools::SkillSet skills_;
  std::unique_ptr<agent::Conversation> conversation_;
};

}  // namespace regreader::cli
