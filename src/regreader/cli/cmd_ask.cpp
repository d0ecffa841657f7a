// `ask`, `chat` and `events`: questions answered by an LLM agent that reads the regulations
// through RegReader's MCP tools, and the event logs those runs write.

#include <unistd.h>

#include <iostream>
#include <memory>

#include "regreader/agent/workspace.hpp"
#include "regreader/cli/agent_session.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"

namespace regreader::cli {

namespace {

struct AskArgs {
  AgentArgs agent;
  std::string question;
};

void run_ask(const AskArgs& a, Globals& g) {
  g.json = a.agent.json;
  if (a.question.find_first_not_of(" \t\n") == std::string::npos)
    throw Error(ErrorCode::kInvalidArgument, "the question is empty");
  AgentSession session(a.agent, g, agent::language_of(a.question));
  const auto r = session.ask(a.question);
  if (a.agent.json) {
    print_json(r);
  } else {
    std::cout << AgentSession::render(r, session.streams());
  }
  // A claim that failed, an answer citing nothing, or one nobody could check: exit 1.
  if (r.has_fabricated_citation() || r.uncited || (!r.checked && !r.claims.empty()) ||
      r.outcome != agent::AgentOutcome::kAnswered)
    g.exit_code = kExitFailed;
}

// One question from stdin: lines ending in a backslash continue on the next line.
bool read_question(std::string& q, bool tty) {
  q.clear();
  std::string line;
  if (tty) std::cerr << "\n问> " << std::flush;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\\') {
      q += line.substr(0, line.size() - 1) + "\n";
      if (tty) std::cerr << "..> " << std::flush;
      continue;
    }
    q += line;
    return true;
  }
  return !q.empty();
}

void run_chat(const AgentArgs& a, Globals& g) {
  g.json = a.json;
  AgentSession session(a, g);
  const bool tty = isatty(STDIN_FILENO);
  if (tty)
    std::cerr << "RegReader chat: ask about the stored regulations. /reset forgets the "
                 "conversation, /exit leaves; end a line with \\ to continue it.\n";
  std::string q;
  while (read_question(q, tty)) {
    if (q == "/exit" || q == "/quit") break;
    if (q == "/reset") {
      session.reset();
      std::cerr << "(conversation forgotten)\n";
      continue;
    }
    if (q.find_first_not_of(" \t\n") == std::string::npos) continue;
    try {
      const auto r = session.ask(q);
      if (a.json)
        std::cout << nlohmann::json(r).dump() << std::endl;
      else
        std::cout << AgentSession::render(r, session.streams()) << std::flush;
    } catch (const Error& e) {
      // One failed question does not end the conversation.
      report_error(e, a.json);
    }
  }
}

void run_events(const std::string& file, bool json, bool only_violations, Globals& g) {
  g.json = json;
  auto events = agent::read_event_log(file);
  if (only_violations) events = agent::violations(events);
  if (json) {
    print_json(events);
    return;
  }
  for (const auto& e : events)
    std::cout << agent::format_event(e) << "\n";
  std::cout << events.size() << (only_violations ? " violation(s)\n" : " event(s)\n");
}

}  // namespace

void add_agent_commands(CLI::App& app, Globals& g) {
  auto a = std::make_shared<AskArgs>();
  auto* ask = app.add_subcommand("ask", "Answer a question from the regulations with an LLM agent");
  ask->add_option("question", a->question,
                  "The question, e.g. \"10kV 设备不停电时的安全距离是多少？\"")
      ->required();
  add_agent_options(ask, a->agent);
  ask->footer(
      "The agent reads the regulations only through RegReader's MCP tools (it starts `regreader\n"
      "serve` itself) and answers with 【处置措施】【注意事项】【来源】; every cited page is "
      "checked\n"
      "against the store and a citation that does not hold is flagged (exit code 1).\n\n"
      "LLM configuration (flags override):\n"
      "  REGREADER_LLM_PROVIDER   anthropic | openai (inferred from the model or URL)\n"
      "  REGREADER_LLM_MODEL      e.g. claude-sonnet-4-5, qwen-plus, deepseek-chat, glm-4\n"
      "  REGREADER_LLM_API_KEY    (else ANTHROPIC_API_KEY / OPENAI_API_KEY)\n"
      "  REGREADER_LLM_BASE_URL   e.g. http://127.0.0.1:8000/v1 for vLLM or Ollama\n\n"
      "Examples:\n"
      "  regreader ask \"倒闸操作票应保存多久？\" -r SAMPLE-2026\n"
      "  REGREADER_LLM_BASE_URL=http://127.0.0.1:11434/v1 REGREADER_LLM_MODEL=qwen2.5 \\\n"
      "    regreader ask \"母线失压如何处理？\" --json --events run.jsonl\n"
      "No LLM? `regreader search` and `regreader serve` need none.");
  ask->callback([a, &g] { run_ask(*a, g); });

  auto c = std::make_shared<AgentArgs>();
  auto* chat = app.add_subcommand("chat", "Talk with the agent: multi-turn, /reset, /exit");
  add_agent_options(chat, *c);
  chat->footer(
      "Reads questions from stdin (one per line; end a line with \\ to continue it). The last 4\n"
      "questions and answers are kept as context; /reset forgets them, /exit (or EOF) leaves.\n"
      "Example:\n  regreader chat -r SAMPLE-2026 --events chat.jsonl");
  chat->callback([c, &g] { run_chat(*c, g); });

  auto file = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  auto only_violations = std::make_shared<bool>(false);
  auto* ev = app.add_subcommand("events", "Replay an agent event log written with --events");
  ev->add_option("file", *file, "JSON Lines event file")->required();
  ev->add_flag("--json", *json, "The events as a JSON array");
  ev->add_flag("--violations", *only_violations,
               "Only what the guard refused: tool calls outside an agent's tools, files outside "
               "its folders (*_rejected events)");
  ev->footer(
      "Examples:\n  regreader events run.jsonl\n  regreader events ws/events.jsonl --violations");
  ev->callback(
      [file, json, only_violations, &g] { run_events(*file, *json, *only_violations, g); });

  auto dir = std::make_shared<std::string>();
  auto* run = app.add_subcommand("run", "Inspect a run workspace kept with --workspace");
  run->require_subcommand(1);
  auto* show =
      run->add_subcommand("show", "Summarise a kept run: plan, subagents, answer, violations");
  show->add_option("dir", *dir, "The workspace directory")->required();
  show->footer(
      "Example:\n  regreader ask \"表1 …\" --agent orchestrated --workspace ws && regreader run "
      "show ws");
  show->callback([dir] { std::cout << agent::summarize_workspace(*dir); });
}

}  // namespace regreader::cli
