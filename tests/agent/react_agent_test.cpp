// The ReAct loop end to end over scripted model transcripts (both wire formats, streamed and not)
// and fake regulation tools: the full get_toc → smart_search → read_page_range →
// lookup_annotation → cited answer run, parallel calls, bad arguments, tool errors, limits, the
// guard rail and citation checking.

#include "regreader/agent/react_agent.hpp"

#include <gtest/gtest.h>

#include "agent/fake_tools.hpp"
#include "agent/scripted_http.hpp"
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/agent/llm/llm_error.hpp"
#include "regreader/agent/prompts.hpp"

namespace regreader::agent {
namespace react_agent_test {

using nlohmann::json;
using regreader::testing::call;
using regreader::testing::error_reply;
using regreader::testing::FakeChecker;
using regreader::testing::FakeTools;
using regreader::testing::reply;
using regreader::testing::say;
using regreader::testing::ScriptedHttpClient;
using regreader::testing::ScriptedTurn;
using regreader::testing::Step;
using regreader::testing::Wire;

const std::string kAnswer =
    "【处置措施】\n"
    "1. 10kV 设备不停电时，人员与带电部分的安全距离不小于 0.70 m（GB26860 P4 表1）。\n"
    "【注意事项】\n"
    "表中未列电压等级按高一档电压等级的安全距离执行（GB26860 P4 注1）。\n"
    "【来源】\n"
    "GB26860-2011 P4 表1\n"
    "GB26860-2011 P4 注1\n";

struct Case {
  Wire wire;
  bool stream;
};

class Harness {
 public:
  Harness(Wire wire, bool stream, const std::vector<ScriptedTurn>& turns)
      : wire_(wire), stream_(stream) {
    std::vector<Step> steps;
    steps.reserve(turns.size());
    for (const auto& t : turns)
      steps.push_back(reply(wire, t, stream));
    http = std::make_unique<ScriptedHttpClient>(std::move(steps));
    LlmConfig c;
    c.provider = wire == Wire::kAnthropic ? LlmProvider::kAnthropic : LlmProvider::kOpenAI;
    c.model = wire == Wire::kAnthropic ? "claude-test" : "qwen-plus";
    c.api_key = "k";
    c.base_url = "http://llm.test";
    c.retry.sleep = [](double) {};
    llm = make_llm_client(c, *http);
    options.stream = stream;
  }

  AgentResponse run(const std::string& q = "10kV 设备不停电时的安全距离是多少？") {
    ReactAgent agent(*llm, tools, options, &events, &checker);
    return agent.run(q, [&](std::string_view d) { streamed += d; });
  }
  /// The tool results the model received in request `i`, as text.
  std::string request_text(size_t i) const { return http->requests.at(i).body; }
  std::vector<std::string> event_types() const {
    std::vector<std::string> out;
    for (const auto& e : events.events())
      out.push_back(e["type"]);
    return out;
  }

  Wire wire_;
  bool stream_;
  std::unique_ptr<ScriptedHttpClient> http;
  std::unique_ptr<LlmClient> llm;
  FakeTools tools;
  FakeChecker checker;
  MemoryEventSink events;
  ReactOptions options;
  std::string streamed;
};

class ReactAgentTest : public ::testing::TestWithParam<Case> {
 protected:
  Harness harness(std::vector<ScriptedTurn> turns) {
    return Harness(GetParam().wire, GetParam().stream, std::move(turns));
  }
  bool anthropic() const { return GetParam().wire == Wire::kAnthropic; }
};

TEST_P(ReactAgentTest, FullRunTocSearchReadAnnotationThenCitedAnswer) {
  Harness h = harness({
      call("c1", "get_toc", R"({"reg_id":"GB26860-2011"})", "先看目录。"),
      call("c2", "smart_search", R"({"query":"10kV 安全距离","reg_id":"GB26860-2011"})"),
      call("c3", "read_page_range", R"({"reg_id":"GB26860-2011","start_page":4,"end_page":4})"),
      call("c4", "lookup_annotation", R"({"reg_id":"GB26860-2011","annotation_id":"注1"})"),
      say(kAnswer),
  });
  const AgentResponse r = h.run();

  EXPECT_EQ(r.outcome, AgentOutcome::kAnswered);
  EXPECT_EQ(r.content, kAnswer);
  EXPECT_EQ(r.turns, 5);
  EXPECT_EQ(h.tools.call_names(),
            (std::vector<std::string>{"get_toc", "smart_search", "read_page_range",
                                      "lookup_annotation"}));
  EXPECT_EQ(h.tools.calls[2].second["start_page"], 4);
  ASSERT_EQ(r.tool_calls.size(), 4u);
  EXPECT_EQ(r.tool_calls[3].name, "lookup_annotation");
  EXPECT_FALSE(r.tool_calls[3].is_error);
  EXPECT_GT(r.tool_calls[2].result_chars, 100u);
  EXPECT_EQ(r.usage.input_tokens, 50);
  EXPECT_EQ(r.usage.output_tokens, 25);
  EXPECT_NE(r.thinking.find("先看目录。"), std::string::npos);

  // Each request carries the system prompt, the tools and the results so far.
  ASSERT_EQ(h.http->requests.size(), 5u);
  const json first = h.http->body_json(0);
  const std::string system = anthropic() ? first["system"].get<std::string>()
                                         : first["messages"][0]["content"].get<std::string>();
  EXPECT_NE(system.find("【来源】"), std::string::npos);
  EXPECT_NE(system.find(kNotFoundPhrase), std::string::npos);
  EXPECT_EQ(first["tools"].size(), 8u);
  EXPECT_NE(h.request_text(1).find("4 安全距离"), std::string::npos);  // structured toc as JSON
  EXPECT_NE(h.request_text(4).find("按高一档电压等级"), std::string::npos);

  // Sources: the two cited places, both verified against the page (0.70 and 10 are on it).
  ASSERT_EQ(r.sources.size(), 2u);
  EXPECT_EQ(r.sources[0].citation.table(), "表1");
  EXPECT_EQ(r.sources[1].citation.annotation(), "注1");
  for (const auto& s : r.sources)
    EXPECT_EQ(s.status, CitationStatus::kVerified) << s.detail;
  EXPECT_FALSE(r.has_fabricated_citation());
  EXPECT_TRUE(r.warnings.empty());

  if (GetParam().stream) {
    EXPECT_NE(h.streamed.find("【处置措施】"), std::string::npos);
  }
  const auto types = h.event_types();
  EXPECT_EQ(types.front(), "task_started");
  EXPECT_EQ(types.back(), "task_completed");
  EXPECT_EQ(std::count(types.begin(), types.end(), "tool_call_completed"), 4);
  EXPECT_EQ(h.events.events().back()["outcome"], "answered");
}

TEST_P(ReactAgentTest, ParallelToolCallsRunConcurrentlyAndAnswerInOrder) {
  ScriptedTurn both;
  both.calls = {{"a", "smart_search", R"({"query":"安全距离"})"},
                {"b", "search_tables", R"({"query":"安全距离"})"}};
  Harness h = harness({both, say("未找到相关规定")});
  regreader::testing::Rendezvous meet(2);
  std::atomic<int> met{0};
  for (const char* n : {"smart_search", "search_tables"})
    h.tools.handlers[n] = [&, n](const json&) {
      if (meet.arrive_and_wait()) ++met;
      return ToolResult{std::string("result of ") + n, {}, false};
    };
  const AgentResponse r = h.run();
  EXPECT_EQ(met.load(), 2);  // both calls were in flight at once
  ASSERT_EQ(r.tool_calls.size(), 2u);
  EXPECT_EQ(r.tool_calls[0].id, "a");
  EXPECT_EQ(r.tool_calls[1].id, "b");
  const std::string body = h.request_text(1);
  EXPECT_LT(body.find("result of smart_search"), body.find("result of search_tables"));
  EXPECT_TRUE(r.warnings.empty()) << "未找到相关规定 needs no citation";
}

TEST_P(ReactAgentTest, MalformedArgumentsGoBackToTheModelAsAnError) {
  Harness h = harness({call("c1", "smart_search", R"({"query": "10kV)"),
                       call("c2", "smart_search", R"({"query":"10kV"})"), say("未找到相关规定")});
  const AgentResponse r = h.run();
  EXPECT_EQ(r.outcome, AgentOutcome::kAnswered);
  EXPECT_EQ(h.tools.calls.size(), 1u);  // the malformed call never reached the tool
  ASSERT_EQ(r.tool_calls.size(), 2u);
  EXPECT_TRUE(r.tool_calls[0].is_error);
  EXPECT_NE(r.tool_calls[0].error.find("not a JSON object"), std::string::npos);
  const json second = h.http->body_json(1);
  EXPECT_NE(second.dump().find("invalid arguments for smart_search"), std::string::npos);
  if (anthropic()) {
    EXPECT_NE(second.dump().find("\"is_error\":true"), std::string::npos);
  }
  const auto types = h.event_types();
  EXPECT_EQ(std::count(types.begin(), types.end(), "tool_call_rejected"), 1);
}

TEST_P(ReactAgentTest, ToolErrorIsPassedBackAndTheRunGoesOn) {
  Harness h =
      harness({call("c1", "read_page_range", R"({"reg_id":"GB26860-2011","start_page":999})"),
               say("未找到相关规定")});
  h.tools.handlers["read_page_range"] = [](const json&) {
    return ToolResult{"page 999 out of range (GB26860-2011 has 30 pages)", {}, true};
  };
  const AgentResponse r = h.run();
  ASSERT_EQ(r.tool_calls.size(), 1u);
  EXPECT_TRUE(r.tool_calls[0].is_error);
  const std::string body = h.request_text(1);
  EXPECT_NE(body.find("out of range"), std::string::npos);
  EXPECT_NE(body.find(anthropic() ? "\"is_error\":true" : "ERROR: page 999"), std::string::npos);
  EXPECT_EQ(r.content, "未找到相关规定");
}

TEST_P(ReactAgentTest, TurnLimitIsAClearOutcome) {
  Harness h = harness({call("c1", "smart_search", R"({"query":"a"})"),
                       call("c2", "smart_search", R"({"query":"b"})"),
                       call("c3", "smart_search", R"({"query":"c"})")});
  h.options.max_turns = 3;
  const AgentResponse r = h.run();
  EXPECT_EQ(r.outcome, AgentOutcome::kTurnLimit);
  EXPECT_EQ(r.turns, 3);
  EXPECT_EQ(r.tool_calls.size(), 2u);  // the third request for a tool is not run
  EXPECT_NE(r.content.find("3 轮"), std::string::npos);
  EXPECT_FALSE(r.warnings.empty());
  EXPECT_EQ(h.http->remaining(), 0u);
  EXPECT_EQ(h.events.events().back()["outcome"], "turn_limit");
}

INSTANTIATE_TEST_SUITE_P(Wires, ReactAgentTest,
                         ::testing::Values(Case{Wire::kAnthropic, false},
                                           Case{Wire::kAnthropic, true}, Case{Wire::kOpenAI, false},
                                           Case{Wire::kOpenAI, true}),
                         [](const auto& info) {
                           return std::string(info.param.wire == Wire::kAnthropic ? "Anthropic"
                                                                                  : "OpenAI") +
                                  (info.param.stream ? "Streamed" : "Plain");
                         });

TEST(ReactAgentGuardTest, ToolsOutsideTheAllowedSetAreRefusedAndLogged) {
  Harness h(Wire::kAnthropic, false,
            {call("c1", "read_page_range", R"({"reg_id":"GB26860-2011","start_page":4})"),
             say("未找到相关规定")});
  h.options.allowed_tools = std::set<std::string>{"smart_search", "get_toc"};
  const AgentResponse r = h.run();
  EXPECT_TRUE(h.tools.calls.empty());
  ASSERT_EQ(r.tool_calls.size(), 1u);
  EXPECT_TRUE(r.tool_calls[0].is_error);
  EXPECT_NE(r.tool_calls[0].error.find("not available"), std::string::npos);
  const json first = h.http->body_json(0);
  ASSERT_EQ(first["tools"].size(), 2u);  // only the allowed tools are offered
  const auto events = h.events.events();
  const auto rejected = std::find_if(events.begin(), events.end(), [](const json& e) {
    return e["type"] == "tool_call_rejected";
  });
  ASSERT_NE(rejected, events.end());
  EXPECT_EQ((*rejected)["tool"], "read_page_range");
}

TEST(ReactAgentLimitsTest, LargeResultsAreTrimmedAtACharacterBoundary) {
  Harness h(
      Wire::kOpenAI, false,
      {call("c1", "read_page_range", R"({"reg_id":"GB26860-2011","start_page":1,"end_page":40})"),
       say("未找到相关规定")});
  std::string big;
  for (int i = 0; i < 20000; ++i)
    big += "规";  // 60000 bytes
  h.tools.handlers["read_page_range"] = [&](const json&) { return ToolResult{big, {}, false}; };
  h.options.max_tool_result_bytes = 1000;
  const AgentResponse r = h.run();
  EXPECT_TRUE(r.tool_calls[0].truncated);
  EXPECT_EQ(r.tool_calls[0].result_chars, 60000u);
  const json second = h.http->body_json(1);  // parses: still valid UTF-8
  const std::string sent = second["messages"][3]["content"];
  EXPECT_LT(sent.size(), 1300u);
  EXPECT_NE(sent.find("已截断"), std::string::npos);
}

TEST(ReactAgentLimitsTest, TokenBudgetStopsTheRun) {
  Harness h(Wire::kAnthropic, false,
            {call("c1", "smart_search", R"({"query":"a"})"),
             call("c2", "smart_search", R"({"query":"b"})")});
  h.options.max_total_tokens = 25;  // each turn spends 15
  const AgentResponse r = h.run();
  EXPECT_EQ(r.outcome, AgentOutcome::kTokenBudget);
  EXPECT_EQ(r.turns, 2);
  EXPECT_EQ(r.usage.total(), 30);
}

TEST(ReactAgentCitationTest, FabricatedCitationsAreFlagged) {
  const std::string answer =
      "【处置措施】\n安全距离不小于 0.35 m（GB26860 P4 表1）。\n"
      "【来源】\nGB26860-2011 P4 表1\nGB26860-2011 P9 表3\n";
  Harness h(Wire::kOpenAI, true,
            {call("c1", "smart_search", R"({"query":"安全距离"})"), say(answer)});
  const AgentResponse r = h.run();
  EXPECT_TRUE(r.has_fabricated_citation());
  ASSERT_EQ(r.sources.size(), 2u);
  EXPECT_EQ(r.sources[0].status, CitationStatus::kFigureNotOnPage);  // 0.35 is not on P4
  EXPECT_EQ(r.sources[1].status, CitationStatus::kPageMissing);      // there is no P9
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_NE(r.warnings[1].find("P9"), std::string::npos);
  EXPECT_EQ(h.events.events().back()["fabricated_citations"], 2);
  const json j = r;
  EXPECT_EQ(j["sources"][1]["status"], "page_missing");
}

TEST(ReactAgentChatTest, EarlierTurnsAreContextAndLlmFailuresAreLogged) {
  auto http = std::make_unique<ScriptedHttpClient>(
      std::vector<Step>{reply(Wire::kAnthropic, say("你好，我只负责规程检索。"), false),
                        error_reply(401, R"({"error":{"message":"bad key"}})")});
  LlmConfig c;
  c.provider = LlmProvider::kAnthropic;
  c.model = "claude-test";
  c.api_key = "k";
  auto llm = make_llm_client(c, *http);
  FakeTools tools;
  MemoryEventSink events;
  ReactAgent agent(*llm, tools, {}, &events);
  EXPECT_EQ(agent.run("你好").content, "你好，我只负责规程检索。");
  EXPECT_THROW(agent.run("10kV 安全距离？"), UpstreamError);
  const json second = http->body_json(1);
  ASSERT_EQ(second["messages"].size(), 3u);  // question, answer, new question
  EXPECT_EQ(second["messages"][1]["role"], "assistant");
  EXPECT_EQ(events.events().back()["type"], "task_failed");
  EXPECT_EQ(events.events().back()["error_code"], "remote_error");
}

}  // namespace react_agent_test
}  // namespace regreader::agent

namespace regreader::agent {
namespace react_agent_test {

TEST(ReactAgentToolFailureTest, ThrowingProviderBecomesAnErrorResult) {
  Harness h(Wire::kAnthropic, true,
            {call("c1", "get_toc", R"({"reg_id":"GB26860-2011"})"), say("未找到相关规定")});
  h.tools.handlers["get_toc"] = [](const json&) -> ToolResult {
    throw Error(ErrorCode::kNetwork, "MCP server closed the connection");
  };
  const AgentResponse r = h.run();
  ASSERT_EQ(r.tool_calls.size(), 1u);
  EXPECT_TRUE(r.tool_calls[0].is_error);
  EXPECT_NE(r.tool_calls[0].error.find("closed the connection"), std::string::npos);
  EXPECT_NE(h.request_text(1).find("tool get_toc failed: MCP server closed"), std::string::npos);
  const auto types = h.event_types();
  EXPECT_EQ(std::count(types.begin(), types.end(), "tool_call_failed"), 1);
  EXPECT_EQ(r.outcome, AgentOutcome::kAnswered);
}

TEST(TrimToolResultTest, KeepsShortTextAndCutsLongTextOnACharacter) {
  std::string s = "安全距离";
  EXPECT_FALSE(trim_tool_result(s, 100));
  EXPECT_EQ(s, "安全距离");
  s = "安全距离";  // 12 bytes; 7 falls inside the third character
  EXPECT_TRUE(trim_tool_result(s, 7));
  EXPECT_EQ(s.substr(0, 6), "安全");
  EXPECT_NE(s.find("6 / 12"), std::string::npos) << s;
}

}  // namespace react_agent_test
}  // namespace regreader::agent
