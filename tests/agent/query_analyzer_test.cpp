// The query analyzer: the rules (table-driven), the model's JSON, and the fallback when the
// model's answer is unusable (both wire formats).

#include "regreader/agent/query_analyzer.hpp"

#include <gtest/gtest.h>

#include "agent/scripted_http.hpp"
#include "regreader/agent/llm/llm_config.hpp"

namespace regreader::agent {
namespace query_analyzer_test {

using I = QueryIntent;
using regreader::testing::reply;
using regreader::testing::say;
using regreader::testing::ScriptedHttpClient;
using regreader::testing::Wire;
using V = std::vector<std::string>;

struct Row {
  const char* query;
  std::vector<I> intents;
  V reg_ids, sections, tables, notes;
};

TEST(QueryAnalyzerRulesTest, IntentsAndHintsFromTheQuestion) {
  const std::vector<Row> rows = {
      {"10kV 设备不停电时的安全距离是多少？", {I::kSearch}, {}, {}, {}, {}},
      {"GB 26860—2011 表1 中 10kV 的安全距离", {I::kTable}, {"GB26860-2011"}, {}, {"表1"}, {}},
      {"DL/T 5352 第5.2.3条怎么规定？", {I::kReference}, {"DLT5352"}, {"5.2.3"}, {}, {}},
      {"表A.2 的注① 是什么意思", {I::kTable, I::kReference}, {}, {}, {"表A.2"}, {"注①"}},
      {"比较 5.2 和 5.3 节的异同", {I::kDiscovery}, {}, {}, {}, {}},
      {"见5.2 的要求", {I::kReference}, {}, {"5.2"}, {}, {}},
      {"安全距离 0.70 米是否足够", {I::kSearch}, {}, {}, {}, {}},
      {"哪张表列出了安全距离", {I::kTable}, {}, {}, {}, {}},
  };
  for (const auto& row : rows) {
    const QueryAnalysis a = analyze_query_rules(row.query);
    EXPECT_EQ(a.intents, row.intents) << row.query;
    EXPECT_EQ(a.reg_ids, row.reg_ids) << row.query;
    EXPECT_EQ(a.sections, row.sections) << row.query;
    EXPECT_EQ(a.tables, row.tables) << row.query;
    EXPECT_EQ(a.notes, row.notes) << row.query;
    EXPECT_FALSE(a.from_model);
  }
}

TEST(QueryAnalyzerParseTest, ReadsTheModelsJsonAndRejectsUnusableAnswers) {
  const auto a = parse_query_analysis(
      "```json\n{\"intents\":[\"table\",\"reference\",\"table\"],\"reg_ids\":[\"GB/T 14285—2006\"],"
      "\"sections\":[\"5.2.3\"],\"tables\":\"表2\",\"notes\":[1,\"注1\"]}\n```");
  ASSERT_TRUE(a);
  EXPECT_TRUE(a->from_model);
  EXPECT_EQ(a->intents, (std::vector<I>{I::kTable, I::kReference}));
  EXPECT_EQ(a->reg_ids, V{"GBT14285-2006"});
  EXPECT_EQ(a->sections, V{"5.2.3"});
  EXPECT_EQ(a->tables, V{"表2"});
  EXPECT_EQ(a->notes, V{"注1"});  // non-strings are skipped
  for (const char* bad :
       {"", "表格问题", R"({"intents": ["table")", R"({"intents":"weather"})", R"({"intents":[]})"})
    EXPECT_FALSE(parse_query_analysis(bad)) << bad;
}

class QueryAnalyzerModelTest : public ::testing::TestWithParam<Wire> {
 protected:
  QueryAnalysis analyze(const std::string& model_says, const std::string& query) {
    http = std::make_unique<ScriptedHttpClient>(
        std::vector<regreader::testing::Step>{reply(GetParam(), say(model_says), false)});
    LlmConfig c;
    c.provider = GetParam() == Wire::kAnthropic ? LlmProvider::kAnthropic : LlmProvider::kOpenAI;
    c.model = "m";
    c.api_key = "k";
    c.base_url = "http://llm.test";
    auto llm = make_llm_client(c, *http);
    return analyze_query(*llm, query, response);
  }
  std::unique_ptr<ScriptedHttpClient> http;
  AgentResponse response;
};

TEST_P(QueryAnalyzerModelTest, ModelJsonIsUsedAndRuleHintsAreAdded) {
  const QueryAnalysis a =
      analyze(R"({"intents":["search"],"reg_ids":["GB26860-2011"],"sections":[],"tables":[],)"
              R"("notes":[]})",
              "表1 的 10kV 安全距离");
  EXPECT_TRUE(a.from_model);
  EXPECT_EQ(a.intents, std::vector<I>{I::kSearch});
  EXPECT_EQ(a.reg_ids, V{"GB26860-2011"});
  EXPECT_EQ(a.tables, V{"表1"}) << "the rules' hint is added";
  EXPECT_TRUE(response.warnings.empty());
  ASSERT_EQ(response.model_calls.size(), 1u);
  EXPECT_EQ(response.model_calls[0].agent, "analyzer");
  EXPECT_EQ(response.model_calls[0].tools_offered, 0u);
  EXPECT_EQ(response.model_calls[0].system_bytes, query_analyzer_prompt().size());
  EXPECT_LT(query_analyzer_prompt().size(), 1000u);
  const auto body = http->body_json(0);
  EXPECT_EQ(body["max_tokens"], 300);
}

TEST_P(QueryAnalyzerModelTest, UnusableJsonFallsBackToTheRules) {
  const QueryAnalysis a = analyze(R"({"intents": ["table", )", "5.2.3 条和注1 怎么说");
  EXPECT_FALSE(a.from_model);
  EXPECT_EQ(a.intents, std::vector<I>{I::kReference});
  EXPECT_EQ(a.sections, V{"5.2.3"});
  EXPECT_EQ(a.notes, V{"注1"});
  ASSERT_EQ(response.warnings.size(), 1u);
  EXPECT_NE(response.warnings[0].find("rules decided"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Wires, QueryAnalyzerModelTest,
                         ::testing::Values(Wire::kAnthropic, Wire::kOpenAI), [](const auto& info) {
                           return info.param == Wire::kAnthropic ? "Anthropic" : "OpenAI";
                         });

TEST(QueryIntentTest, NamesRoundTrip) {
  for (auto i : {I::kSearch, I::kTable, I::kReference, I::kDiscovery})
    EXPECT_EQ(parse_query_intent(query_intent_name(i)), i);
  EXPECT_FALSE(parse_query_intent("weather"));
}

// A section number may not run on into a digit or a dot (the lookahead of the old pattern).
TEST(QueryAnalyzerRulesTest, SectionNumbersEndWhereTheNumberEnds) {
  auto sections = [](const char* q) { return analyze_query_rules(q).sections; };
  EXPECT_EQ(sections("5.2.3。"), V{"5.2.3"});
  EXPECT_EQ(sections("按5.2.3.4执行"), V{"5.2.3.4"});
  EXPECT_TRUE(sections("按1.2.3.4.5执行").empty());
  EXPECT_TRUE(sections("版本 10.2.3.").empty());
  EXPECT_EQ(sections("第5.2条和5.3.1"), (V{"5.3.1", "5.2"}));
  EXPECT_TRUE(sections("见5.2.").empty());
  std::string q = "表1";
  while (q.size() < (1u << 20))
    q += ".1";
  const auto a = analyze_query_rules(q);  // a megabyte: linear, no recursion
  EXPECT_TRUE(a.sections.empty());
  EXPECT_TRUE(a.tables.size() == 1u);
}

}  // namespace query_analyzer_test
}  // namespace regreader::agent
