// The orchestrated strategy over scripted transcripts (both wire formats, streamed and not) and
// fake tools: analyzer JSON → search and table subagents in parallel → aggregator with verified
// sources; a subagent's call outside its tool set is refused; malformed analyzer JSON falls back
// to the rules; handoff events; discovery falls back to search when its tools are not offered.

#include "regreader/agent/orchestrator.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "agent/fake_tools.hpp"
#include "agent/routed_http.hpp"
#include "agent/strategy_scripts.hpp"
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/agent/prompts.hpp"
#include "regreader/agent/skill_routing.hpp"
#include "regreader/core/error.hpp"

namespace regreader::agent {
namespace orchestrator_test {

using nlohmann::json;
using regreader::testing::call;
using regreader::testing::FakeChecker;
using regreader::testing::FakeTools;
using regreader::testing::kCitedAnswer;
using regreader::testing::kStrategyQuestion;
using regreader::testing::RoutedHttpClient;
using regreader::testing::say;
using regreader::testing::Script;
using regreader::testing::Wire;
namespace marker = regreader::testing::marker;

struct Case {
  Wire wire;
  bool stream;
};

class OrchestratorHarness {
 public:
  OrchestratorHarness(Wire wire, bool stream, const Script& script) {
    regreader::testing::load(http, script, wire);
    LlmConfig c;
    c.provider = wire == Wire::kAnthropic ? LlmProvider::kAnthropic : LlmProvider::kOpenAI;
    c.model = wire == Wire::kAnthropic ? "claude-test" : "qwen-plus";
    c.api_key = "k";
    c.base_url = "http://llm.test";
    c.retry.sleep = [](double) {};
    llm = make_llm_client(c, http);
    options.stream = stream;
  }

  AgentResponse run(const std::string& q = kStrategyQuestion) {
    Orchestrator o(*llm, tools, options, &events, &checker);
    return o.run(q, [&](std::string_view d) { streamed += d; });
  }
  std::vector<json> events_of(const std::string& type) const {
    std::vector<json> out;
    for (const auto& e : events.events())
      if (e["type"] == type) out.push_back(e);
    return out;
  }

  RoutedHttpClient http;
  std::unique_ptr<LlmClient> llm;
  FakeTools tools;
  FakeChecker checker;
  MemoryEventSink events;
  OrchestratorOptions options;
  std::string streamed;
};

class OrchestratorTest : public ::testing::TestWithParam<Case> {
 protected:
  OrchestratorHarness harness(const Script& s) {
    return OrchestratorHarness(GetParam().wire, GetParam().stream, s);
  }
};

size_t tools_offered(const json& body) {
  return body.contains("tools") ? body["tools"].size() : 0;
}

TEST_P(OrchestratorTest, AnalyzerRoutesToTwoSubagentsAndTheAggregatorAnswersWithSources) {
  OrchestratorHarness h = harness(regreader::testing::orchestrated_script());
  const AgentResponse r = h.run();

  EXPECT_EQ(r.strategy, "orchestrated");
  EXPECT_EQ(r.outcome, AgentOutcome::kAnswered);
  EXPECT_EQ(r.content, kCitedAnswer);
  ASSERT_EQ(r.sources.size(), 2u);
  for (const auto& s : r.sources)
    EXPECT_EQ(s.status, CitationStatus::kVerified) << s.detail;
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();

  // Tool calls of both subagents are merged (search's first: results come in routing order).
  std::vector<std::string> names;
  for (const auto& c : r.tool_calls)
    names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"get_toc", "smart_search", "read_page_range",
                                             "get_table_by_id", "lookup_annotation"}));
  EXPECT_EQ(h.tools.calls.size(), 5u);

  // analyzer + 4 search turns + 3 table turns + aggregator, each recorded with its prompt size.
  ASSERT_EQ(r.model_calls.size(), 9u);
  EXPECT_EQ(r.turns, 9);
  EXPECT_EQ(r.usage.input_tokens, 90);
  EXPECT_EQ(r.model_calls.front().agent, "analyzer");
  EXPECT_EQ(r.model_calls.back().agent, "aggregator");
  const size_t react_prompt = react_system_prompt().size();
  for (const auto& c : r.model_calls) {
    EXPECT_LT(c.system_bytes, react_prompt) << c.agent << ": subagent prompts are short";
    const size_t expected = c.agent == "search_agent" ? 4u : c.agent == "table_agent" ? 3u : 0u;
    EXPECT_EQ(c.tools_offered, expected) << c.agent;
  }

  // Only its own tools are offered to each subagent; the aggregator reads both findings.
  EXPECT_EQ(tools_offered(h.http.script(marker::kSearch).body_json(0)), 4u);
  EXPECT_EQ(tools_offered(h.http.script(marker::kTable).body_json(0)), 3u);
  const std::string search_task = h.http.script(marker::kSearch).requests[0].body;
  EXPECT_NE(search_task.find("表：表1"), std::string::npos) << "hints reach the subagents";
  const std::string writer = h.http.script(marker::kWriter).requests[0].body;
  EXPECT_NE(writer.find("### search_agent"), std::string::npos);
  EXPECT_NE(writer.find("高一档电压等级"), std::string::npos);
  if (GetParam().stream) {
    EXPECT_NE(h.streamed.find("【来源】"), std::string::npos);
  }

  // Events: orchestrator → subagents handoffs, each subagent's own task, one completion.
  const auto handoffs = h.events_of("handoff");
  ASSERT_EQ(handoffs.size(), 2u);
  EXPECT_EQ(handoffs[0]["agent"], "orchestrator");
  EXPECT_EQ(handoffs[0]["to"], "search_agent");
  EXPECT_EQ(handoffs[1]["to"], "table_agent");
  EXPECT_NE(handoffs[0]["reason"].get<std::string>().find("search table"), std::string::npos);
  const auto completed = h.events_of("task_completed");
  ASSERT_EQ(completed.size(), 3u);
  EXPECT_EQ(completed.back()["agent"], "orchestrator");
  EXPECT_EQ(completed.back()["prompts"]["model_calls"], 9);
  EXPECT_LT(completed[0]["prompts"]["max_prompt_bytes"].get<size_t>(), 2000u);  // a subagent
  const json j = r;
  EXPECT_EQ(j["model_calls"].size(), 9u);
  EXPECT_GE(j["timings"]["outside_model_ms"].get<double>(), 0.0);
}

TEST_P(OrchestratorTest, IndependentSubagentsRunInParallel) {
  OrchestratorHarness h = harness(regreader::testing::orchestrated_script());
  regreader::testing::Rendezvous meet(2);
  std::atomic<int> met{0};
  for (const char* n : {"smart_search", "get_table_by_id"})
    h.tools.handlers[n] = [&, n](const json&) {
      if (meet.arrive_and_wait()) ++met;
      return ToolResult{std::string("result of ") + n, {}, false};
    };
  const AgentResponse r = h.run();
  EXPECT_EQ(met.load(), 2) << "search and table subagents were in flight at once";
  EXPECT_EQ(r.outcome, AgentOutcome::kAnswered);
}

INSTANTIATE_TEST_SUITE_P(Wires, OrchestratorTest,
                         ::testing::Values(Case{Wire::kAnthropic, false},
                                           Case{Wire::kAnthropic, true}, Case{Wire::kOpenAI, false},
                                           Case{Wire::kOpenAI, true}),
                         [](const auto& info) {
                           return std::string(info.param.wire == Wire::kAnthropic ? "Anthropic"
                                                                                  : "OpenAI") +
                                  (info.param.stream ? "Streamed" : "Plain");
                         });

TEST(OrchestratorGuardTest, SubagentCallOutsideItsToolSetIsRefusedAndLogged) {
  const Script script = {
      {marker::kAnalyzer, {say(R"({"intents":["table"]})")}},
      {marker::kTable,
       {call("t1", "read_page_range", R"({"reg_id":"GB26860-2011","start_page":4})"),
        call("t2", "get_table_by_id", R"({"reg_id":"GB26860-2011","table_id":"表1"})"),
        say(regreader::testing::kTableFinding)}},
      {marker::kWriter, {say(kCitedAnswer)}},
  };
  OrchestratorHarness h(Wire::kOpenAI, false, script);
  const AgentResponse r = h.run("表1 中 10kV 的安全距离是多少？");
  EXPECT_EQ(h.tools.call_names(), (std::vector<std::string>{"get_table_by_id"}));
  ASSERT_EQ(r.tool_calls.size(), 2u);
  EXPECT_TRUE(r.tool_calls[0].is_error);
  EXPECT_NE(r.tool_calls[0].error.find("not available"), std::string::npos);
  const auto rejected = h.events_of("tool_call_rejected");
  ASSERT_EQ(rejected.size(), 1u);
  EXPECT_EQ(rejected[0]["agent"], "table_agent");
  EXPECT_EQ(rejected[0]["tool"], "read_page_range");
  // The refusal went back to the subagent, which carried on.
  EXPECT_NE(h.http.script(marker::kTable).requests[1].body.find("not available to this agent"),
            std::string::npos);
  EXPECT_EQ(r.outcome, AgentOutcome::kAnswered);
  EXPECT_FALSE(r.has_fabricated_citation());
}

TEST(OrchestratorFallbackTest, MalformedAnalyzerJsonFallsBackToTheRules) {
  for (const std::string& bad :
       {std::string("这是一个关于表格的问题。"), std::string(R"({"intents": ["table")"),
        std::string(R"({"intents": ["weather"]})")}) {
    const Script script = {
        {marker::kAnalyzer, {say(bad)}},
        {marker::kTable,
         {call("t1", "get_table_by_id", R"({"reg_id":"GB26860-2011","table_id":"表1"})"),
          say(regreader::testing::kTableFinding)}},
        {marker::kReference,
         {call("r1", "lookup_annotation", R"({"reg_id":"GB26860-2011","annotation_id":"注1"})"),
          say("- 注1：表中未列电压等级按高一档电压等级的安全距离执行（GB26860 P4 注1）。")}},
        {marker::kWriter, {say(kCitedAnswer)}},
    };
    OrchestratorHarness h(Wire::kAnthropic, false, script);
    const AgentResponse r = h.run("GB 26860—2011 表1 中 10kV 的安全距离是多少？注1 呢？");
    EXPECT_EQ(r.outcome, AgentOutcome::kAnswered) << bad;
    EXPECT_EQ(r.content, kCitedAnswer);
    ASSERT_FALSE(r.warnings.empty());
    EXPECT_NE(r.warnings[0].find("rules decided"), std::string::npos);
    const auto handoffs = h.events_of("handoff");
    ASSERT_EQ(handoffs.size(), 2u) << bad;  // 表1 → table, 注1 → reference
    EXPECT_EQ(handoffs[0]["to"], "table_agent");
    EXPECT_EQ(handoffs[1]["to"], "reference_agent");
    EXPECT_NE(handoffs[0]["reason"].get<std::string>().find("(rules)"), std::string::npos);
    const std::string task = h.http.script(marker::kTable).requests[0].body;
    EXPECT_NE(task.find("GB26860-2011"), std::string::npos) << "the rules' regulation hint";
  }
}

TEST(OrchestratorFailureTest, OneFailingSubagentLeavesAWarning) {
  const Script script = {
      {marker::kAnalyzer, {say(R"({"intents":["search","table"]})")}},
      {marker::kSearch, {say(regreader::testing::kSearchFinding)}},
      {marker::kTable, {}},  // no reply scripted: the table subagent's model call fails
      {marker::kWriter, {say(kCitedAnswer)}},
  };
  OrchestratorHarness h(Wire::kOpenAI, false, script);
  const AgentResponse r = h.run();
  EXPECT_EQ(r.content, kCitedAnswer);
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_NE(r.warnings[0].find("table_agent failed"), std::string::npos);
}

TEST(RouteSubagentsTest, IntentsChooseSubagentsAndDiscoveryFallsBackToSearch) {
  FakeTools tools;
  QueryAnalysis a;
  a.intents = {QueryIntent::kTable, QueryIntent::kReference, QueryIntent::kTable};
  EXPECT_EQ(route_subagents(a, tools.list_tools()),
            (std::vector<SubagentKind>{SubagentKind::kTable, SubagentKind::kReference}));
  a.intents = {QueryIntent::kDiscovery};
  EXPECT_EQ(route_subagents(a, tools.list_tools()),
            (std::vector<SubagentKind>{SubagentKind::kSearch}));
  a.intents = {QueryIntent::kSearch, QueryIntent::kDiscovery};
  EXPECT_EQ(route_subagents(a, tools.list_tools()),
            (std::vector<SubagentKind>{SubagentKind::kSearch}));
  tools.handlers["compare_sections"] = [](const json&) { return ToolResult{"cmp", {}, false}; };
  EXPECT_EQ(route_subagents(a, tools.list_tools()),
            (std::vector<SubagentKind>{SubagentKind::kSearch, SubagentKind::kDiscovery}));
}

TEST(SubagentSpecTest, EachSubagentHasItsOwnToolsAndAShortPrompt) {
  using S = std::set<std::string>;
  EXPECT_EQ(subagent_spec(SubagentKind::kSearch).tools,
            (S{"list_regulations", "get_toc", "smart_search", "read_page_range"}));
  EXPECT_EQ(subagent_spec(SubagentKind::kTable).tools,
            (S{"search_tables", "get_table_by_id", "lookup_annotation"}));
  EXPECT_EQ(subagent_spec(SubagentKind::kReference).tools,
            (S{"resolve_reference", "lookup_annotation", "read_page_range"}));
  EXPECT_EQ(subagent_spec(SubagentKind::kDiscovery).tools,
            (S{"find_similar_content", "compare_sections"}));
  for (auto k : {SubagentKind::kSearch, SubagentKind::kTable, SubagentKind::kReference,
                 SubagentKind::kDiscovery}) {
    EXPECT_LT(subagent_spec(k).prompt.size(), react_system_prompt().size() / 2);
    EXPECT_NE(subagent_spec(k).prompt.find(kNotFoundPhrase), std::string::npos);
  }
}

}  // namespace orchestrator_test
}  // namespace regreader::agent

namespace regreader::agent {
namespace orchestrator_test {

void offer_every_core_tool(FakeTools& tools) {
  for (const char* n :
       {"search_tables", "get_table_by_id", "resolve_reference", "list_regulations"})
    tools.handlers[n] = [n](const json&) {
      return ToolResult{std::string("result of ") + n, {}, false};
    };
}

// Issue 16: the analyzer sees the skills' descriptions and picks one; the subagent running it
// gets only that skill's instructions and tools.
TEST(OrchestratorSkillsTest,
     TheAnalyzerChoosesASkillAndItsSubagentGetsOnlyItsInstructionsAndTools) {
  const auto skills = tools::load_skills({}, tools::skill_tool_names());
  const Script script = {
      {marker::kAnalyzer, {say(R"({"intents":["search"],"skills":["table-lookup"]})")}},
      {marker::kTable,
       {call("t1", "get_table_by_id", R"({"reg_id":"GB26860-2011","table_id":"表1"})"),
        say(regreader::testing::kTableFinding)}},
      {marker::kWriter, {say(kCitedAnswer)}},
  };
  OrchestratorHarness h(Wire::kOpenAI, false, script);
  offer_every_core_tool(h.tools);
  h.options.skills = &skills;
  const AgentResponse r = h.run("10kV 的安全距离是多少？");
  EXPECT_EQ(r.outcome, AgentOutcome::kAnswered);

  const std::string analyzer = h.http.script(marker::kAnalyzer).requests[0].body;
  EXPECT_NE(analyzer.find("- table-lookup: 查表中的数值"), std::string::npos)
      << "the analyzer chooses by the skills' descriptions";
  EXPECT_EQ(analyzer.find("- chapter-comparison"), std::string::npos)
      << "a skill whose tools are not offered is not in the catalogue";

  const json table = h.http.script(marker::kTable).body_json(0);
  EXPECT_EQ(tools_offered(table), 3u) << "only the skill's tools";
  const std::string prompt = table.dump();
  EXPECT_NE(prompt.find("table-lookup"), std::string::npos);
  EXPECT_NE(prompt.find("search_tables 找到表"), std::string::npos) << "the skill's instructions";
  const auto handoffs = h.events_of("handoff");
  ASSERT_EQ(handoffs.size(), 1u) << "the intent adds no subagent the model did not choose";
  EXPECT_EQ(handoffs[0]["to"], "table_agent");
  EXPECT_NE(
      handoffs[0]["reason"].get<std::string>().find("skill table-lookup (chosen by the analyzer)"),
      std::string::npos);
  // Prompt size: the skill subagent's system prompt is a fraction of the single agent's.
  for (const auto& c : r.model_calls)
    if (c.agent == "table_agent") {
      EXPECT_LT(c.system_bytes, react_system_prompt().size() / 2);
    }
}

// --skill forces one skill; a call outside its tools is refused and audited.
TEST(OrchestratorSkillsTest, AForcedSkillRunsAloneAndACallOutsideItsToolsIsRefusedAndAudited) {
  const auto skills = tools::load_skills({}, tools::skill_tool_names());
  const Script script = {
      {marker::kAnalyzer, {say(R"({"intents":["table"],"skills":["table-lookup"]})")}},
      {marker::kReference,
       {call("r1", "get_table_by_id", R"({"reg_id":"GB26860-2011","table_id":"表1"})"),
        call("r2", "lookup_annotation", R"({"reg_id":"GB26860-2011","annotation_id":"注1"})"),
        say("- 注1：表中未列电压等级按高一档（GB26860 P4 注1）。")}},
      {marker::kWriter, {say(kCitedAnswer)}},
  };
  OrchestratorHarness h(Wire::kAnthropic, false, script);
  offer_every_core_tool(h.tools);
  h.options.skills = &skills;
  h.options.forced_skill = "note-tracing";
  const AgentResponse r = h.run("注1 怎么说？");
  EXPECT_EQ(h.tools.call_names(), std::vector<std::string>{"lookup_annotation"});
  const auto rejected = h.events_of("tool_call_rejected");
  ASSERT_EQ(rejected.size(), 1u);
  EXPECT_EQ(rejected[0]["agent"], "reference_agent");
  EXPECT_EQ(rejected[0]["tool"], "get_table_by_id");
  EXPECT_NE(rejected[0]["reason"].get<std::string>().find("not available"), std::string::npos);
  const auto handoffs = h.events_of("handoff");
  ASSERT_EQ(handoffs.size(), 1u);
  EXPECT_NE(handoffs[0]["reason"].get<std::string>().find("note-tracing (forced"),
            std::string::npos);
}

TEST(SkillRoutingTest, IntentsPickBuiltInSkillsWhenTheModelChoseNone) {
  const auto skills = tools::load_skills({}, tools::skill_tool_names());
  FakeTools fake;
  offer_every_core_tool(fake);
  const auto offered = fake.list_tools();
  QueryAnalysis a;
  a.intents = {QueryIntent::kTable, QueryIntent::kReference, QueryIntent::kDiscovery};
  a.notes = {"注1"};
  auto names = [&] {
    std::vector<std::string> out;
    for (const auto& c : choose_skills(a, skills, offered, ""))
      out.push_back(c.skill->name);
    return out;
  };
  EXPECT_EQ(names(), (std::vector<std::string>{"table-lookup", "note-tracing", "simple-search"}))
      << "discovery without its tools falls back to simple search";
  a.sections = {"5.3.2"};
  EXPECT_EQ(names()[1], "reference-following");
  a.skills = {"no-such-skill"};
  EXPECT_EQ(names().size(), 3u) << "an unknown choice of the model is ignored";
  EXPECT_THROW(choose_skills(a, skills, offered, "no-such-skill"), Error);
  EXPECT_THROW(choose_skills(a, skills, offered, "chapter-comparison"), Error)
      << "a forced skill whose tools are not offered";
  const auto spec = skill_subagent(*skills.find("table-lookup"));
  EXPECT_EQ(spec.name, "table_agent");
  EXPECT_EQ(spec.tools,
            (std::set<std::string>{"search_tables", "get_table_by_id", "lookup_annotation"}));
}

}  // namespace orchestrator_test
}  // namespace regreader::agent

namespace regreader::agent {
namespace orchestrator_test {

// Issue 16: a scripted orchestrated run in a kept workspace leaves the plan, one folder per
// subagent (task, tool results, output), the answer and the events; the aggregator's findings
// are the output files.
TEST(OrchestratorWorkspaceTest, AKeptRunLeavesThePlanAFolderPerSubagentAndTheEvents) {
  const auto skills = tools::load_skills({}, tools::skill_tool_names());
  OrchestratorHarness h(Wire::kOpenAI, false, regreader::testing::orchestrated_script());
  offer_every_core_tool(h.tools);
  h.options.skills = &skills;
  std::filesystem::path root;
  {
    Workspace ws({}, /*keep=*/true);
    root = ws.root();
    h.options.workspace = &ws;
    const AgentResponse r = h.run();
    EXPECT_EQ(r.outcome, AgentOutcome::kAnswered);
  }
  namespace fs = std::filesystem;
  auto slurp = [](const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  ASSERT_TRUE(fs::exists(root / "plan.md"));
  EXPECT_NE(slurp(root / "plan.md").find("skill simple-search"), std::string::npos);
  EXPECT_NE(slurp(root / "plan.md").find("skill table-lookup"), std::string::npos);
  for (const char* agent : {"search_agent", "table_agent"}) {
    EXPECT_TRUE(fs::exists(root / agent / "task.md")) << agent;
    EXPECT_TRUE(fs::exists(root / agent / "output.md")) << agent;
    EXPECT_TRUE(fs::is_directory(root / agent / "tool-results")) << agent;
  }
  EXPECT_TRUE(fs::exists(root / "search_agent" / "tool-results" / "01-get_toc.json"));
  EXPECT_TRUE(fs::exists(root / "table_agent" / "tool-results" / "01-get_table_by_id.json"));
  EXPECT_EQ(slurp(root / "answer.md"), kCitedAnswer);
  EXPECT_EQ(slurp(root / "table_agent" / "output.md"), regreader::testing::kTableFinding);
  const auto events = read_event_log(root / "events.jsonl");
  EXPECT_GT(events.size(), 10u);
  EXPECT_TRUE(violations(events).empty());
  const std::string writer = h.http.script(marker::kWriter).requests[0].body;
  EXPECT_NE(writer.find("高一档电压等级"), std::string::npos) << "read from table_agent/output.md";
  std::filesystem::remove_all(root);
}

}  // namespace orchestrator_test
}  // namespace regreader::agent
