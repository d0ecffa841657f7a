#include "regreader/agent/orchestrator.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <future>
#include <optional>

#include "regreader/agent/answer_check.hpp"
#include "regreader/agent/answer_writer.hpp"
#include "regreader/agent/react_agent.hpp"
#include "regreader/agent/skill_routing.hpp"
#include "regreader/agent/task_envelope.hpp"
#include "regreader/core/error.hpp"

namespace regreader::agent {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

bool offers(const std::vector<ToolDefinition>& tools, const char* name) {
  return std::any_of(tools.begin(), tools.end(),
                     [&](const ToolDefinition& t) { return t.name == name; });
}

std::string handoff_reason(SubagentKind kind, const QueryAnalysis& a) {
  std::string reason = "intents:";
  for (auto i : a.intents)
    reason += " " + std::string(query_intent_name(i));
  if (!a.from_model) reason += " (rules)";
  if (kind == SubagentKind::kSearch && a.has(QueryIntent::kDiscovery) &&
      !a.has(QueryIntent::kSearch))
    reason += "; discovery tools not offered";
  return reason;
}

}  // namespace

std::vector<SubagentKind> route_subagents(const QueryAnalysis& analysis,
                                          const std::vector<ToolDefinition>& offered) {
  const bool discovery_offered =
      offers(offered, "find_similar_content") || offers(offered, "compare_sections");
  std::vector<SubagentKind> out;
  for (auto intent : analysis.intents) {
    SubagentKind k = subagent_for(intent);
    if (k == SubagentKind::kDiscovery && !discovery_offered) k = SubagentKind::kSearch;
    if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
  }
  if (out.empty()) out.push_back(SubagentKind::kSearch);
  return out;
}

Orchestrator::Orchestrator(LlmClient& llm, ToolProvider& tools, OrchestratorOptions options,
                           EventSink* events, CitationChecker* checker)
    : llm_(llm), tools_(tools), options_(std::move(options)), events_(events), checker_(checker) {}

AgentResponse Orchestrator::run(const std::string& query, const TextCallback& on_text) {
  // With a workspace every event also goes to its events.jsonl.
  std::optional<TeeEventSink> tee;
  EventSink* const outer = events_;
  if (options_.workspace) {
    tee.emplace(std::vector<EventSink*>{outer, &options_.workspace->events()});
    events_ = &*tee;
  }
  struct Restore {
    EventSink*& slot;
    EventSink* value;
    ~Restore() { slot = value; }
  } restore{events_, outer};
  return run_task(events_, "orchestrator", query,
                  [&](EventLog& log, nlohmann::json&) { return run_steps(query, on_text, log); });
}

Orchestrator::SubagentRun Orchestrator::run_subagent(const SubagentSpec& spec,
                                                     const std::string& task,
                                                     long long token_budget) {
  ReactOptions o;
  o.max_turns = options_.subagent_max_turns;
  o.max_tool_result_bytes = options_.max_tool_result_bytes;
  o.max_total_tokens = token_budget;
  o.max_tokens = options_.max_tokens;
  o.temperature = options_.temperature;
  o.allowed_tools = spec.tools;
  o.agent_name = spec.name;
  o.system_prompt = spec.prompt;
  SubagentRun run{spec, std::nullopt, ""};
  try {
    Workspace* ws = options_.workspace;
    std::optional<RecordingToolProvider> recorded;
    if (ws) recorded.emplace(tools_, *ws, spec.name);
    ToolProvider& tools = recorded ? static_cast<ToolProvider&>(*recorded) : tools_;
    ReactAgent agent(llm_, tools, std::move(o), events_, nullptr);
    run.response = agent.run(task);
    if (ws)
      ws->write(spec.name, std::filesystem::path(spec.name) / "output.md", run.response->content);
  } catch (const std::exception& e) {
    run.error = e.what();
  }
  return run;
}

std::vector<std::pair<SubagentSpec, std::string>> Orchestrator::plan(const std::string& query,
                                                                     AgentResponse& r,
                                                                     QueryAnalysis& analysis) {
  const auto offered = tools_.list_tools();
  const std::string catalogue = options_.skills ? skill_catalogue(*options_.skills, offered) : "";
  analysis = analyze_query(llm_, query, r, catalogue);
  for (const auto& id : options_.reg_ids)
    if (std::find(analysis.reg_ids.begin(), analysis.reg_ids.end(), id) == analysis.reg_ids.end())
      analysis.reg_ids.push_back(id);
  std::vector<std::pair<SubagentSpec, std::string>> out;
  if (options_.skills) {
    for (const auto& c :
         choose_skills(analysis, *options_.skills, offered, options_.forced_skill)) {
      SubagentSpec spec = skill_subagent(*c.skill);
      // Two skills of one kind: two agents (and workspace folders) of their own.
      for (const auto& [other, why] : out)
        if (other.name == spec.name) spec.name += "-" + c.skill->name;
      out.emplace_back(std::move(spec), "skill " + c.skill->name + " (" + c.reason + ")");
    }
    if (!out.empty()) return out;
  }
  for (auto k : route_subagents(analysis, offered))
    out.emplace_back(subagent_spec(k), handoff_reason(k, analysis));
  return out;
}

void Orchestrator::write_plan(const QueryAnalysis& analysis,
                              const std::vector<std::pair<SubagentSpec, std::string>>& planned,
                              const std::string& task) {
  Workspace& ws = *options_.workspace;
  ws.grant("orchestrator", {{"."}, {"."}, {}});
  std::vector<std::filesystem::path> outputs;
  std::string plan = "# Plan\n\n## Subagents\n\n";
  for (const auto& [spec, reason] : planned) {
    ws.grant(spec.name, {{spec.name}, {spec.name}, spec.tools});
    std::string tools;
    for (const auto& t : spec.tools)
      tools += (tools.empty() ? "" : ", ") + t;
    plan += "- **" + spec.name + "**: " + reason + "; tools: " + tools + "\n";
    ws.write("orchestrator", std::filesystem::path(spec.name) / "task.md",
             "# Task\n\n" + task + "\n\n# Instructions\n\n" + spec.prompt + "\n");
    outputs.push_back(std::filesystem::path(spec.name) / "output.md");
  }
  ws.write("orchestrator", "plan.md",
           plan + "\n## Task\n\n" + task + "\n\n## Analysis\n\n```json\n" +
               to_json(analysis).dump(2) + "\n```\n");
  // The aggregator reads the subagents' outputs and writes the answer; nothing else.
  ws.grant("aggregator", {outputs, {"answer.md"}, {}});
}

std::vector<Finding> Orchestrator::findings_of(const std::vector<SubagentRun>& runs) {
  std::vector<Finding> findings;
  for (const auto& run : runs) {
    if (!run.response) continue;
    const std::string& name = run.spec.name;
    // A subagent's answer is its evidence; with a workspace the aggregator reads it from disk.
    std::string text = run.response->content;
    if (options_.workspace)
      text = options_.workspace->read("aggregator", std::filesystem::path(name) / "output.md");
    findings.push_back({name, std::move(text), true});
  }
  return findings;
}

AgentResponse Orchestrator::run_steps(const std::string& query, const TextCallback& on_text,
                                      EventLog& log) {
  const auto t0 = Clock::now();
  AgentResponse r;
  r.strategy = "orchestrated";

  QueryAnalysis analysis;
  const auto planned = plan(query, r, analysis);
  const double analyzer_ms = r.timings.llm_ms;
  r.thinking = "analysis: " + to_json(analysis).dump();

  const std::string task = subagent_task(query, analysis);
  const long long budget = std::max<long long>(
      1, (options_.max_total_tokens - r.usage.total()) / static_cast<long long>(planned.size()));
  for (const auto& [spec, reason] : planned)
    log.handoff(spec.name, reason);
  if (options_.workspace) write_plan(analysis, planned, task);
  std::vector<SubagentRun> runs;
  if (planned.size() > 1 && options_.parallel) {
    std::vector<std::future<SubagentRun>> futures;
    futures.reserve(planned.size());
    for (const auto& p : planned)
      futures.push_back(std::async(std::launch::async, [this, &p, &task, budget] {
        return run_subagent(p.first, task, budget);
      }));
    for (auto& f : futures)
      runs.push_back(f.get());
  } else {
    for (const auto& p : planned)
      runs.push_back(run_subagent(p.first, task, budget));
  }

  // Parallel subagents overlap: the phase costs its longest member in wall time.
  double phase_llm_wall = 0, phase_tools = 0;
  std::vector<Finding> findings;
  std::string first_error;
  for (auto& run : runs) {
    const std::string& name = run.spec.name;
    if (!run.response) {
      r.warnings.push_back(name + " failed: " + run.error);
      if (first_error.empty()) first_error = name + ": " + run.error;
      continue;
    }
    AgentResponse& s = *run.response;
    for (auto& c : s.tool_calls)
      r.tool_calls.push_back(std::move(c));
    for (auto& m : s.model_calls)
      r.model_calls.push_back(std::move(m));
    for (const auto& w : s.warnings)
      r.warnings.push_back(name + ": " + w);
    r.usage += s.usage;
    r.turns += s.turns;
    r.timings.llm_ms += s.timings.llm_ms;
    const bool overlap = options_.parallel;
    phase_llm_wall = overlap ? std::max(phase_llm_wall, s.timings.llm_wall_ms)
                             : phase_llm_wall + s.timings.llm_wall_ms;
    phase_tools =
        overlap ? std::max(phase_tools, s.timings.tools_ms) : phase_tools + s.timings.tools_ms;
    r.thinking += "\n[" + name + "]\n" + s.content;
  }
  findings = findings_of(runs);
  if (findings.empty()) throw Error(ErrorCode::kRemote, "every subagent failed: " + first_error);
  r.timings.tools_ms = phase_tools;

  AnswerWriterOptions w;
  w.agent_name = "aggregator";
  w.max_finding_bytes = options_.max_tool_result_bytes;
  w.max_tokens = options_.max_tokens;
  w.temperature = options_.temperature;
  w.stream = options_.stream;
  const double llm_before = r.timings.llm_ms;
  write_answer(llm_, query, findings, w, r, on_text);
  // With a workspace the sources are checked against what the tool-result files hold.
  check_answer(
      r, checker_, "orchestrator",
      options_.workspace ? std::optional(options_.workspace->regulations_read()) : std::nullopt);
  if (options_.workspace) options_.workspace->write("aggregator", "answer.md", r.content);
  r.timings.llm_wall_ms = analyzer_ms + phase_llm_wall + (r.timings.llm_ms - llm_before);
  r.timings.total_ms = ms_since(t0);
  return r;
}

}  // namespace regreader::agent
