// `regreader ask`, `chat` and `events` end to end: the real binary, its own MCP server over
// stdio, and the scripted model endpoint ../shared/tools/fake-llm-server.mjs.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "fake_llm_process.hpp"
#include "regreader/parse/office_renderer.hpp"
#include "test_support.hpp"

namespace regreader::testing {
namespace {

using nlohmann::json;

class Ask : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new parse::TempDir();
    const auto r = run_regreader("--data-dir " + quote(dir_->path()) + " -q ingest " +
                                 quote(sample_pdf()) + " --reg-id SAMPLE-2026");
    ASSERT_EQ(r.code, 0) << r.err;
  }
  static void TearDownTestSuite() { delete dir_; }

  void start(const std::string& tool, const std::string& input) {
    if (auto why = FakeLlmProcess::unavailable()) GTEST_SKIP() << *why;
    llm_ = std::make_unique<FakeLlmProcess>(tool, input);
    ASSERT_TRUE(llm_->running());
  }
  RunResult ask(const std::string& provider, const std::string& args) {
    const std::string base = provider == "openai" ? llm_->url() + "/v1" : llm_->url();
    return run_regreader("--data-dir " + quote(dir_->path()) + " " + args + " --provider " +
                         provider + " --base-url " + base + " --model fake-model");
  }

  static inline parse::TempDir* dir_ = nullptr;
  std::unique_ptr<FakeLlmProcess> llm_;
};

TEST_F(Ask, AnswersThroughMcpToolsWithVerifiedSourcesInBothApiFormats) {
  start("lookup_annotation", R"({"reg_id":"SAMPLE-2026","annotation_id":"注1","page_hint":4})");
  for (const std::string provider : {"anthropic", "openai"}) {
    const auto events = dir_->path() / ("events-" + provider + ".jsonl");
    const auto r = ask(provider, "ask \"表1 的注1 说什么？\" --json --events " + quote(events));
    ASSERT_EQ(r.code, 0) << provider << "\n" << r.err << r.out;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["tool_calls"].size(), 1u);
    EXPECT_EQ(j["tool_calls"][0]["name"], "lookup_annotation");
    EXPECT_FALSE(j["tool_calls"][0]["is_error"]);
    EXPECT_NE(j["content"].get<std::string>().find("高一档电压等级"), std::string::npos)
        << "the tool result reached the model through MCP";
    ASSERT_FALSE(j["sources"].empty());
    for (const auto& s : j["sources"])
      EXPECT_EQ(s["status"], "verified") << s.dump();
    const auto replay = run_regreader("events " + quote(events));
    EXPECT_EQ(replay.code, 0);
    EXPECT_NE(replay.out.find("tool_call_completed lookup_annotation"), std::string::npos)
        << replay.out;
  }
}

TEST_F(Ask, EveryStrategyRunsThroughTheSameMcpTools) {
  start("smart_search", R"({"query":"倒闸操作","reg_id":"SAMPLE-2026"})");
  for (const std::string kind : {"react", "orchestrated", "workflow"}) {
    const auto r =
        ask("openai", "ask \"倒闸操作有什么要求？\" -r SAMPLE-2026 --json --agent " + kind);
    ASSERT_EQ(r.code, 0) << kind << "\n" << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["strategy"], kind);
    EXPECT_FALSE(j["tool_calls"].empty()) << kind;
    EXPECT_FALSE(j["model_calls"].empty()) << kind;
  }
  EXPECT_EQ(ask("openai", "ask q --agent magic").code, 2);
}

TEST_F(Ask, ToolErrorsReachTheModelAndTheRunStillEnds) {
  start("read_page_range", R"({"reg_id":"SAMPLE-2026","start_page":40,"end_page":41})");
  const auto r = ask("anthropic", "ask \"第40页写了什么？\" --json");
  const json j = json::parse(r.out);
  ASSERT_EQ(j["tool_calls"].size(), 1u);
  EXPECT_TRUE(j["tool_calls"][0]["is_error"]);
  EXPECT_NE(j["content"].get<std::string>().find("not_found"), std::string::npos) << j["content"];
}

TEST_F(Ask, ChatKeepsGoingUntilExit) {
  start("get_toc", R"({"reg_id":"SAMPLE-2026","max_depth":1})");
  const auto in = dir_->path() / "chat.txt";
  std::ofstream(in) << "目录有哪些章？\n/reset\n第二个问题\\\n接着写\n/exit\n不会被问到\n";
  const std::string cmd = std::string("'") + REGREADER_BINARY + "' --data-dir " +
                          quote(dir_->path()) + " chat --json --provider anthropic --base-url " +
                          llm_->url() + " --model m <" + quote(in) + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0)
    out.append(buf, n);
  EXPECT_EQ(pclose(p), 0);
  int answers = 0;
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line))
    if (json::parse(line).contains("content")) ++answers;
  EXPECT_EQ(answers, 2) << "two questions (the second over two lines), then /exit";
}

TEST_F(Ask, NoLlmConfiguredIsAClearUsageError) {
  const std::string cmd = std::string("env -u REGREADER_LLM_API_KEY -u ANTHROPIC_API_KEY ") +
                          "-u OPENAI_API_KEY -u REGREADER_LLM_BASE_URL -u REGREADER_LLM_MODEL '" +
                          REGREADER_BINARY + "' --data-dir " + quote(dir_->path()) +
                          " ask 问题 >/dev/null 2>" + quote(dir_->path() / "err.txt");
  const int status = std::system(cmd.c_str());
  EXPECT_EQ(WEXITSTATUS(status), 2);
  std::ifstream err(dir_->path() / "err.txt");
  const std::string text((std::istreambuf_iterator<char>(err)), {});
  EXPECT_NE(text.find("regreader search"), std::string::npos) << text;
}

TEST_F(Ask, EventsOfAMissingOrCorruptFileAreClearErrors) {
  EXPECT_NE(run_regreader("events /nonexistent.jsonl").code, 0);
  const auto bad = dir_->path() / "bad.jsonl";
  std::ofstream(bad) << "{\"type\":\"task_started\"}\nnot json\n";
  const auto r = run_regreader("events " + quote(bad));
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("2"), std::string::npos) << "names the line: " << r.err;
}

}  // namespace
}  // namespace regreader::testing
