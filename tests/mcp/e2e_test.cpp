// `regreader serve` driven by real clients: the official MCP TypeScript SDK (through
// ../shared/tools/mcp-probe.mjs, with the SDK pinned in tests/mcp/package.json) over stdio,
// Streamable HTTP and legacy SSE, plus raw HTTP and stdio checks of what the SDK hides.

#include <gtest/gtest.h>
#include <re2/re2.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "regreader/agent/mcp_client.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/http_client.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "served_process.hpp"
#include "test_support.hpp"

namespace regreader::testing {
namespace e2e_test {

using nlohmann::json;
namespace fs = std::filesystem;

fs::path node_modules() {
  return source_dir() / "tests" / "mcp" / "node_modules";
}
fs::path probe_source() {
  return source_dir().parent_path() / "shared" / "tools" / "mcp-probe.mjs";
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

class McpE2e : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new parse::TempDir();
    const auto r = run_regreader("--data-dir " + quote(dir_->path() / "data") + " -q ingest " +
                                 quote(sample_pdf()) + " --reg-id SAMPLE");
    ASSERT_EQ(r.code, 0) << r.err;
  }
  static void TearDownTestSuite() { delete dir_; }

  void SetUp() override {
    if (!fs::exists(probe_source())) GTEST_SKIP() << "no ../shared/tools/mcp-probe.mjs";
    ASSERT_TRUE(fs::exists(node_modules() / "@modelcontextprotocol" / "sdk"))
        << "run `make mcp-deps` (npm ci in tests/mcp) first";
    // The probe resolves the SDK next to itself: give it our pinned node_modules.
    probe_ = dir_->path() / "probe" / "mcp-probe.mjs";
    fs::create_directories(probe_.parent_path());
    fs::copy_file(probe_source(), probe_, fs::copy_options::overwrite_existing);
    if (!fs::exists(probe_.parent_path() / "node_modules"))
      fs::create_directory_symlink(node_modules(), probe_.parent_path() / "node_modules");
  }

  std::string data() const { return quote(dir_->path() / "data"); }
  std::string serve_cmd() const {
    return std::string("'") + REGREADER_BINARY + "' --data-dir " + data() + " serve";
  }

  /// Runs the probe; returns its exit code and parsed report.
  std::pair<int, json> probe(const std::string& args) {
    const auto out = dir_->path() / "probe.json";
    const std::string cmd =
        "node " + quote(probe_) + " --timeout 20000 " + args + " >" + quote(out) + " 2>/dev/null";
    const int status = std::system(cmd.c_str());
    json report;
    try {
      report = json::parse(slurp(out));
    } catch (...) {
      ADD_FAILURE() << "probe printed no JSON: " << slurp(out);
    }
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, report};
  }

  static std::string core_calls() {
    return "--call list_regulations "
           "--call get_toc --args '{\"reg_id\":\"SAMPLE\",\"max_depth\":2}' "
           "--call smart_search --args '{\"query\":\"倒闸操作\",\"reg_id\":\"SAMPLE\"}' "
           "--call read_page_range --args "
           "'{\"reg_id\":\"SAMPLE\",\"start_page\":3,\"end_page\":4}' "
           "--call search_tables --args '{\"query\":\"安全距离\",\"reg_id\":\"SAMPLE\"}' "
           "--call get_table_by_id --args '{\"reg_id\":\"SAMPLE\",\"table_id\":\"表1\"}' "
           "--call lookup_annotation --args "
           "'{\"reg_id\":\"SAMPLE\",\"annotation_id\":\"注1\",\"page_hint\":4}' "
           "--call resolve_reference --args "
           "'{\"reg_id\":\"SAMPLE\",\"reference_text\":\"见表1\"}' "
           "--call verify_answer --args "
           "'{\"answer\":\"户内 10 kV 的安全距离为 0.70 m（SAMPLE P3 表1）\"}' ";
  }

  static void expect_all_calls_ok(const json& report, size_t calls) {
    EXPECT_TRUE(report.value("ok", false)) << report.dump(1).substr(0, 3000);
    EXPECT_TRUE(report.value("schemaProblems", json::array()).empty());
    ASSERT_EQ(report["calls"].size(), calls);
    for (const auto& c : report["calls"]) {
      EXPECT_FALSE(c.value("isError", true)) << c.dump().substr(0, 500);
      EXPECT_FALSE(c.contains("problems")) << c.dump().substr(0, 500);
      EXPECT_TRUE(c["result"].contains("structuredContent")) << c["tool"];
    }
  }

  static inline parse::TempDir* dir_ = nullptr;
  fs::path probe_;
};

TEST_F(McpE2e, StdioEveryToolValidatesAgainstItsOutputSchema) {
  const auto [code, r] =
      probe("--strict-schemas --resources --prompts --ping " + core_calls() + "-- " + serve_cmd());
  EXPECT_EQ(code, 0);
  expect_all_calls_ok(r, 9);
  EXPECT_EQ(r["protocolVersion"], "2025-11-25");
  EXPECT_EQ(r["tools"].size(), 9u);
  EXPECT_TRUE(r.value("errors", json::array()).empty()) << r["errors"].dump();
}

TEST_F(McpE2e, StdioAdvancedToolsWhenEnabled) {
  const auto [code, r] = probe(
      "--env REGREADER_ENABLE_ADVANCED_TOOLS=true "
      "--call compare_sections --args "
      "'{\"reg_id\":\"SAMPLE\",\"section_a\":\"5.2\",\"section_b\":\"6.1\"}' "
      "--call find_similar_content --args '{\"reg_id\":\"SAMPLE\",\"query_text\":\"操作票\"}' -- " +
      serve_cmd());
  EXPECT_EQ(code, 0);
  expect_all_calls_ok(r, 2);
  EXPECT_EQ(r["tools"].size(), 11u);
}

TEST_F(McpE2e, StdioBadArgumentsAreToolErrorsAndUnknownToolsProtocolErrors) {
  auto [code, r] = probe(
      "--expect-tool-error "
      "--call read_page_range --args '{\"reg_id\":\"SAMPLE\",\"start_page\":\"x\",\"end_page\":1}' "
      "--call get_toc --args '{\"reg_id\":\"NOPE\"}' "
      "--call smart_search --args '{}' -- " +
      serve_cmd());
  EXPECT_EQ(code, 0) << r.dump(1).substr(0, 2000);
  for (const auto& c : r["calls"])
    EXPECT_TRUE(c["isError"]);
  std::tie(code, r) = probe("--call no_such_tool -- " + serve_cmd());
  EXPECT_EQ(code, 2) << "a JSON-RPC error, not a tool result";
}

TEST_F(McpE2e, StdioStdoutCarriesOnlyJsonRpc) {
  const auto in = dir_->path() / "stdin.jsonl", out = dir_->path() / "stdout.jsonl";
  std::ofstream(in)
      << R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})"
      << "\n"
      << R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
      << "\n"
      << "this is not json\n"
      << R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_toc","arguments":{"reg_id":"SAMPLE"}}})"
      << "\n"
      << R"({"jsonrpc":"2.0","id":3,"method":"nope"})"
      << "\n";
  const std::string cmd = "-v " + std::string("--data-dir ") + data() + " serve <" + quote(in) +
                          " >" + quote(out) + " 2>/dev/null";
  ASSERT_EQ(std::system((std::string("'") + REGREADER_BINARY + "' " + cmd).c_str()), 0);
  std::ifstream lines(out);
  std::string line;
  std::map<int, json> by_id;
  int parse_errors = 0;
  while (std::getline(lines, line)) {
    const json m = json::parse(line);  // throws (fails the test) on anything but JSON
    ASSERT_EQ(m["jsonrpc"], "2.0");
    if (m["id"].is_null())
      ++parse_errors;
    else
      by_id[m["id"].get<int>()] = m;
  }
  EXPECT_EQ(parse_errors, 1);
  EXPECT_TRUE(by_id[1].contains("result"));
  EXPECT_FALSE(by_id[2]["result"]["isError"]);
  EXPECT_EQ(by_id[3]["error"]["code"], -32601);
}

TEST_F(McpE2e, StreamableHttpAndLegacySse) {
  Served s((dir_->path() / "data").string());
  ASSERT_GT(s.port(), 0) << s.stderr_text();
  auto [code, r] =
      probe("--strict-schemas --terminate --ping " + core_calls() + "--url " + s.url("/mcp"));
  EXPECT_EQ(code, 0);
  expect_all_calls_ok(r, 9);
  std::tie(code, r) =
      probe("--call get_toc --args '{\"reg_id\":\"SAMPLE\"}' --sse " + s.url("/sse"));
  EXPECT_EQ(code, 0);
  expect_all_calls_ok(r, 1);
  EXPECT_EQ(s.stop(), 0) << "SIGTERM stops the server cleanly";
}

HttpResponse post(HttpClient& c, const std::string& url, const std::string& body,
                  std::vector<std::pair<std::string, std::string>> headers = {}) {
  HttpRequest req;
  req.url = url;
  req.body = body;
  req.headers = std::move(headers);
  req.headers.emplace_back("Content-Type", "application/json");
  req.headers.emplace_back("Accept", "application/json, text/event-stream");
  req.timeout_seconds = 10;
  return c.send(req);
}

TEST_F(McpE2e, HttpSessionsHostsAndLimits) {
  Served s((dir_->path() / "data").string());
  ASSERT_GT(s.port(), 0) << s.stderr_text();
  auto http = make_curl_client();
  const std::string init =
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})";
  const std::string list = R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})";
  auto r = post(*http, s.url("/mcp"), init);
  ASSERT_EQ(r.status, 200);
  const std::string sid = r.header("mcp-session-id");
  ASSERT_EQ(sid.size(), 32u);
  EXPECT_EQ(post(*http, s.url("/mcp"), list).status, 400) << "no session id";
  EXPECT_EQ(post(*http, s.url("/mcp"), list, {{"Mcp-Session-Id", "0000"}}).status, 404);
  r = post(*http, s.url("/mcp"), list, {{"Mcp-Session-Id", sid}});
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(json::parse(r.body)["result"]["tools"].size(), 9u);
  EXPECT_EQ(
      post(*http, s.url("/mcp"), list, {{"Host", "evil.example"}, {"Mcp-Session-Id", sid}}).status,
      403);
  EXPECT_EQ(
      post(*http, s.url("/mcp"), list, {{"Origin", "http://evil.example"}, {"Mcp-Session-Id", sid}})
          .status,
      403);
  EXPECT_EQ(post(*http, s.url("/mcp"), "{oops", {{"Mcp-Session-Id", sid}}).status, 400);
  EXPECT_EQ(post(*http, s.url("/mcp"), std::string(5 << 20, ' ')).status, 413);
  // Stateless 2026-07-28: no session, the version in _meta.
  r = post(
      *http, s.url("/mcp"),
      R"({"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}})",
      {{"Mcp-Method", "tools/list"}});
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(json::parse(r.body)["result"]["resultType"], "complete");
  // ... and errors as HTTP statuses: incomplete _meta 400, unknown method 404.
  EXPECT_EQ(post(*http, s.url("/mcp"), list, {{"MCP-Protocol-Version", "2026-07-28"}}).status, 400);
  r = post(
      *http, s.url("/mcp"),
      R"({"jsonrpc":"2.0","id":4,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}})",
      {{"Mcp-Method", "ping"}});
  EXPECT_EQ(r.status, 404) << "ping is a session-era method";
  HttpRequest del;
  del.method = "DELETE";
  del.url = s.url("/mcp");
  del.headers = {{"Mcp-Session-Id", sid}};
  EXPECT_EQ(http->send(del).status, 200);
  EXPECT_EQ(post(*http, s.url("/mcp"), list, {{"Mcp-Session-Id", sid}}).status, 404);
}

TEST_F(McpE2e, NonLoopbackNeedsAToken) {
  const auto r =
      run_regreader("--data-dir " + data() + " serve --transport http --host 0.0.0.0 --port 0");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("REGREADER_MCP_TOKEN"), std::string::npos) << r.err;
}

// Our own agents' MCP client against the real server, over stdio and HTTP.
TEST_F(McpE2e, AgentClientOverStdioAndHttp) {
  auto stdio = agent::McpClient::spawn(
      {REGREADER_BINARY, "--data-dir", (dir_->path() / "data").string(), "serve"});
  EXPECT_EQ(stdio.server_info()["serverInfo"]["name"], "regreader");
  EXPECT_EQ(stdio.list_tools().size(), 9u);
  const auto r = stdio.call_tool("smart_search", {{"query", "倒闸操作"}, {"reg_id", "SAMPLE"}});
  EXPECT_FALSE(r.value("isError", true));
  EXPECT_NE(agent::tool_result_text(r).find("SAMPLE P"), std::string::npos);
  const auto bad = stdio.call_tool("get_toc", {{"reg_id", "NOPE"}});
  EXPECT_TRUE(bad.value("isError", false));
  EXPECT_THROW(stdio.call_tool("no_such_tool", json::object()), Error);

  Served s((dir_->path() / "data").string());
  ASSERT_GT(s.port(), 0);
  auto http =
      agent::McpClient::connect(s.url("/mcp"), std::shared_ptr<HttpClient>(make_curl_client()));
  EXPECT_EQ(http.list_tools().size(), 9u);
  EXPECT_FALSE(http.call_tool("get_toc", {{"reg_id", "SAMPLE"}}).value("isError", true));
}

TEST_F(McpE2e, AgentClientFailsFastWhenTheServerDies) {
  // A "server" that answers initialize, then exits.
  const std::string script =
      "read l; echo '{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\","
      "\"capabilities\":{},\"serverInfo\":{\"name\":\"x\",\"version\":\"1\"}}}'; read l; exit 0";
  auto c = agent::McpClient::spawn({"/bin/sh", "-c", script});
  const auto start = std::chrono::steady_clock::now();
  try {
    c.call_tool("smart_search", {{"query", "x"}});
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kRemote) << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5)) << "no hang";
  EXPECT_THROW(agent::McpClient::spawn({"/nonexistent/regreader"}), Error);
}

}  // namespace e2e_test
}  // namespace regreader::testing

namespace regreader::testing {
namespace e2e_test {

HttpResponse http_get(HttpClient& c, const std::string& url,
                      std::vector<std::pair<std::string, std::string>> headers = {}) {
  HttpRequest req;
  req.method = "GET";
  req.url = url;
  req.headers = std::move(headers);
  req.timeout_seconds = 10;
  return c.send(req);
}

std::string header(const HttpResponse& r, const std::string& name) {
  for (const auto& [k, v] : r.headers)
    if (k == name) return v;
  return "";
}

// Issue 17: the reading room and its API are routes beside /mcp, behind the same guard, with a
// content security policy; --no-web leaves only MCP.
TEST_F(McpE2e, TheReadingRoomIsServedBesideMcpBehindTheSameGuard) {
  Served s((dir_->path() / "data").string());
  ASSERT_GT(s.port(), 0) << s.stderr_text();
  EXPECT_NE(s.stderr_text().find("reading room at http://127.0.0.1:"), std::string::npos);
  auto http = make_curl_client();
  const auto index = http_get(*http, s.url("/"));
  EXPECT_EQ(index.status, 200);
  EXPECT_NE(index.body.find("RegReader 阅览室"), std::string::npos);
  EXPECT_NE(header(index, "content-security-policy").find("script-src 'self'"), std::string::npos);
  EXPECT_EQ(header(index, "x-content-type-options"), "nosniff");
  const auto list = http_get(*http, s.url("/api/regulations"));
  EXPECT_EQ(list.status, 200);
  EXPECT_NE(list.body.find("\"SAMPLE\""), std::string::npos);
  const auto missing = http_get(*http, s.url("/api/regulations/NOPE"));
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(json::parse(missing.body)["error"]["code"], "not_found");
  EXPECT_EQ(http_get(*http, s.url("/api/regulations/SAMPLE/pages/zero")).status, 400);
  EXPECT_EQ(http_get(*http, s.url("/nothing")).status, 404);
  for (const std::string path : {"/", "/app.js", "/api/regulations"}) {
    EXPECT_EQ(http_get(*http, s.url(path), {{"Host", "127.0.0.1.evil.com"}}).status, 403) << path;
    EXPECT_EQ(http_get(*http, s.url(path), {{"Origin", "http://attacker.example"}}).status, 403)
        << path;
  }
  Served bare((dir_->path() / "data").string(), {"--no-web"});
  ASSERT_GT(bare.port(), 0) << bare.stderr_text();
  EXPECT_EQ(http_get(*http, bare.url("/")).status, 404);
  EXPECT_EQ(http_get(*http, bare.url("/api/regulations")).status, 404);
}

// Bound beyond loopback, every route wants the token.
TEST_F(McpE2e, TheReadingRoomWantsTheTokenWhenBoundBeyondLoopback) {
  Served s((dir_->path() / "data").string(), {"--host", "0.0.0.0"}, "REGREADER_MCP_TOKEN=s3cret");
  ASSERT_GT(s.port(), 0) << s.stderr_text();
  auto http = make_curl_client();
  EXPECT_EQ(http_get(*http, s.url("/api/regulations")).status, 401);
  EXPECT_EQ(http_get(*http, s.url("/")).status, 401);
  EXPECT_EQ(http_get(*http, s.url("/api/regulations"), {{"Authorization", "Bearer s3cret"}}).status,
            200);
}

}  // namespace e2e_test
}  // namespace regreader::testing
