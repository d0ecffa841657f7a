// Both LLM clients, streamed and not, over real HTTP (libcurl) against the scripted
// ../shared/tools/fake-llm-server.mjs, driven by the ReAct agent: the fake model calls
// smart_search, our fake tool answers, and the fake model quotes the result back.
// Skips when node or the server script is missing.

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "agent/fake_tools.hpp"
#include "fake_llm_process.hpp"
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/agent/react_agent.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/http_client.hpp"

namespace regreader::agent {
namespace fake_llm_server_test {

namespace fs = std::filesystem;

class FakeLlmServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (auto why = testing::FakeLlmProcess::unavailable()) GTEST_SKIP() << *why;
    server_ = std::make_unique<testing::FakeLlmProcess>(
        "smart_search", R"({"query":"10kV 安全距离","reg_id":"GB26860-2011"})");
    ASSERT_TRUE(server_->running()) << "fake-llm-server did not start; see " << server_->log();
  }

  AgentResponse ask(LlmProvider provider, bool stream, testing::FakeTools& tools) {
    LlmConfig c;
    c.provider = provider;
    c.model = provider == LlmProvider::kAnthropic ? "claude-fake" : "qwen-fake";
    c.api_key = "sk-fake";
    c.base_url = server_->url();
    c.timeout_seconds = 20;
    http_ = make_curl_client();
    llm_ = make_llm_client(c, *http_);
    ReactOptions o;
    o.stream = stream;
    ReactAgent agent(*llm_, tools, o);
    streamed_.clear();
    return agent.run("10kV 安全距离？", [&](std::string_view d) { streamed_ += d; });
  }

  void expect_round_trip(LlmProvider provider, bool stream) {
    testing::FakeTools tools;
    const AgentResponse r = ask(provider, stream, tools);
    ASSERT_EQ(tools.calls.size(), 1u);
    EXPECT_EQ(tools.calls[0].first, "smart_search");
    EXPECT_EQ(tools.calls[0].second["reg_id"], "GB26860-2011");
    EXPECT_EQ(r.outcome, AgentOutcome::kAnswered);
    EXPECT_EQ(r.turns, 2);
    EXPECT_NE(r.content.find("FINAL ANSWER. The tool returned: [GB26860-2011 P4]"),
              std::string::npos)
        << r.content;
    EXPECT_EQ(r.usage.input_tokens, 20);
    EXPECT_EQ(r.usage.output_tokens, 20);
    if (stream) {
      EXPECT_EQ(streamed_, r.content);
    }
  }

  std::unique_ptr<testing::FakeLlmProcess> server_;
  std::unique_ptr<HttpClient> http_;
  std::unique_ptr<LlmClient> llm_;
  std::string streamed_;
};

TEST_F(FakeLlmServerTest, AnthropicPlain) {
  expect_round_trip(LlmProvider::kAnthropic, false);
}
TEST_F(FakeLlmServerTest, AnthropicStreamed) {
  expect_round_trip(LlmProvider::kAnthropic, true);
}
TEST_F(FakeLlmServerTest, OpenAIPlain) {
  expect_round_trip(LlmProvider::kOpenAI, false);
}
TEST_F(FakeLlmServerTest, OpenAIStreamed) {
  expect_round_trip(LlmProvider::kOpenAI, true);
}

TEST_F(FakeLlmServerTest, UnknownRouteIsAnUnknownModelError) {
  LlmConfig c;
  c.provider = LlmProvider::kOpenAI;
  c.model = "qwen-fake";
  c.base_url = server_->url() + "/nope/v1";
  auto http = make_curl_client();
  auto llm = make_llm_client(c, *http);
  ChatRequest r;
  r.messages.push_back(Message::user_text("hi"));
  try {
    llm->chat(r);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kRemote);
    EXPECT_NE(std::string(e.what()).find("unknown model 'qwen-fake'"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("no route"), std::string::npos) << e.what();
  }
}

TEST_F(FakeLlmServerTest, RefusedConnectionIsANetworkError) {
  LlmConfig c;
  c.provider = LlmProvider::kAnthropic;
  c.model = "claude-fake";
  c.api_key = "k";
  c.base_url = "http://127.0.0.1:" + std::to_string(testing::free_port());
  c.retry.max_attempts = 2;
  c.retry.sleep = [](double) {};
  auto http = make_curl_client();
  auto llm = make_llm_client(c, *http);
  ChatRequest r;
  r.messages.push_back(Message::user_text("hi"));
  try {
    llm->chat(r);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kNetwork);
  }
}

}  // namespace fake_llm_server_test
}  // namespace regreader::agent
