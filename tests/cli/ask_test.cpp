// `regreader ask`, `chat` and `events` end to end: the real binary, its own MCP server over
// stdio, and the scripted model endpoint ../shared/tools/fake-llm-server.mjs.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli/scripted_model_server.hpp"
#include "fake_llm_process.hpp"
#include "regreader/core/http_client.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "served_process.hpp"
#include "test_support.hpp"

namespace regreader::testing {
namespace ask_test {

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
    const json j = json::parse(r.out);
    EXPECT_EQ(j["strategy"], kind);
    EXPECT_FALSE(j["tool_calls"].empty()) << kind;
    EXPECT_FALSE(j["model_calls"].empty()) << kind;
    if (kind == "react") {  // its answer quotes the search result, which cites the page
      EXPECT_EQ(r.code, 0) << r.err;
      EXPECT_FALSE(j["uncited"].get<bool>());
      continue;
    }
    // The fake model answers the answer writer "OK", citing nothing: one repair turn asks for
    // the sources, the answer still cites nothing, and `ask` fails.
    EXPECT_EQ(r.code, 1) << kind << "\n" << r.err;
    EXPECT_TRUE(j["uncited"].get<bool>()) << kind;
    const std::string last = j["model_calls"].back()["agent"];
    EXPECT_EQ(last.substr(last.size() - 5), "/cite") << kind;
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

TEST_F(Ask, NoLlmConfiguredSaysWhatToSetInTheQuestionsLanguage) {
  for (const std::string question : {"倒闸操作票保存多久", "how long is a switching order kept"}) {
    const std::string cmd = std::string("env -u REGREADER_LLM_API_KEY -u ANTHROPIC_API_KEY ") +
                            "-u OPENAI_API_KEY -u REGREADER_LLM_BASE_URL -u REGREADER_LLM_MODEL '" +
                            REGREADER_BINARY + "' --data-dir " + quote(dir_->path()) + " ask '" +
                            question + "' >/dev/null 2>" + quote(dir_->path() / "err.txt");
    const int status = std::system(cmd.c_str());
    EXPECT_EQ(WEXITSTATUS(status), 78) << "a configuration error (EX_CONFIG), not a usage error";
    std::ifstream err(dir_->path() / "err.txt");
    const std::string text((std::istreambuf_iterator<char>(err)), {});
    EXPECT_NE(text.find("REGREADER_LLM_BASE_URL=https://api.deepseek.com"), std::string::npos)
        << text;
    const bool chinese = question[0] != 'h';
    EXPECT_EQ(text.find("未配置大模型") != std::string::npos, chinese) << text;
    EXPECT_EQ(text.find("no LLM configured") != std::string::npos, !chinese) << text;
  }
}

// A whole run as the system prompt teaches it, through our own MCP server over the sample
// regulation: table of contents, scoped search, the pages, the note; then a cited answer whose
// sources are checked against the store.
std::vector<ScriptedTurn> full_run(const std::string& answer) {
  return {call("c1", "get_toc", R"({"reg_id":"SAMPLE-2026","max_depth":2})", "先看目录。"),
          call("c2", "smart_search",
               R"({"query":"设备不停电 安全距离","reg_id":"SAMPLE-2026","chapter_scope":"6"})"),
          call("c3", "read_page_range", R"({"reg_id":"SAMPLE-2026","start_page":3,"end_page":4})"),
          call("c4", "lookup_annotation",
               R"({"reg_id":"SAMPLE-2026","annotation_id":"注1","page_hint":4})"),
          say(answer)};
}

const char* const kTrueAnswer =
    "【处置措施】设备不停电时，工作人员与带电设备的距离不得小于表1的规定，"
    "户内设备的安全距离为 0.70 m（SAMPLE-2026 P3 表1）。\n"
    "【注意事项】表中未列电压等级按高一档电压等级的安全距离执行（SAMPLE-2026 P4 注1）。\n"
    "【来源】SAMPLE-2026 P3 表1；SAMPLE-2026 P4 注1";

// `regreader ask` about the sample regulation against a scripted model, in one API format.
RunResult ask_scripted(const parse::TempDir& dir, const ScriptedModelServer& model, Wire wire,
                       const std::string& flags) {
  const std::string provider = wire == Wire::kAnthropic ? "anthropic" : "openai";
  return run_regreader("--data-dir " + quote(dir.path()) +
                       " ask \"设备不停电时的安全距离是多少？\" -r SAMPLE-2026 " + flags +
                       " --provider " + provider + " --base-url " + model.url(wire) + " --model m");
}

TEST_F(Ask, FullRunTocSearchPagesNoteThenVerifiedSourcesInBothFormats) {
  for (const Wire wire : {Wire::kAnthropic, Wire::kOpenAI}) {
    ScriptedModelServer model(full_run(kTrueAnswer));
    const auto r = ask_scripted(*dir_, model, wire, "--json");
    ASSERT_EQ(r.code, 0) << r.err << r.out;
    const json j = json::parse(r.out);
    std::vector<std::string> names;
    for (const auto& t : j["tool_calls"]) {
      names.push_back(t["name"]);
      EXPECT_FALSE(t["is_error"]) << t.dump();
    }
    EXPECT_EQ(names, (std::vector<std::string>{"get_toc", "smart_search", "read_page_range",
                                               "lookup_annotation"}));
    ASSERT_EQ(j["sources"].size(), 2u) << "each place once: " << j["sources"].dump();
    EXPECT_EQ(j["sources"][0]["raw"], "SAMPLE-2026 P3 表1");
    EXPECT_EQ(j["sources"][1]["raw"], "SAMPLE-2026 P4 注1");
    for (const auto& s : j["sources"])
      EXPECT_EQ(s["status"], "verified") << s.dump();
    // What the model was sent came from the store through MCP: the TOC, the merged table, the note.
    const auto sent = model.requests();
    ASSERT_EQ(sent.size(), 5u);
    EXPECT_NE(sent[1].dump().find("安全距离"), std::string::npos);
    EXPECT_NE(sent[3].dump().find("±800"), std::string::npos) << "table 1 across pages 3-4";
    EXPECT_NE(sent[4].dump().find("高一档电压等级"), std::string::npos) << "the note's text";
  }
}

TEST_F(Ask, StreamedAnswerIsPrintedOnceWithItsCheckedSources) {
  for (const Wire wire : {Wire::kAnthropic, Wire::kOpenAI}) {
    ScriptedModelServer model(full_run(kTrueAnswer));
    const auto r = ask_scripted(*dir_, model, wire, "--stream");
    ASSERT_EQ(r.code, 0) << r.err << r.out;
    const auto first = r.out.find("【处置措施】");
    ASSERT_NE(first, std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("【处置措施】", first + 1), std::string::npos) << "printed once";
    EXPECT_NE(r.out.find("[verified] SAMPLE-2026 P4 注1"), std::string::npos) << r.out;
    for (const auto& body : model.requests())
      EXPECT_TRUE(body.value("stream", false));
  }
}

TEST_F(Ask, FabricatedCitationsAreFlaggedAndTheExitCodeSaysSo) {
  ScriptedModelServer model(
      full_run("【处置措施】户内设备的安全距离为 0.35 m（SAMPLE-2026 P5）。\n"
               "【注意事项】详见 SAMPLE-2026 P9 表7。\n"
               "【来源】SAMPLE-2026 P3 表1"));
  const auto r = ask_scripted(*dir_, model, Wire::kOpenAI, "--json");
  EXPECT_EQ(r.code, 1) << r.err;
  const json j = json::parse(r.out);
  std::vector<std::string> statuses;
  for (const auto& s : j["sources"])
    statuses.push_back(s["status"]);
  EXPECT_EQ(statuses, (std::vector<std::string>{"figure_not_on_page", "page_missing", "verified"}))
      << j["sources"].dump();
}

// The issue's end-to-end check: one wrong figure fails the run and the claim is named; the same
// run with the figure corrected passes. The check runs on the server the agent reads
// (verify_answer over MCP), and `events` replays the tool calls, the answer and the verdicts.
TEST_F(Ask, OneWrongFigureExitsOneAndNamesItsClaimTheCorrectedRunExitsZero) {
  const std::string wrong =
      "【处置措施】户内 10 kV 设备的安全距离为 0.75 m（SAMPLE-2026 P3 表1）。\n"
      "【注意事项】表中未列电压等级按高一档电压等级的安全距离执行（SAMPLE-2026 P4 注1）。";
  std::string right = wrong;
  right.replace(right.find("0.75"), 4, "0.70");
  const auto events = dir_->path() / "run.jsonl";
  {
    ScriptedModelServer model(full_run(wrong));
    const auto r = ask_scripted(*dir_, model, Wire::kOpenAI, "--events " + quote(events));
    EXPECT_EQ(r.code, 1) << r.err << r.out;
    EXPECT_NE(r.out.find("[figure_not_on_page] SAMPLE-2026 P3 表1\n"
                         "      陈述：【处置措施】户内 10 kV 设备的安全距离为 0.75 m"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\"0.75 m\" is not on SAMPLE-2026 P3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("[verified] SAMPLE-2026 P4 注1"), std::string::npos) << r.out;
  }
  {
    ScriptedModelServer model(full_run(right));
    const auto r = ask_scripted(*dir_, model, Wire::kOpenAI, "--json");
    EXPECT_EQ(r.code, 0) << r.err << r.out;
    const json j = json::parse(r.out);
    EXPECT_TRUE(j["checked"]);
    ASSERT_EQ(j["claims"].size(), 2u) << j["claims"].dump();
    for (const auto& c : j["claims"])
      EXPECT_EQ(c["verdict"], "verified") << c.dump();
    // The answer was checked through the tool the agent reads with, not a local store.
    EXPECT_EQ(j["tool_calls"].back()["name"], "lookup_annotation");
  }
  const auto replay = run_regreader("events " + quote(events));
  ASSERT_EQ(replay.code, 0) << replay.err;
  EXPECT_NE(replay.out.find("tool_call_started read_page_range {\"end_page\":4"), std::string::npos)
      << replay.out;
  EXPECT_NE(replay.out.find(" chars"), std::string::npos) << "each result's size";
  EXPECT_NE(replay.out.find("answer:"), std::string::npos) << replay.out;
  EXPECT_NE(replay.out.find("[figure_not_on_page] 【处置措施】户内 10 kV"), std::string::npos)
      << replay.out;
}

// `verify`: the checker without an agent, from an argument, a file or stdin; exit 1 on a failed
// claim, JSON with each verdict, clear errors for an empty answer or a missing file.
TEST_F(Ask, VerifyChecksAnAnswerWithoutAnAgent) {
  const std::string data = "--data-dir " + quote(dir_->path()) + " ";
  auto r =
      run_regreader(data + "verify \"户内 10 kV 设备的安全距离为 0.70 m（SAMPLE-2026 P3 表1）\"");
  EXPECT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("[verified]"), std::string::npos) << r.out;
  r = run_regreader(data +
                    "verify \"户内 35 kV 设备的安全距离为 0.70 m（SAMPLE-2026 P3 表1）\" --json");
  EXPECT_EQ(r.code, 1) << r.err;
  const json j = json::parse(r.out);
  EXPECT_FALSE(j["ok"]);
  EXPECT_EQ(j["claims"][0]["verdict"], "figure_not_on_page");
  const auto file = dir_->path() / "answer.md";
  std::ofstream(file) << "工作票保存3年（SAMPLE-2026 P2 5.2.3）\n";
  r = run_regreader(data + "verify --file " + quote(file) + " --read OTHER");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("[not_read_in_run]"), std::string::npos) << r.out;
  EXPECT_EQ(run_regreader(data + "verify \" \"").code, 2);
  EXPECT_EQ(run_regreader(data + "verify --file /nonexistent.md").code, 3);
}

TEST_F(Ask, EventsOfAMissingOrCorruptFileAreClearErrors) {
  EXPECT_NE(run_regreader("events /nonexistent.jsonl").code, 0);
  const auto bad = dir_->path() / "bad.jsonl";
  std::ofstream(bad) << "{\"type\":\"task_started\"}\nnot json\n";
  const auto r = run_regreader("events " + quote(bad));
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("2"), std::string::npos) << "names the line: " << r.err;
}

}  // namespace ask_test
}  // namespace regreader::testing

namespace regreader::testing {
namespace ask_test {

// Issue 16 end to end: `ask --agent orchestrated --workspace DIR` leaves the run's files, `run
// show DIR` summarises them, `events --violations` lists what the guard refused; `--skill`
// names a skill that must exist.
TEST_F(Ask, AnOrchestratedRunKeepsItsWorkspaceAndRunShowSummarisesIt) {
  start("smart_search", R"({"query":"倒闸操作","reg_id":"SAMPLE-2026"})");
  const auto ws = dir_->path() / "ws";
  const auto r = ask("openai",
                     "ask \"倒闸操作有什么要求？\" -r SAMPLE-2026 --json --agent orchestrated "
                     "--skill simple-search --workspace " +
                         quote(ws));
  ASSERT_FALSE(r.out.empty()) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["strategy"], "orchestrated");
  namespace fs = std::filesystem;
  EXPECT_TRUE(fs::exists(ws / "plan.md")) << r.err;
  EXPECT_TRUE(fs::exists(ws / "search_agent" / "task.md"));
  EXPECT_TRUE(fs::exists(ws / "search_agent" / "output.md"));
  EXPECT_TRUE(fs::exists(ws / "search_agent" / "tool-results" / "01-smart_search.json"));
  EXPECT_TRUE(fs::exists(ws / "answer.md"));
  EXPECT_TRUE(fs::exists(ws / "events.jsonl"));

  const auto show = run_regreader("run show " + quote(ws));
  EXPECT_EQ(show.code, 0) << show.err;
  EXPECT_NE(show.out.find("search_agent/: 1 tool result(s)"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("skill simple-search (forced (--skill))"), std::string::npos) << show.out;
  const auto v = run_regreader("events " + quote(ws / "events.jsonl") + " --violations");
  EXPECT_EQ(v.code, 0);
  EXPECT_NE(v.out.find("0 violation(s)"), std::string::npos) << v.out;

  EXPECT_EQ(ask("openai", "ask q --agent orchestrated --skill no-such-skill").code, 3);
  EXPECT_EQ(run_regreader("run show " + quote(dir_->path() / "nowhere")).code, 3);
}

}  // namespace ask_test
}  // namespace regreader::testing

namespace regreader::testing {
namespace ask_test {

// Issue 17: the reading room's ask panel streams the answer as server-sent events -- the tool
// call as it starts, the text as the model writes it, then every claim with its verdict.
TEST_F(Ask, TheReadingRoomStreamsAnAnswerWithToolCallsAndCheckedClaims) {
  start("lookup_annotation", R"({"reg_id":"SAMPLE-2026","annotation_id":"注1","page_hint":4})");
  const std::string env = "REGREADER_LLM_BASE_URL=" + llm_->url() + "/v1";
  Served s(dir_->path().string(), {}, env);
  ASSERT_GT(s.port(), 0) << s.stderr_text();
  auto http = make_curl_client();
  HttpRequest req;
  req.url = s.url("/api/ask");
  req.body = R"({"question":"表1 的注1 说什么？"})";
  req.headers = {{"Content-Type", "application/json"}};
  req.timeout_seconds = 30;
  const auto r = http->send(req);
  ASSERT_EQ(r.status, 200) << r.body;
  const auto tool_at = r.body.find("event: tool\ndata: {\"tool\":\"lookup_annotation\"}");
  const auto text_at = r.body.find("event: text\n");
  const auto done_at = r.body.find("event: done\n");
  ASSERT_NE(tool_at, std::string::npos) << r.body;
  ASSERT_NE(text_at, std::string::npos) << r.body;
  ASSERT_NE(done_at, std::string::npos) << r.body;
  EXPECT_LT(tool_at, done_at);
  EXPECT_LT(text_at, done_at);
  const auto data = json::parse(r.body.substr(
      r.body.find("data: ", done_at) + 6,
      r.body.find('\n', r.body.find("data: ", done_at)) - r.body.find("data: ", done_at) - 6));
  ASSERT_FALSE(data["claims"].empty()) << data.dump();
  EXPECT_EQ(data["claims"][0]["citations"][0]["reg_id"], "SAMPLE-2026") << data.dump();
}

}  // namespace ask_test
}  // namespace regreader::testing
