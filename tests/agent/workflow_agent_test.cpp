// The workflow strategy over scripted decisions (both wire formats) and fake tools: the node
// sequence and the tool calls code makes in order, 见注1 in a read page → lookup_annotation, the
// bounded re-search loop, widening a scope with no hits, and 未找到相关规定 when nothing is found.

#include "regreader/agent/workflow_agent.hpp"

#include <gtest/gtest.h>

#include "agent/fake_tools.hpp"
#include "agent/routed_http.hpp"
#include "agent/strategy_scripts.hpp"
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/agent/prompts.hpp"
#include "regreader/agent/react_agent.hpp"

namespace regreader::agent {
namespace workflow_agent_test {

using nlohmann::json;
using regreader::testing::FakeChecker;
using regreader::testing::FakeTools;
using regreader::testing::kCitedAnswer;
using regreader::testing::kPage4WithReference;
using regreader::testing::kStrategyQuestion;
using regreader::testing::RoutedHttpClient;
using regreader::testing::say;
using regreader::testing::Script;
using regreader::testing::Wire;
namespace marker = regreader::testing::marker;
using N = WorkflowNode;

class WorkflowHarness {
 public:
  WorkflowHarness(Wire wire, bool stream, const Script& script) {
    regreader::testing::load(http, script, wire);
    LlmConfig c;
    c.provider = wire == Wire::kAnthropic ? LlmProvider::kAnthropic : LlmProvider::kOpenAI;
    c.model = wire == Wire::kAnthropic ? "claude-test" : "qwen-plus";
    c.api_key = "k";
    c.base_url = "http://llm.test";
    c.retry.sleep = [](double) {};
    llm = make_llm_client(c, http);
    options.stream = stream;
    options.reg_ids = {"GB26860-2011"};
    tools.handlers["read_page_range"] = [](const json&) {
      return ToolResult{kPage4WithReference, {}, false};
    };
  }

  AgentResponse run(const std::string& q = kStrategyQuestion) {
    WorkflowAgent agent(*llm, tools, options, &events, &checker);
    AgentResponse r = agent.run(q, [&](std::string_view d) { streamed += d; });
    path = agent.path();
    return r;
  }

  RoutedHttpClient http;
  std::unique_ptr<LlmClient> llm;
  FakeTools tools;
  FakeChecker checker;
  MemoryEventSink events;
  WorkflowOptions options;
  std::vector<WorkflowNode> path;
  std::string streamed;
};

struct Case {
  Wire wire;
  bool stream;
};

class WorkflowAgentTest : public ::testing::TestWithParam<Case> {};

TEST_P(WorkflowAgentTest, WalksTocScopeSearchReadFollowJudgeAnswer) {
  WorkflowHarness h(GetParam().wire, GetParam().stream, regreader::testing::workflow_script());
  const AgentResponse r = h.run();

  EXPECT_EQ(h.path, (std::vector<N>{N::kToc, N::kChooseScope, N::kSearch, N::kReadPages,
                                    N::kFollowRefs, N::kJudge, N::kAnswer}));
  EXPECT_EQ(h.tools.call_names(),
            (std::vector<std::string>{"get_toc", "smart_search", "read_page_range",
                                      "lookup_annotation"}));
  // Code filled the arguments from the model's decision and the pages it read.
  EXPECT_EQ(h.tools.calls[0].second["reg_id"], "GB26860-2011");
  EXPECT_EQ(h.tools.calls[1].second["chapter_scope"], "4");
  EXPECT_EQ(h.tools.calls[1].second["query"], "10kV 安全距离");
  EXPECT_EQ(h.tools.calls[2].second["start_page"], 4);
  EXPECT_EQ(h.tools.calls[2].second["end_page"], 4);
  EXPECT_EQ(h.tools.calls[3].second["annotation_id"], "注1");
  EXPECT_EQ(h.tools.calls[3].second["page_hint"], 4);

  EXPECT_EQ(r.strategy, "workflow");
  EXPECT_EQ(r.outcome, AgentOutcome::kAnswered);
  EXPECT_EQ(r.content, kCitedAnswer);
  ASSERT_EQ(r.sources.size(), 2u);
  for (const auto& s : r.sources)
    EXPECT_EQ(s.status, CitationStatus::kVerified) << s.detail;
  EXPECT_TRUE(r.warnings.empty());
  ASSERT_EQ(r.model_calls.size(), 3u);
  EXPECT_EQ(r.model_calls[0].agent, "workflow/scope");
  EXPECT_EQ(r.model_calls[1].agent, "workflow/judge");
  EXPECT_EQ(r.model_calls[2].agent, "workflow/answer");
  for (const auto& c : r.model_calls)
    EXPECT_EQ(c.tools_offered, 0u) << "the model never calls tools in the workflow";
  ASSERT_EQ(r.tool_calls.size(), 4u);

  // The scope chooser read the TOC; the answer writer read the page and the note.
  EXPECT_NE(h.http.script(marker::kScope).requests[0].body.find("4 安全距离"), std::string::npos);
  const std::string writer = h.http.script(marker::kWriter).requests[0].body;
  EXPECT_NE(writer.find("read_page_range GB26860-2011 P4"), std::string::npos);
  EXPECT_NE(writer.find("note 注1"), std::string::npos);
  if (GetParam().stream) {
    EXPECT_NE(h.streamed.find("【处置措施】"), std::string::npos);
  }
  const auto events = h.events.events();
  EXPECT_EQ(events.front()["type"], "task_started");
  EXPECT_EQ(events.back()["type"], "task_completed");
  EXPECT_EQ(events.back()["agent"], "workflow");
}

INSTANTIATE_TEST_SUITE_P(Wires, WorkflowAgentTest,
                         ::testing::Values(Case{Wire::kAnthropic, false},
                                           Case{Wire::kAnthropic, true}, Case{Wire::kOpenAI, false},
                                           Case{Wire::kOpenAI, true}),
                         [](const auto& info) {
                           return std::string(info.param.wire == Wire::kAnthropic ? "Anthropic"
                                                                                  : "OpenAI") +
                                  (info.param.stream ? "Streamed" : "Plain");
                         });

TEST(WorkflowLoopTest, JudgeAsksForAnotherSearchOnceThenTheAnswerIsWritten) {
  const Script script = {
      {marker::kScope, {say(R"({"chapter_scope":"4","query":"10kV 安全距离"})")}},
      {marker::kJudge, {say(R"(```json
{"enough": false, "query": "高压设备 安全距离 表", "chapter_scope": ""}
```)")}},
      {marker::kWriter, {say(kCitedAnswer)}},
  };
  WorkflowHarness h(Wire::kOpenAI, false, script);
  int searches = 0;
  h.tools.handlers["smart_search"] = [&](const json&) {
    const int page = ++searches == 1 ? 4 : 5;
    return ToolResult{"", {{"results", {{{"reg_id", "GB26860-2011"}, {"page_num", page}}}}}, false};
  };
  const AgentResponse r = h.run();
  EXPECT_EQ(h.path, (std::vector<N>{N::kToc, N::kChooseScope, N::kSearch, N::kReadPages,
                                    N::kFollowRefs, N::kJudge, N::kSearch, N::kReadPages,
                                    N::kFollowRefs, N::kJudge, N::kAnswer}));
  EXPECT_EQ(h.tools.call_names(),
            (std::vector<std::string>{"get_toc", "smart_search", "read_page_range",
                                      "lookup_annotation", "smart_search", "read_page_range"}));
  EXPECT_EQ(h.tools.calls[4].second["query"], "高压设备 安全距离 表");
  EXPECT_FALSE(h.tools.calls[4].second.contains("chapter_scope"));
  EXPECT_EQ(h.tools.calls[5].second["start_page"], 5);
  // 注1 was followed once; the second judge is skipped at the round limit.
  EXPECT_EQ(r.model_calls.size(), 3u);
  EXPECT_EQ(r.content, kCitedAnswer);
}

TEST(WorkflowLoopTest, TheReSearchLoopIsBounded) {
  const std::string more = R"({"enough":false,"query":"再查一次","chapter_scope":"5"})";
  const Script script = {
      {marker::kScope, {say(R"({"chapter_scope":"4","query":"安全距离"})")}},
      {marker::kJudge, {say(more), say(R"({"enough":false,"query":"第三次","chapter_scope":""})")}},
      {marker::kWriter, {say("未找到相关规定。已检索 GB26860-2011 第4、5章。")}},
  };
  WorkflowHarness h(Wire::kAnthropic, false, script);
  h.options.max_search_rounds = 3;
  int page = 3;
  h.tools.handlers["smart_search"] = [&](const json&) {
    return ToolResult{"[GB26860-2011 P" + std::to_string(++page) + "] 安全距离", {}, false};
  };
  const AgentResponse r = h.run();
  const auto names = h.tools.call_names();
  EXPECT_EQ(std::count(names.begin(), names.end(), "smart_search"), 3);
  EXPECT_EQ(r.model_calls.size(), 4u);  // scope, two judges, answer
  EXPECT_EQ(h.http.script(marker::kJudge).remaining(), 0u);
  EXPECT_TRUE(r.warnings.empty()) << "未找到相关规定 needs no citation";
}

TEST(WorkflowNotFoundTest, NoHitsWidenTheScopeOnceThenAnswerNotFound) {
  const Script script = {
      {marker::kScope, {say(R"({"chapter_scope":"9","query":"核电站 安全距离"})")}},
  };
  WorkflowHarness h(Wire::kOpenAI, true, script);
  h.tools.handlers["smart_search"] = [](const json&) {
    return ToolResult{"No matches for \"核电站 安全距离\".", {}, false};
  };
  const AgentResponse r = h.run("核电站的安全距离是多少？");
  EXPECT_EQ(h.path,
            (std::vector<N>{N::kToc, N::kChooseScope, N::kSearch, N::kSearch, N::kNotFound}));
  EXPECT_EQ(h.tools.call_names(),
            (std::vector<std::string>{"get_toc", "smart_search", "smart_search"}));
  EXPECT_EQ(h.tools.calls[1].second["chapter_scope"], "9");
  EXPECT_FALSE(h.tools.calls[2].second.contains("chapter_scope"));
  EXPECT_EQ(r.content.rfind(std::string(kNotFoundPhrase), 0), 0u) << r.content;
  EXPECT_NE(r.content.find("GB26860-2011 章节 9"), std::string::npos);
  EXPECT_EQ(r.model_calls.size(), 1u);  // only the scope was asked; no answer call
  EXPECT_EQ(h.streamed, r.content) << "the not-found answer is streamed too";
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_TRUE(r.sources.empty());
}

TEST(WorkflowNotFoundTest, NothingInTheWholeLibraryIsNotFoundAtOnce) {
  WorkflowHarness h(Wire::kOpenAI, false, {});
  h.options.reg_ids.clear();
  h.tools.handlers["smart_search"] = [](const json&) {
    return ToolResult{"No matches for \"合环\".", {{"results", json::array()}}, false};
  };
  const AgentResponse r = h.run("合环操作前应检查什么？");
  EXPECT_EQ(h.path, (std::vector<N>{N::kToc, N::kNotFound}));
  EXPECT_EQ(h.tools.call_names(), (std::vector<std::string>{"smart_search"}));
  EXPECT_FALSE(h.tools.calls[0].second.contains("reg_id"));
  EXPECT_NE(r.content.find("全部规程"), std::string::npos) << r.content;
}

TEST(WorkflowScopeTest, WithoutAChosenRegulationTheQuestionsOwnSearchPicksIt) {
  // The library lists an unrelated regulation first; the question's search finds GB26860-2011.
  const Script script = {
      {marker::kScope, {say("第四章")}},  // unusable: no JSON
      {marker::kJudge, {say(R"({"enough":true})")}},
      {marker::kWriter, {say(kCitedAnswer)}},
  };
  WorkflowHarness h(Wire::kAnthropic, false, script);
  h.options.reg_ids.clear();
  h.tools.handlers["list_regulations"] = [](const json&) {
    return ToolResult{"GB17761-2018 电动自行车安全技术规范",
                      {{"regulations", {{{"reg_id", "GB17761-2018"}}}}},
                      false};
  };
  h.tools.handlers["smart_search"] = [](const json&) {
    return ToolResult{"1. [GB26860-2011 P4] 表1 …",
                      {{"results", {{{"reg_id", "GB26860-2011"}, {"page_num", 4}}}}},
                      false};
  };
  const AgentResponse r = h.run();
  EXPECT_EQ(h.tools.call_names(),
            (std::vector<std::string>{"smart_search", "get_toc", "smart_search", "read_page_range",
                                      "lookup_annotation"}));
  EXPECT_FALSE(h.tools.calls[0].second.contains("reg_id"));
  EXPECT_EQ(h.tools.calls[1].second["reg_id"], "GB26860-2011");
  // The scope reply was unusable and the regulation only guessed: the search is not narrowed
  // to it; the regulations the question names scope it (smart_search), else every one.
  EXPECT_FALSE(h.tools.calls[2].second.contains("reg_id"));
  EXPECT_FALSE(h.tools.calls[2].second.contains("chapter_scope"));
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_NE(r.warnings[0].find("the regulations the question names"), std::string::npos);
  EXPECT_EQ(r.content, kCitedAnswer);
}

TEST(WorkflowNotFoundTest, UnusableScopeJsonSearchesTheWholeRegulation) {
  const Script script = {
      {marker::kScope, {say("第四章")}},
      {marker::kJudge, {say(R"({"enough":true})")}},
      {marker::kWriter, {say(kCitedAnswer)}},
  };
  WorkflowHarness h(Wire::kAnthropic, false, script);
  const AgentResponse r = h.run();
  EXPECT_FALSE(h.tools.calls[1].second.contains("chapter_scope"));
  EXPECT_EQ(h.tools.calls[1].second["query"], kStrategyQuestion);
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_NE(r.warnings[0].find("unusable scope"), std::string::npos);
  EXPECT_EQ(r.content, kCitedAnswer);
}

TEST(WorkflowCitationTest, AnAnswerWithoutCitationsGetsOneRepairTurn) {
  const Script script = {
      {marker::kScope, {say(R"({"chapter_scope":"4","query":"10kV 安全距离"})")}},
      {marker::kJudge, {say(R"({"enough":true})")}},
      {marker::kWriter,
       {say("【处置措施】10kV 设备不停电时的安全距离为 0.70 m。"), say(kCitedAnswer)}},
  };
  WorkflowHarness h(Wire::kOpenAI, false, script);
  const AgentResponse r = h.run();
  EXPECT_EQ(r.content, kCitedAnswer);
  EXPECT_FALSE(r.uncited);
  ASSERT_EQ(r.model_calls.size(), 4u);
  EXPECT_EQ(r.model_calls[3].agent, "workflow/answer/cite");
  const std::string repair = h.http.script(marker::kWriter).requests[1].body;
  EXPECT_NE(repair.find("没有注明出处"), std::string::npos);
  EXPECT_NE(repair.find("0.70 m"), std::string::npos) << "the first answer is in the repair turn";
}

TEST(WorkflowCitationTest, StillUncitedAfterTheRepairIsFlagged) {
  const std::string uncited = "【处置措施】10kV 设备不停电时的安全距离为 0.70 m。";
  const Script script = {
      {marker::kScope, {say(R"({"chapter_scope":"4","query":"10kV 安全距离"})")}},
      {marker::kJudge, {say(R"({"enough":true})")}},
      {marker::kWriter, {say(uncited), say(uncited)}},
  };
  WorkflowHarness h(Wire::kAnthropic, false, script);
  const AgentResponse r = h.run();
  EXPECT_TRUE(r.uncited);
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_NE(r.warnings.back().find("cites no page"), std::string::npos);
}

TEST(WorkflowFollowTest, TruncatedTablesAndReferencesInAPageAreFollowed) {
  WorkflowHarness h(Wire::kAnthropic, false, regreader::testing::workflow_script());
  h.options.max_tool_result_bytes = 400;
  std::string page = "表2 各电压等级的安全距离\n| 电压 | 距离 |\n";
  for (int i = 0; i < 40; ++i)
    page += "| 10 | 0.70 |\n";  // the table runs past what the workflow keeps of the page
  page += "操作要求见5.2.3条。";
  h.tools.handlers["read_page_range"] = [&](const json&) { return ToolResult{page, {}, false}; };
  const AgentResponse r = h.run();
  EXPECT_EQ(h.tools.call_names(), (std::vector<std::string>{"get_toc", "smart_search",
                                                            "read_page_range", "get_table_by_id"}))
      << "the reference was cut off with the page's tail";
  EXPECT_EQ(h.tools.calls[3].second["table_id"], "表2");
  EXPECT_TRUE(r.tool_calls[2].truncated);

  page = "操作要求见5.2.3条，数值见表3。";
  WorkflowHarness h2(Wire::kAnthropic, false, regreader::testing::workflow_script());
  h2.tools.handlers["read_page_range"] = [&](const json&) { return ToolResult{page, {}, false}; };
  h2.run();
  EXPECT_EQ(h2.tools.call_names(),
            (std::vector<std::string>{"get_toc", "smart_search", "read_page_range",
                                      "resolve_reference", "get_table_by_id"}));
  EXPECT_EQ(h2.tools.calls[3].second["reference_text"], "见5.2.3条");
  EXPECT_EQ(h2.tools.calls[3].second["page_hint"], 4);
  EXPECT_EQ(h2.tools.calls[4].second["table_id"], "表3");
}

TEST(SearchHitPagesTest, StructuredResultsFirstThenSourcesInText) {
  ToolResult structured{"ignored P9",
                        {{"results",
                          {{{"reg_id", "GB26860-2011"}, {"page_num", 4}},
                           {{"reg_id", "GB26860-2011"}, {"page_num", 4}},
                           {{"page_num", 7}}}}},
                        false};
  EXPECT_EQ(search_hit_pages(structured, "X"),
            (std::vector<std::pair<std::string, int>>{{"GB26860-2011", 4}, {"X", 7}}));
  ToolResult text{"[GB26860-2011 P4] 表1 …\n[DL/T5352-2018 P12] 5.2.3 …", {}, false};
  EXPECT_EQ(search_hit_pages(text, "X"),
            (std::vector<std::pair<std::string, int>>{{"GB26860-2011", 4}, {"DLT5352-2018", 12}}));
}

}  // namespace workflow_agent_test
}  // namespace regreader::agent
