#include "regreader/cli/agent_session.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <mutex>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"

namespace regreader::cli {

namespace {

// Live tool calls on the terminal (stderr): name, arguments, time, result size.
class TerminalSink : public agent::EventSink {
 public:
  explicit TerminalSink(bool verbose) : verbose_(verbose) {}
  void write(const nlohmann::json& e) override {
    const std::string type = e.value("type", "");
    std::string line;
    if (type == "tool_call_started") {
      std::string args = e.value("args", nlohmann::json::object()).dump();
      if (!verbose_ && args.size() > 100) args = args.substr(0, 97) + "...";
      line = "  → " + e.value("tool", "") + " " + args;
    } else if (type == "tool_call_completed" || type == "tool_call_failed") {
      char ms[32];
      std::snprintf(ms, sizeof ms, "%.0f ms", e.value("duration_ms", 0.0));
      line = "  ← " + e.value("tool", "") + " " + ms;
      if (type == "tool_call_failed")
        line += " failed: " + e.value("error", "");
      else
        line += ", " + std::to_string(e.value("result_chars", 0)) + " chars" +
                (e.value("is_error", false) ? " (tool error)" : "");
    } else if (type == "tool_call_rejected") {
      line = "  ✗ " + e.value("tool", "") + " refused: " + e.value("reason", "");
    } else if (type == "handoff") {
      line = "  ⇢ " + e.value("to", "") + ": " + e.value("reason", "");
    } else if (verbose_) {
      line = "  · " + agent::format_event(e);
    }
    if (line.empty()) return;
    std::lock_guard lock(m_);
    std::cerr << line << "\n";
  }

 private:
  bool verbose_;
  std::mutex m_;
};

agent::McpClient connect_tools(const AgentArgs& a, const Globals& g,
                               std::shared_ptr<HttpClient> http) {
  std::string url = a.mcp_url;
  if (url.empty()) url = settings().get("mcp.url");
  if (!url.empty())
    return agent::McpClient::connect(url, std::move(http), settings().get("mcp.token"));
  // Our own server, the same binary, over stdio.
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  std::vector<std::string> argv = {self, "--data-dir", g.data_dir().string(), "-q"};
  if (!g.config_file.empty()) argv.insert(argv.end(), {"--config", g.config_file.string()});
  argv.push_back("serve");
  return agent::McpClient::spawn(argv, g.verbose < 2);
}

std::string hint(const std::vector<std::string>& reg_ids) {
  if (reg_ids.empty()) return "";
  std::string ids;
  for (const auto& r : reg_ids)
    ids += (ids.empty() ? "" : "、") + r;
  return "用户限定只在以下规程中查找（reg_id）：" + ids + "。";
}

}  // namespace

void add_agent_options(CLI::App* cmd, AgentArgs& a) {
  cmd->add_option("-r,--reg-id", a.reg_ids, "Only these regulations (repeatable)");
  cmd->add_option("--agent", a.agent, "Reasoning strategy: react (default)")
      ->check(CLI::IsMember({"react", "orchestrated", "workflow"}));
  cmd->add_option("--model", a.model, "Model (default $REGREADER_LLM_MODEL)");
  cmd->add_option("--provider", a.provider, "anthropic or openai (default: from the model or URL)");
  cmd->add_option("--base-url", a.base_url, "LLM endpoint (default $REGREADER_LLM_BASE_URL)");
  cmd->add_option("--mcp-url", a.mcp_url,
                  "Use this MCP server (default $REGREADER_MCP_URL, else our own over stdio)");
  cmd->add_option("--events", a.events_file, "Append the run's events as JSON Lines to FILE");
  cmd->add_option("--max-turns", a.max_turns, "Model calls per question (default 12)")
      ->check(CLI::Range(1, 50));
  cmd->add_option("--skill", a.skill,
                  "orchestrated: follow this skill alone (regreader skills list); default: the "
                  "analyzer chooses by the skills' descriptions");
  cmd->add_option("--workspace", a.workspace,
                  "orchestrated/workflow: keep the run's files in DIR (plan.md, a folder per "
                  "subagent with its tool results and output, answer.md, events.jsonl); see "
                  "`regreader run show DIR`");
  cmd->add_flag("--keep-workspace", a.keep_workspace,
                "Keep the temporary run folder (its path is printed on stderr)");
  cmd->add_flag("--json", a.json, "The whole AgentResponse as JSON");
  cmd->add_flag("--stream", a.stream,
                "Print the answer as the model writes it (the default on a terminal; not with "
                "--json)");
}

AgentSession::AgentSession(const AgentArgs& a, const Globals& g, agent::Language language) {
  agent::ConversationOptions o;
  o.kind = agent::parse_agent_kind(a.agent);
  agent::LlmConfig flags;
  flags.model = a.model;
  flags.base_url = a.base_url;
  if (!a.provider.empty()) {
    flags.provider = agent::parse_provider(a.provider);
    if (!flags.provider)
      throw Error(ErrorCode::kInvalidArgument, "--provider must be anthropic or openai");
  }
  const auto config = agent::resolve_llm_config(flags, {}, language);
  mcp_http_ = std::shared_ptr<HttpClient>(make_curl_client());
  tools_ = std::make_unique<agent::McpToolProvider>(connect_tools(a, g, mcp_http_));
  // Checked by the server the agent reads (verify_answer), local or remote alike.
  checker_ = std::make_unique<agent::ToolCitationChecker>(*tools_);
  std::vector<agent::EventSink*> sinks;
  if (!g.quiet && (isatty(STDERR_FILENO) || g.verbose > 0)) {
    sinks_.push_back(std::make_unique<TerminalSink>(g.verbose > 0));
    sinks.push_back(sinks_.back().get());
  }
  if (!a.events_file.empty()) {
    sinks_.push_back(std::make_unique<agent::JsonlEventSink>(std::filesystem::path(a.events_file)));
    sinks.push_back(sinks_.back().get());
  }
  tee_ = std::make_unique<agent::TeeEventSink>(sinks);
  o.run.reg_ids = a.reg_ids;
  o.run.max_turns = a.max_turns;
  o.run.extra_context = hint(a.reg_ids);
  // Skills: the built-in ones and the user's; one that does not load is a warning, never fatal.
  skills_ = tools::load_skills(tools::skills_dir(g.data_dir()), tools::skill_tool_names());
  for (const auto& p : skills_.problems)
    std::cerr << "warning: skill not loaded: " << p.describe() << "\n";
  if (!a.skill.empty() && !skills_.find(a.skill))
    throw Error(ErrorCode::kNotFound, "no skill '" + a.skill + "' (regreader skills list)");
  if (!a.skill.empty() && o.kind != agent::AgentKind::kOrchestrated)
    throw Error(ErrorCode::kInvalidArgument, "--skill applies to --agent orchestrated");
  o.run.skills = &skills_;
  o.run.forced_skill = a.skill;
  // Orchestrated and workflow turns run in a workspace: a temporary one removed afterwards, or
  // --workspace DIR (a chat's turns in DIR/turn-N), kept.
  o.workspace_dir = a.workspace;
  o.keep_workspace = a.keep_workspace;
  o.on_kept_workspace = [](const std::filesystem::path& p) {
    std::cerr << "run workspace: " << p.string() << "\n";
  };
  // Streamed answers go to stdout as they arrive; --json keeps stdout one JSON document.
  o.run.stream = !a.json && (a.stream || isatty(STDOUT_FILENO));
  if (o.run.stream) o.run.on_text = [](std::string_view d) { std::cout << d << std::flush; };
  conversation_ = std::make_unique<agent::Conversation>(config, std::move(o), *tools_,
                                                        checker_.get(), tee_.get());
}

agent::AgentResponse AgentSession::ask(const std::string& question) {
  return conversation_->ask(question);
}

void AgentSession::reset() {
  conversation_->reset();
}

bool AgentSession::streams() const {
  return conversation_->options().run.stream;
}

AgentSession::~AgentSession() = default;

std::string AgentSession::render(const agent::AgentResponse& r, bool streamed) {
  std::string out = streamed ? "\n" : r.content + "\n";
  if (!r.claims.empty()) {
    out += r.checked ? "\n核对（每条陈述对照所引页面）：\n" : "\n未核对（无法连接核对工具）：\n";
    // Each claim by its citations; a failing one also by its words and the reason.
    for (const auto& c : r.claims) {
      std::string cited;
      for (const auto& x : c.citations)
        cited += (cited.empty() ? "" : "；") + x.citation.raw;
      const bool failed = tools::is_failure(c.verdict);
      out += "  [" + std::string(tools::verdict_name(c.verdict)) + "] " +
             (cited.empty() ? c.claim.text : cited) + "\n";
      if (failed && !cited.empty()) out += "      陈述：" + c.claim.text + "\n";
      if (failed && !c.detail.empty()) out += "      " + c.detail + "\n";
    }
  }
  for (const auto& w : r.warnings)
    out += "warning: " + w + "\n";
  out += "\n[" + std::to_string(r.tool_calls.size()) + " tool calls, " + std::to_string(r.turns) +
         " model calls, " + std::to_string(r.usage.input_tokens + r.usage.output_tokens) +
         " tokens, " + std::to_string(static_cast<int>(r.timings.total_ms)) + " ms]\n";
  return out;
}

}  // namespace regreader::cli
