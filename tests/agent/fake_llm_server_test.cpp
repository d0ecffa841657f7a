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
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/agent/react_agent.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/http_client.hpp"

namespace regreader::agent {
namespace {

namespace fs = std::filesystem;

int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  const bool ok = bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
                  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0;
  close(fd);
  return ok ? ntohs(addr.sin_port) : 0;
}

bool port_open(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<uint16_t>(port));
  const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  close(fd);
  return ok;
}

std::optional<fs::path> find_node() {
  for (const char* dir : {"/usr/bin", "/usr/local/bin", "/bin"})
    if (fs::exists(fs::path(dir) / "node")) return fs::path(dir) / "node";
  return std::nullopt;
}

class FakeLlmServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path script =
        fs::path(REGREADER_SOURCE_DIR) / ".." / "shared" / "tools" / "fake-llm-server.mjs";
    const auto node = find_node();
    if (!node || !fs::exists(script)) GTEST_SKIP() << "needs node and " << script;
    port_ = free_port();
    ASSERT_NE(port_, 0) << "no free port";
    log_ = fs::temp_directory_path() / ("fake-llm-" + std::to_string(port_) + ".log");
    pid_ = fork();
    if (pid_ == 0) {
      setenv("PORT", std::to_string(port_).c_str(), 1);
      setenv("FAKE_TOOL", "smart_search", 1);
      setenv("FAKE_TOOL_INPUT", R"({"query":"10kV 安全距离","reg_id":"GB26860-2011"})", 1);
      if (!freopen(log_.c_str(), "w", stderr)) _exit(126);
      execl(node->c_str(), "node", script.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 100 && !port_open(port_); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_TRUE(port_open(port_)) << "fake-llm-server did not start; see " << log_;
  }

  void TearDown() override {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    if (!log_.empty()) fs::remove(log_);
  }

  AgentResponse ask(LlmProvider provider, bool stream, testing::FakeTools& tools) {
    LlmConfig c;
    c.provider = provider;
    c.model = provider == LlmProvider::kAnthropic ? "claude-fake" : "qwen-fake";
    c.api_key = "sk-fake";
    c.base_url = "http://127.0.0.1:" + std::to_string(port_);
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

  int port_ = 0;
  pid_t pid_ = -1;
  fs::path log_;
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
  c.base_url = "http://127.0.0.1:" + std::to_string(port_) + "/nope/v1";
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
  c.base_url = "http://127.0.0.1:" + std::to_string(free_port());
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

}  // namespace
}  // namespace regreader::agent
