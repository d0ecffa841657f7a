#include "regreader/agent/conversation.hpp"

#include <optional>

#include "regreader/agent/workspace.hpp"

namespace regreader::agent {

Conversation::Conversation(const LlmConfig& llm, ConversationOptions options, ToolProvider& tools,
                           CitationChecker* checker, EventSink* events)
    : http_(make_curl_client()),
      llm_(make_llm_client(llm, *http_)),
      tools_(tools),
      checker_(checker),
      events_(events),
      options_(std::move(options)) {}

Conversation::~Conversation() = default;

AgentResponse Conversation::ask(const std::string& question) {
  ++turn_;
  std::optional<Workspace> ws;
  if (options_.kind != AgentKind::kReact) {
    std::filesystem::path dir = options_.workspace_dir;
    if (!dir.empty() && turn_ > 1) dir /= "turn-" + std::to_string(turn_);
    ws.emplace(dir, options_.keep_workspace);
    if (ws->kept() && options_.workspace_dir.empty() && options_.on_kept_workspace)
      options_.on_kept_workspace(ws->root());
  }
  AgentRunOptions run = options_.run;
  run.memory = &memory_;
  run.workspace = ws ? &*ws : nullptr;
  auto r = run_agent(options_.kind, *llm_, tools_, question, run, events_, checker_);
  memory_.add(question, r.content);
  return r;
}

}  // namespace regreader::agent
