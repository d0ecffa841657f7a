// Both LLM clients over scripted transcripts, streamed and not: text answers, tool calls (one,
// several, malformed), the request bodies they send, and the errors users see.

#include <gtest/gtest.h>

#include "agent/scripted_http.hpp"
#include "regreader/agent/llm/anthropic_client.hpp"
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/agent/llm/llm_error.hpp"
#include "regreader/agent/llm/openai_client.hpp"

namespace regreader::agent {
namespace llm_clients_test {

using nlohmann::json;
using regreader::testing::call;
using regreader::testing::error_reply;
using regreader::testing::network_error;
using regreader::testing::reply;
using regreader::testing::req_header;
using regreader::testing::say;
using regreader::testing::ScriptedHttpClient;
using regreader::testing::ScriptedTurn;
using regreader::testing::Step;
using regreader::testing::Wire;

struct Case {
  Wire wire;
  bool stream;
};

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  return std::string(info.param.wire == Wire::kAnthropic ? "Anthropic" : "OpenAI") +
         (info.param.stream ? "Streamed" : "Plain");
}

class LlmClientTest : public ::testing::TestWithParam<Case> {
 protected:
  std::unique_ptr<LlmClient> make(ScriptedHttpClient& http) {
    LlmConfig c;
    c.provider =
        GetParam().wire == Wire::kAnthropic ? LlmProvider::kAnthropic : LlmProvider::kOpenAI;
    c.model = GetParam().wire == Wire::kAnthropic ? "claude-test" : "qwen-plus";
    c.api_key = "sk-test";
    c.base_url = "http://llm.test/v1";
    c.retry.sleep = [this](double s) { sleeps.push_back(s); };
    return make_llm_client(c, http);
  }
  Step step(const ScriptedTurn& t) { return reply(GetParam().wire, t, GetParam().stream); }
  ChatRequest request() {
    ChatRequest r;
    r.system = "你是规程助手";
    r.messages.push_back(Message::user_text("10kV 安全距离？"));
    r.tools.push_back({"smart_search", "搜索规程", {{"type", "object"}}});
    r.stream = GetParam().stream;
    return r;
  }
  bool anthropic() const { return GetParam().wire == Wire::kAnthropic; }

  std::vector<double> sleeps;
};

TEST_P(LlmClientTest, TextAnswerWithUsageAndStreamedDeltas) {
  ScriptedHttpClient http({step(say("安全距离为0.70米。见GB26860 P4 表1。"))});
  auto llm = make(http);
  std::string streamed;
  const ChatResponse r = llm->chat(request(), [&](std::string_view d) { streamed += d; });
  EXPECT_EQ(r.text(), "安全距离为0.70米。见GB26860 P4 表1。");
  EXPECT_EQ(r.stop_reason, StopReason::kEndTurn);
  EXPECT_EQ(r.usage.input_tokens, 10);
  EXPECT_EQ(r.usage.output_tokens, 5);
  EXPECT_TRUE(r.tool_uses().empty());
  EXPECT_EQ(streamed, GetParam().stream ? r.text() : "");

  ASSERT_EQ(http.requests.size(), 1u);
  const auto& req = http.requests[0];
  const json body = http.body_json(0);
  EXPECT_EQ(body.value("stream", false), GetParam().stream);
  if (anthropic()) {
    EXPECT_EQ(req.url, "http://llm.test/v1/messages");
    EXPECT_EQ(req_header(req, "x-api-key"), "sk-test");
    EXPECT_EQ(req_header(req, "anthropic-version"), "2023-06-01");
    EXPECT_EQ(body["system"], "你是规程助手");
    EXPECT_EQ(body["tools"][0]["input_schema"]["type"], "object");
  } else {
    EXPECT_EQ(req.url, "http://llm.test/v1/chat/completions");
    EXPECT_EQ(req_header(req, "authorization"), "Bearer sk-test");
    EXPECT_EQ(body["messages"][0]["role"], "system");
    EXPECT_EQ(body["tools"][0]["function"]["name"], "smart_search");
    if (GetParam().stream) {
      EXPECT_EQ(body["stream_options"]["include_usage"], true);
    }
  }
}

TEST_P(LlmClientTest, ParsesSeveralToolCallsInOneReply) {
  ScriptedTurn t;
  t.text = "先查目录和检索。";
  t.calls = {{"c1", "get_toc", R"({"reg_id":"GB26860-2011"})"},
             {"c2", "smart_search", R"({"query":"安全距离 10kV","limit":5})"}};
  ScriptedHttpClient http({step(t)});
  const ChatResponse r = make(http)->chat(request());
  EXPECT_EQ(r.stop_reason, StopReason::kToolUse);
  const auto uses = r.tool_uses();
  ASSERT_EQ(uses.size(), 2u);
  EXPECT_EQ(uses[0]->id, "c1");
  EXPECT_EQ(uses[0]->name, "get_toc");
  EXPECT_EQ(uses[0]->input, json::parse(R"({"reg_id":"GB26860-2011"})"));
  EXPECT_EQ(uses[1]->input["query"], "安全距离 10kV");
  EXPECT_EQ(uses[1]->input["limit"], 5);
  EXPECT_FALSE(uses[1]->malformed_input);
  EXPECT_EQ(r.text(), "先查目录和检索。");
}

TEST_P(LlmClientTest, MalformedToolArgumentsAreKeptNotThrown) {
  ScriptedHttpClient http({step(call("c1", "smart_search", R"({"query": "10kV)"))});
  const ChatResponse r = make(http)->chat(request());
  ASSERT_EQ(r.tool_uses().size(), 1u);
  ASSERT_TRUE(r.tool_uses()[0]->malformed_input.has_value());
  EXPECT_NE(r.tool_uses()[0]->malformed_input->find("10kV"), std::string::npos);
}

TEST_P(LlmClientTest, SendsToolUseAndResultsBackInTheProvidersFormat) {
  ScriptedHttpClient http({step(say("好的"))});
  ChatRequest req = request();
  req.messages.push_back(
      {Role::kAssistant,
       {ContentBlock::make_text("查一下"),
        ContentBlock::make_tool_use("c1", "smart_search", {{"query", "安全距离"}})}});
  req.messages.push_back({Role::kUser,
                          {ContentBlock::make_tool_result("c1", "P4: 0.70 m", false),
                           ContentBlock::make_tool_result("c2", "page out of range", true)}});
  make(http)->chat(req);
  const json msgs = http.body_json(0)["messages"];
  if (anthropic()) {
    ASSERT_EQ(msgs.size(), 3u);
    EXPECT_EQ(msgs[1]["content"][1]["type"], "tool_use");
    EXPECT_EQ(msgs[1]["content"][1]["input"]["query"], "安全距离");
    EXPECT_EQ(msgs[2]["content"][0]["tool_use_id"], "c1");
    EXPECT_FALSE(msgs[2]["content"][0].contains("is_error"));
    EXPECT_EQ(msgs[2]["content"][1]["is_error"], true);
  } else {
    ASSERT_EQ(msgs.size(), 5u);  // system, user, assistant, tool, tool
    EXPECT_EQ(msgs[2]["content"], "查一下");
    const json args =
        json::parse(msgs[2]["tool_calls"][0]["function"]["arguments"].get<std::string>());
    EXPECT_EQ(args["query"], "安全距离");
    EXPECT_EQ(msgs[3]["role"], "tool");
    EXPECT_EQ(msgs[3]["tool_call_id"], "c1");
    EXPECT_EQ(msgs[4]["content"], "ERROR: page out of range");
  }
}

TEST_P(LlmClientTest, BadKeyNamesProviderAndUrl) {
  ScriptedHttpClient http({error_reply(
      401,
      R"({"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}})")});
  try {
    make(http)->chat(request());
    FAIL() << "expected UpstreamError";
  } catch (const UpstreamError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kRemote);
    EXPECT_EQ(e.status(), 401);
    const std::string msg = e.what();
    EXPECT_NE(msg.find(std::string("bad API key for ") + (anthropic() ? "anthropic" : "openai") +
                       " at http://llm.test/v1/"),
              std::string::npos)
        << msg;
    EXPECT_NE(msg.find("invalid x-api-key"), std::string::npos) << msg;
  }
  EXPECT_EQ(http.requests.size(), 1u);  // never retried
}

TEST_P(LlmClientTest, RateLimitThenSuccessHonoursRetryAfter) {
  ScriptedHttpClient http(
      {error_reply(429, R"({"error":{"message":"slow down"}})", {{"retry-after", "2"}}),
       step(say("好的"))});
  EXPECT_EQ(make(http)->chat(request()).text(), "好的");
  EXPECT_EQ(http.requests.size(), 2u);
  EXPECT_EQ(sleeps, std::vector<double>{2.0});
}

TEST_P(LlmClientTest, ServerErrorsRetriedWithBackoffThenReported) {
  const std::string body = R"({"error":{"message":"upstream down"}})";
  ScriptedHttpClient http({error_reply(503, body), error_reply(500, body), error_reply(502, body),
                           error_reply(503, body)});
  try {
    make(http)->chat(request());
    FAIL();
  } catch (const UpstreamError& e) {
    EXPECT_EQ(e.status(), 503);
    EXPECT_NE(std::string(e.what()).find("after 4 attempts"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("upstream down"), std::string::npos) << e.what();
  }
  EXPECT_EQ(http.requests.size(), 4u);
  EXPECT_EQ(sleeps, (std::vector<double>{1, 2, 4}));
}

TEST_P(LlmClientTest, TimeoutIsANetworkErrorAfterRetries) {
  ScriptedHttpClient http({network_error(), network_error(), network_error(), network_error()});
  try {
    make(http)->chat(request());
    FAIL();
  } catch (const UpstreamError&) {
    FAIL() << "a timeout is not an upstream answer";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kNetwork);
    EXPECT_NE(std::string(e.what()).find("Timeout"), std::string::npos);
  }
  EXPECT_EQ(http.requests.size(), 4u);
}

TEST_P(LlmClientTest, MalformedJsonFromServer) {
  Step garbage = step(say("x"));
  garbage.body = GetParam().stream ? "data: {not json\n\n" : "{\"choices\": [";
  ScriptedHttpClient http({garbage});
  try {
    make(http)->chat(request());
    FAIL();
  } catch (const UpstreamError& e) {
    EXPECT_EQ(e.status(), 0);
    EXPECT_NE(std::string(e.what()).find("malformed"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("http://llm.test"), std::string::npos) << e.what();
  }
}

TEST_P(LlmClientTest, UnknownModelAndContextTooLong) {
  ScriptedHttpClient http(
      {error_reply(
           404, R"({"type":"error","error":{"type":"not_found_error","message":"model: nope"}})"),
       error_reply(
           400,
           R"({"error":{"message":"This model's maximum context length is 32768 tokens","code":"context_length_exceeded"}})")});
  auto llm = make(http);
  try {
    llm->chat(request());
    FAIL();
  } catch (const UpstreamError& e) {
    EXPECT_EQ(e.status(), 404);
    EXPECT_NE(std::string(e.what()).find("unknown model '" + llm->model() + "'"), std::string::npos)
        << e.what();
  }
  try {
    llm->chat(request());
    FAIL();
  } catch (const UpstreamError& e) {
    EXPECT_EQ(e.status(), 400);
    EXPECT_NE(std::string(e.what()).find("context too long"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("32768"), std::string::npos) << e.what();
  }
}

TEST_P(LlmClientTest, ReplyCutByMaxTokens) {
  ScriptedTurn t = say("安全距离为");
  t.cut = true;
  ScriptedHttpClient http({step(t)});
  EXPECT_EQ(make(http)->chat(request()).stop_reason, StopReason::kMaxTokens);
}

INSTANTIATE_TEST_SUITE_P(Wires, LlmClientTest,
                         ::testing::Values(Case{Wire::kAnthropic, false},
                                           Case{Wire::kAnthropic, true}, Case{Wire::kOpenAI, false},
                                           Case{Wire::kOpenAI, true}),
                         case_name);

// Anthropic sends overload as HTTP 529 or, mid-stream, as an `error` event: both are retried.
TEST(AnthropicClientTest, OverloadedRetriedAsStatusAndAsStreamEvent) {
  const std::string overloaded =
      R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})";
  ScriptedHttpClient http({error_reply(529, overloaded),
                           Step{200, {}, "event: error\ndata: " + overloaded + "\n\n"},
                           reply(Wire::kAnthropic, say("好的"), true)});
  LlmConfig c;
  c.model = "claude-test";
  c.api_key = "k";
  std::vector<double> sleeps;
  c.retry.sleep = [&](double s) { sleeps.push_back(s); };
  AnthropicClient llm(http, c);
  ChatRequest r;
  r.messages.push_back(Message::user_text("hi"));
  r.stream = true;
  EXPECT_EQ(llm.chat(r).text(), "好的");
  EXPECT_EQ(http.requests.size(), 3u);
  EXPECT_EQ(http.requests[0].url, "https://api.anthropic.com/v1/messages");
  EXPECT_EQ(sleeps.size(), 2u);
}

TEST(AnthropicClientTest, StreamThatStopsEarlyIsAnError) {
  std::string body = regreader::testing::anthropic_sse(say("部分回答。后半"));
  body = body.substr(0, body.find("event: message_delta"));
  ScriptedHttpClient http({Step{200, {}, body}});
  LlmConfig c;
  c.model = "claude-test";
  c.api_key = "k";
  AnthropicClient llm(http, c);
  ChatRequest r;
  r.messages.push_back(Message::user_text("hi"));
  r.stream = true;
  EXPECT_THROW(llm.chat(r), UpstreamError);
}

// A compatible server that ignores "stream": true and answers with plain JSON still works.
TEST(OpenAIClientTest, ServerIgnoringStreamFlagStillAnswers) {
  ScriptedHttpClient http({reply(Wire::kOpenAI, say("好的"), false)});
  LlmConfig c;
  c.model = "deepseek-chat";
  c.base_url = "http://127.0.0.1:9/";
  OpenAIClient llm(http, c);
  ChatRequest r;
  r.messages.push_back(Message::user_text("hi"));
  r.stream = true;
  std::string streamed;
  EXPECT_EQ(llm.chat(r, [&](std::string_view d) { streamed += d; }).text(), "好的");
  EXPECT_EQ(http.requests[0].url, "http://127.0.0.1:9/v1/chat/completions");
  EXPECT_EQ(req_header(http.requests[0], "authorization"), "");  // no key, no header
}

TEST(OpenAIClientTest, ReasoningModelsGetMaxCompletionTokens) {
  ScriptedHttpClient http(
      {reply(Wire::kOpenAI, say("ok"), false), reply(Wire::kOpenAI, say("ok"), false)});
  LlmConfig c;
  c.api_key = "k";
  ChatRequest r;
  r.messages.push_back(Message::user_text("hi"));
  r.temperature = 0.5;
  c.model = "o3-mini";
  OpenAIClient(http, c).chat(r);
  c.model = "qwen-plus";
  OpenAIClient(http, c).chat(r);
  EXPECT_TRUE(http.body_json(0).contains("max_completion_tokens"));
  EXPECT_FALSE(http.body_json(0).contains("temperature"));
  EXPECT_EQ(http.body_json(1)["temperature"], 0.5);
  EXPECT_TRUE(http.body_json(1).contains("max_tokens"));
}

}  // namespace llm_clients_test
}  // namespace regreader::agent
