// The CLI on the PostgreSQL engine (--store postgresql://…), with a real server this test starts:
// what one process ingests another reads, every reading command and the reading room answer as
// on the embedded store, and an ingest killed at any moment leaves the old or the new version,
// never a mix. Skipped with the reason when PostgreSQL 15 is not installed.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "pg_server.hpp"
#include "regreader/core/http_client.hpp"
#include "regreader/store/pg/pg_store.hpp"
#include "served_process.hpp"
#include "test_support.hpp"

namespace regreader::testing {
namespace postgres_test {

// A stored version, without the time it was ingested at (which every ingest changes).
model::ParsedDocument version_of(const std::string& conninfo) {
  auto d = store::pg::PgStore(conninfo).load("R");
  d.info.indexed_at.clear();
  return d;
}

bool same(const model::ParsedDocument& a, const model::ParsedDocument& b) {
  return a.info == b.info && a.pages == b.pages && a.structure == b.structure &&
         a.tables == b.tables && a.links == b.links;
}

class CliOnPostgres : public ::testing::Test {
 protected:
  void SetUp() override {
    static PgServer server;  // started only by the tests that use it
    pg_ = &server;
    if (!pg_->ok()) GTEST_SKIP() << pg_->why();
    db_ = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    for (auto& c : db_)
      c = std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '_';
    db_ = "cli_" + db_.substr(0, 40);
    ASSERT_TRUE(pg_->create_database(db_));
  }
  // Two processes with their own data directories and one database: two replicas.
  std::string as(int replica) const {
    return "--data-dir " + quote(dir_.path() / ("replica" + std::to_string(replica))) +
           " --store " + quote(url()) + " ";
  }
  std::string url() const {
    const std::string c = pg_->conninfo();
    return "postgresql:///" + db_ + "?host=" + c.substr(5, c.find(' ') - 5) + "&user=postgres";
  }
  PgServer* pg_ = nullptr;
  std::string db_;
  parse::TempDir dir_;
};

TEST_F(CliOnPostgres, WhatOneProcessIngestsAnotherReads) {
  auto in = run_regreader(as(1) + "-q ingest " + quote(sample_pdf()) + " --reg-id SAMPLE");
  ASSERT_EQ(in.code, 0) << in.err;
  auto md = run_regreader(as(1) + "ingest " + quote(sample_md()) + " --reg-id MD");
  ASSERT_EQ(md.code, 0) << md.err;
  EXPECT_NE(md.out.find("into PostgreSQL postgresql:///"), std::string::npos) << md.out;
  auto list = run_regreader(as(2) + "list --json");
  ASSERT_EQ(list.code, 0) << list.err;
  EXPECT_NE(list.out.find("\"SAMPLE\""), std::string::npos) << list.out;
  auto toc = run_regreader(as(2) + "toc SAMPLE");
  EXPECT_EQ(toc.code, 0) << toc.err;
  EXPECT_NE(toc.out.find("6.1"), std::string::npos) << toc.out;
  auto page = run_regreader(as(2) + "read-pages -r SAMPLE -s 3");
  EXPECT_EQ(page.code, 0) << page.err;
  EXPECT_NE(page.out.find("0.70"), std::string::npos) << page.out;
  // Ingested by process 1, searched by process 2: the keyword leg on PostgreSQL.
  auto search = run_regreader(as(2) + "search 倒闸操作 --json");
  ASSERT_EQ(search.code, 0) << search.err;
  const auto hits = nlohmann::json::parse(search.out);
  EXPECT_EQ(hits["mode_used"], "keyword");
  ASSERT_FALSE(hits["results"].empty()) << search.out;
  EXPECT_NE(hits["results"][0]["snippet"].get<std::string>().find("【倒闸操作】"),
            std::string::npos)
      << search.out;
  // Vector search needs a model: without one it is refused, naming what is missing.
  auto vector = [&] {
    const ScopedEnv none("REGREADER_EMBEDDING_MODEL", "none");
    return run_regreader(as(2) + "search 倒闸操作 --mode vector");
  }();
  EXPECT_NE(vector.code, 0);
  EXPECT_NE(vector.err.find("no embedding model is configured"), std::string::npos) << vector.err;
  auto del = run_regreader(as(2) + "delete SAMPLE");
  EXPECT_EQ(del.code, 0) << del.err;
  EXPECT_EQ(run_regreader(as(1) + "list --json").out.find("SAMPLE"), std::string::npos);
  auto bad =
      run_regreader("--data-dir " + quote(dir_.path() / "other") + " --store mysql://x list");
  EXPECT_NE(bad.code, 0);
  EXPECT_NE(bad.err.find("postgresql://"), std::string::npos) << bad.err;
}

// Every reading command answers on PostgreSQL as it does on the embedded store: the same file
// ingested into both, the same command, the same output and exit code.
TEST_F(CliOnPostgres, ReadingCommandsAnswerAsOnTheEmbeddedStore) {
  const std::string embedded = "--data-dir " + quote(dir_.path() / "embedded") + " ";
  for (const auto& where : {embedded, as(1)})
    ASSERT_EQ(run_regreader(where + "-q ingest " + quote(sample_pdf()) + " --reg-id SAMPLE").code,
              0);
  const std::vector<std::string> commands = {
      "tables SAMPLE --json",
      "table 表1 -r SAMPLE --json",
      "note 注1 -r SAMPLE --json",
      "ref 见表1 -r SAMPLE --json",
      "ref 见注9 -r SAMPLE --json",  // unresolved: exit code 3 on both
      "check SAMPLE --json",
      "verify '倒闸操作应由两人进行（SAMPLE 第2页）' --json",
      "toc SAMPLE",
      "read-pages -r SAMPLE -s 3 -e 4",  // (--json carries the time of each ingest)
  };
  for (const auto& cmd : commands) {
    const auto a = run_regreader(embedded + "-q " + cmd);
    const auto b = run_regreader(as(2) + "-q " + cmd);
    EXPECT_EQ(b.code, a.code) << cmd << "\n" << b.err;
    EXPECT_EQ(b.out, a.out) << cmd;
    EXPECT_FALSE(a.out.empty()) << cmd << "\n" << a.err;
  }
  // Search finds the same blocks (each engine ranks by its own BM25).
  auto exact_blocks = [](const std::string& out) {
    std::set<std::string> ids;
    const auto j = nlohmann::json::parse(out);
    for (const auto& h : j["results"])
      if (h["match"] == "exact") ids.insert(h["block_id"].get<std::string>());
    return ids;
  };
  const auto a = run_regreader(embedded + "search 倒闸操作 --json");
  const auto b = run_regreader(as(2) + "search 倒闸操作 --json");
  ASSERT_EQ(a.code, 0) << a.err;
  ASSERT_EQ(b.code, 0) << b.err;
  EXPECT_FALSE(exact_blocks(a.out).empty()) << a.out;
  EXPECT_EQ(exact_blocks(b.out), exact_blocks(a.out));
}

// The reading room of a server over PostgreSQL reads PostgreSQL (not the data directory's
// embedded store, which is empty here).
TEST_F(CliOnPostgres, TheReadingRoomReadsTheServersEngine) {
  ASSERT_EQ(run_regreader(as(1) + "-q ingest " + quote(sample_pdf()) + " --reg-id SAMPLE").code, 0);
  Served s((dir_.path() / "replica2").string(), {}, "REGREADER_STORE=" + url());
  ASSERT_GT(s.port(), 0) << s.stderr_text();
  auto http = make_curl_client();
  HttpRequest req;
  req.method = "GET";
  req.timeout_seconds = 30;
  req.url = s.url("/api/regulations");
  auto r = http->send(req);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_NE(r.body.find("\"SAMPLE\""), std::string::npos) << r.body;
  req.method = "POST";
  req.url = s.url("/api/tool/get_table_by_id");
  req.body = R"({"reg_id":"SAMPLE","table_id":"表1"})";
  req.headers = {{"Content-Type", "application/json"}};
  r = http->send(req);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_NE(r.body.find("0.70"), std::string::npos) << r.body;
  req.url = s.url("/api/tool/smart_search");
  req.body = R"({"query":"倒闸操作"})";
  r = http->send(req);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_NE(r.body.find("SAMPLE"), std::string::npos) << r.body;
}

// Two servers (replicas) over one database: what the CLI ingested, each serves and finds.
TEST_F(CliOnPostgres, McpServersReadAndSearchWhatAnotherProcessIngested) {
  ASSERT_EQ(run_regreader(as(1) + "-q ingest " + quote(sample_pdf()) + " --reg-id SAMPLE").code, 0);
  const std::string init =
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
      R"("capabilities":{},"clientInfo":{"name":"t","version":"1"}}})";
  const std::string read =
      R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_page_range",)"
      R"("arguments":{"reg_id":"SAMPLE","start_page":3,"end_page":3}}})";
  const std::string search =
      R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"smart_search",)"
      R"("arguments":{"query":"倒闸操作"}}})";
  for (int replica : {2, 3}) {
    const auto out = dir_.path() / ("out" + std::to_string(replica));
    const std::string cmd = "printf '%s\n' '" + init + "' '" + read + "' '" + search + "' | " +
                            REGREADER_BINARY + " " + as(replica) + "serve >" + quote(out) +
                            " 2>/dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    std::ifstream in(out);
    std::string line;
    nlohmann::json read_reply, search_reply;
    while (std::getline(in, line)) {
      const auto j = nlohmann::json::parse(line);
      if (j.value("id", 0) == 2) read_reply = j;
      if (j.value("id", 0) == 3) search_reply = j;
    }
    ASSERT_TRUE(read_reply.contains("result")) << read_reply.dump();
    EXPECT_FALSE(read_reply["result"].value("isError", false));
    EXPECT_NE(read_reply["result"]["structuredContent"]["merged_tables"][0]["markdown"]
                  .get<std::string>()
                  .find("| 10 及以下 | 户内 | 0.70"),
              std::string::npos)
        << read_reply.dump();
    ASSERT_TRUE(search_reply.contains("result")) << search_reply.dump();
    EXPECT_FALSE(search_reply["result"].value("isError", false)) << search_reply.dump();
    EXPECT_NE(search_reply["result"]["structuredContent"].dump().find("SAMPLE"), std::string::npos)
        << search_reply.dump();
  }
}

// SIGKILL at points spread over a replacing ingest: every time, the database holds the old
// version or the new one, whole.
TEST_F(CliOnPostgres, AnIngestKilledAtAnyMomentLeavesTheOldOrTheNewVersion) {
  const std::string conninfo = pg_->conninfo(db_);
  ASSERT_EQ(run_regreader(as(1) + "-q ingest " + quote(sample_pdf()) + " --reg-id R").code, 0);
  const auto old_version = version_of(conninfo);
  const std::string cmd = std::string(REGREADER_BINARY) + " " + as(1) + "-q ingest " +
                          quote(sample_md()) + " --reg-id R --replace >/dev/null 2>&1";
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  const auto full = std::chrono::steady_clock::now() - t0;
  const auto new_version = version_of(conninfo);
  ASSERT_FALSE(same(old_version, new_version));
  int saw_old = 0, saw_new = 0;
  for (int i = 0; i < 12; ++i) {
    ASSERT_EQ(
        run_regreader(as(1) + "-q ingest " + quote(sample_pdf()) + " --reg-id R --replace").code,
        0);
    const pid_t pid = fork();
    if (pid == 0) {
      execl("/bin/sh", "sh", "-c", ("exec " + cmd).c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    std::this_thread::sleep_for(full * (i + 1) / 12);
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    const auto now = version_of(conninfo);
    const bool is_old = same(now, old_version), is_new = same(now, new_version);
    EXPECT_TRUE(is_old || is_new) << "kill " << i << ": a mix";
    saw_old += is_old, saw_new += is_new;
  }
  std::cerr << "killed 12 ingests: " << saw_old << " left the old version, " << saw_new
            << " the new one\n";
}

// The semantic leg on PostgreSQL: the vectors one process builds at ingest, another process
// (with the same fitted model file in its data directory) searches in vector and hybrid modes.
TEST_F(CliOnPostgres, VectorsBuiltByOneProcessAreSearchedByAnother) {
  const ScopedEnv model("REGREADER_EMBEDDING_MODEL", "builtin-lsa");
  auto in = run_regreader(as(1) + "-q ingest " + quote(sample_md()) + " --reg-id MD --json");
  ASSERT_EQ(in.code, 0) << in.err;
  EXPECT_GT(nlohmann::json::parse(in.out)["vectors"]["embedded"].get<int>(), 10) << in.out;
  // Replica 2 has no fit yet: hybrid runs as keyword and says why; vector is refused.
  auto keyword = run_regreader(as(2) + "search 倒闸操作 --json");
  ASSERT_EQ(keyword.code, 0) << keyword.err;
  EXPECT_EQ(nlohmann::json::parse(keyword.out)["mode_used"], "keyword");
  EXPECT_NE(run_regreader(as(2) + "search 倒闸操作 --mode vector").code, 0);
  std::filesystem::create_directories(dir_.path() / "replica2" / "vectors");
  std::filesystem::copy_file(dir_.path() / "replica1" / "vectors" / "builtin-lsa.bin",
                             dir_.path() / "replica2" / "vectors" / "builtin-lsa.bin");
  for (const char* mode : {"vector", "hybrid"}) {
    auto r = run_regreader(as(2) + "search 倒闸操作 --mode " + mode + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["mode_used"], mode);
    ASSERT_FALSE(j["results"].empty()) << r.out;
    EXPECT_EQ(j["results"][0]["reg_id"], "MD");
  }
}

}  // namespace postgres_test
}  // namespace regreader::testing
