// Replays one question through the three strategies (react, orchestrated, workflow) with scripted
// model replies (tests/agent/strategy_scripts.hpp) over fake tools that list the real tool
// definitions, and prints what each strategy costs: tool calls, model calls, the prompt each model
// call was sent (system + messages + tool definitions, in bytes) and wall time outside the model.
// Tokens are not measured here (the transcripts' usage is scripted); bytes / 3 approximates
// tokens for Chinese text.
//
//   build/release/bench/regreader_agent_strategies_bench [tool_latency_ms ...]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "agent/fake_tools.hpp"
#include "agent/routed_http.hpp"
#include "agent/strategy_scripts.hpp"
#include "regreader/agent/agent_runner.hpp"
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/skills.hpp"

namespace {

using namespace regreader;
using namespace regreader::agent;
namespace t = regreader::testing;

// Fake results, real tool definitions (their descriptions are a large part of a prompt), and an
// optional latency per call standing in for the MCP round trip and the search.
class BenchTools : public t::FakeTools {
 public:
  explicit BenchTools(int latency_ms) : latency_ms_(latency_ms) {
    handlers["read_page_range"] = [](const nlohmann::json&) {
      return ToolResult{t::kPage4WithReference, {}, false};
    };
  }
  std::vector<ToolDefinition> list_tools() override {
    std::vector<ToolDefinition> out;
    for (const auto& s : tools::tool_table(false))
      out.push_back({s.name, s.description, s.input_schema});
    return out;
  }
  ToolResult call_tool(const std::string& name, const nlohmann::json& args) override {
    if (latency_ms_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(latency_ms_));
    return FakeTools::call_tool(name, args);
  }

 private:
  int latency_ms_;
};

void run(AgentKind kind, t::Script (*script)(), int latency_ms, bool skills = false) {
  t::RoutedHttpClient http;
  t::load(http, script(), t::Wire::kAnthropic);
  LlmConfig c;
  c.provider = LlmProvider::kAnthropic;
  c.model = "claude-test";
  c.api_key = "k";
  c.base_url = "http://llm.test";
  auto llm = make_llm_client(c, http);
  BenchTools tools(latency_ms);
  t::FakeChecker checker;
  AgentRunOptions o;
  o.reg_ids = {"GB26860-2011"};
  // With skills the analyzer's prompt lists them and each subagent's prompt is its skill's
  // instructions instead of the fixed specialist prompt.
  const auto skill_set = tools::load_skills({}, tools::skill_tool_names());
  if (skills) o.skills = &skill_set;
  const AgentResponse r = run_agent(kind, *llm, tools, t::kStrategyQuestion, o, nullptr, &checker);

  size_t total = 0, largest = 0, verified = 0;
  for (const auto& m : r.model_calls) {
    total += m.prompt_bytes();
    largest = std::max(largest, m.prompt_bytes());
  }
  for (const auto& s : r.sources)
    verified += s.status == CitationStatus::kVerified ? 1 : 0;
  std::printf(
      "\n%s (tool latency %d ms): %zu tool calls, %zu model calls, prompt bytes total %zu "
      "(~%zu tokens), largest %zu; sources %zu/%zu verified; wall %.1f ms, outside the model "
      "%.1f ms (tools %.1f ms)\n",
      (std::string(agent_kind_name(kind)) + (skills ? " + skills" : "")).c_str(), latency_ms,
      r.tool_calls.size(), r.model_calls.size(), total, total / 3, largest, verified,
      r.sources.size(), r.timings.total_ms, r.timings.outside_model_ms(), r.timings.tools_ms);
  std::printf("  %-16s %7s %8s %7s %7s %6s\n", "call", "system", "messages", "tools", "prompt",
              "~tok");
  for (const auto& m : r.model_calls)
    std::printf("  %-16s %7zu %8zu %7zu %7zu %6zu\n", m.agent.c_str(), m.system_bytes,
                m.message_bytes, m.tools_bytes, m.prompt_bytes(), m.prompt_bytes() / 3);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> latencies;
  for (int i = 1; i < argc; ++i)
    latencies.push_back(std::atoi(argv[i]));
  if (latencies.empty()) latencies = {0, 20};
  for (int ms : latencies) {
    run(AgentKind::kReact, t::react_script, ms);
    run(AgentKind::kOrchestrated, t::orchestrated_script, ms);
    run(AgentKind::kOrchestrated, t::orchestrated_script, ms, /*skills=*/true);
    run(AgentKind::kWorkflow, t::workflow_script, ms);
  }
  return 0;
}
