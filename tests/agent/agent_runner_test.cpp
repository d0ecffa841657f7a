// One entry point for every strategy: parse_agent_kind, run_agent over the same question and
// fake tools for react, orchestrated and workflow (each ends in a cited, verified answer), and
// the chat memory every strategy reads as context.

#include "regreader/agent/agent_runner.hpp"

#include <gtest/gtest.h>

#include "agent/fake_tools.hpp"
#include "agent/routed_http.hpp"
#include "agent/strategy_scripts.hpp"
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/core/error.hpp"

namespace regreader::agent {
namespace agent_runner_test {

using nlohmann::json;
using regreader::testing::FakeChecker;
using regreader::testing::FakeTools;
using regreader::testing::kCitedAnswer;
using regreader::testing::kStrategyQuestion;
using regreader::testing::RoutedHttpClient;
using regreader::testing::Script;
using regreader::testing::Wire;

TEST(AgentKindTest, ParsesTheThreeNames) {
  for (auto k : {AgentKind::kReact, AgentKind::kOrchestrated, AgentKind::kWorkflow})
    EXPECT_EQ(parse_agent_kind(agent_kind_name(k)), k);
  try {
    parse_agent_kind("swarm");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInvalidArgument);
    EXPECT_NE(std::string(e.what()).find("react, orchestrated or workflow"), std::string::npos);
  }
}

struct StrategyCase {
  AgentKind kind;
  Script (*script)();
  Wire wire;
};

class RunAgentTest : public ::testing::TestWithParam<StrategyCase> {};

TEST_P(RunAgentTest, EveryStrategyEndsInAVerifiedCitedAnswer) {
  const StrategyCase& c = GetParam();
  RoutedHttpClient http;
  regreader::testing::load(http, c.script(), c.wire);
  LlmConfig config;
  config.provider = c.wire == Wire::kAnthropic ? LlmProvider::kAnthropic : LlmProvider::kOpenAI;
  config.model = "m";
  config.api_key = "k";
  config.base_url = "http://llm.test";
  auto llm = make_llm_client(config, http);
  FakeTools tools;
  tools.handlers["read_page_range"] = [](const json&) {
    return ToolResult{regreader::testing::kPage4WithReference, {}, false};
  };
  FakeChecker checker;
  MemoryEventSink events;
  AgentRunOptions o;
  o.reg_ids = {"GB26860-2011"};
  o.stream = true;
  std::string streamed;
  o.on_text = [&](std::string_view d) { streamed += d; };

  const AgentResponse r = run_agent(c.kind, *llm, tools, kStrategyQuestion, o, &events, &checker);
  EXPECT_EQ(r.strategy, agent_kind_name(c.kind));
  EXPECT_EQ(r.outcome, AgentOutcome::kAnswered);
  EXPECT_NE(r.content.find("【来源】"), std::string::npos);
  ASSERT_EQ(r.sources.size(), 2u);
  for (const auto& s : r.sources)
    EXPECT_EQ(s.status, CitationStatus::kVerified) << s.detail;
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  EXPECT_NE(streamed.find("【处置措施】"), std::string::npos);
  EXPECT_EQ(r.model_calls.size(), static_cast<size_t>(r.turns));
  EXPECT_GE(r.timings.outside_model_ms(), 0.0);
  EXPECT_EQ(events.events().back()["type"], "task_completed");
}

INSTANTIATE_TEST_SUITE_P(
    Strategies, RunAgentTest,
    ::testing::Values(
        StrategyCase{AgentKind::kReact, regreader::testing::react_script, Wire::kAnthropic},
        StrategyCase{AgentKind::kReact, regreader::testing::react_script, Wire::kOpenAI},
        StrategyCase{AgentKind::kOrchestrated, regreader::testing::orchestrated_script,
                     Wire::kAnthropic},
        StrategyCase{AgentKind::kOrchestrated, regreader::testing::orchestrated_script,
                     Wire::kOpenAI},
        StrategyCase{AgentKind::kWorkflow, regreader::testing::workflow_script, Wire::kAnthropic},
        StrategyCase{AgentKind::kWorkflow, regreader::testing::workflow_script, Wire::kOpenAI}),
    [](const auto& info) {
      return std::string(agent_kind_name(info.param.kind)) +
             (info.param.wire == Wire::kAnthropic ? "Anthropic" : "OpenAI");
    });

TEST(ChatMemoryTest, KeepsTheLastTurnsShortened) {
  ChatMemory m(2, 12);
  EXPECT_EQ(m.with_context("问题"), "问题");
  m.add("q1", "a1");
  m.add("q2", "安全距离不小于0.70米");  // 29 bytes → cut at a character boundary
  m.add("q3", "a3");
  ASSERT_EQ(m.turns().size(), 2u);
  EXPECT_EQ(m.turns()[0].question, "q2");
  EXPECT_EQ(m.turns()[0].answer, "安全距离…");
  const std::string ctx = m.with_context("那 35kV 呢？");
  EXPECT_EQ(ctx.find("q1"), std::string::npos);
  EXPECT_LT(ctx.find("问：q2"), ctx.find("问：q3"));
  EXPECT_NE(ctx.find("当前问题：那 35kV 呢？"), std::string::npos);
  m.clear();
  EXPECT_TRUE(m.turns().empty());
}

TEST(ChatMemoryTest, EveryStrategyReadsTheEarlierTurns) {
  for (auto kind : {AgentKind::kReact, AgentKind::kOrchestrated, AgentKind::kWorkflow}) {
    RoutedHttpClient http;
    const Script script = kind == AgentKind::kReact ? regreader::testing::react_script()
                          : kind == AgentKind::kOrchestrated
                              ? regreader::testing::orchestrated_script()
                              : regreader::testing::workflow_script();
    regreader::testing::load(http, script, Wire::kOpenAI);
    LlmConfig config;
    config.provider = LlmProvider::kOpenAI;
    config.model = "m";
    config.api_key = "k";
    config.base_url = "http://llm.test";
    auto llm = make_llm_client(config, http);
    FakeTools tools;
    ChatMemory memory;
    memory.add("10kV 安全距离是多少？", "0.70 m（GB26860 P4 表1）");
    AgentRunOptions o;
    o.memory = &memory;
    o.reg_ids = {"GB26860-2011"};
    const AgentResponse r = run_agent(kind, *llm, tools, "那注1 呢？", o);
    const std::string first = http.script(script.front().first).requests.at(0).body;
    EXPECT_NE(first.find("10kV 安全距离是多少？"), std::string::npos) << agent_kind_name(kind);
    EXPECT_NE(first.find("当前问题：那注1 呢？"), std::string::npos) << agent_kind_name(kind);
    EXPECT_EQ(r.content, kCitedAnswer);
  }
}

}  // namespace agent_runner_test
}  // namespace regreader::agent
