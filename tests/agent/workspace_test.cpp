// Run workspaces and their guard: each agent reads and writes only its folders; a refusal is an
// error for the caller and a file_access_rejected event in the workspace's events.jsonl.

#include "regreader/agent/workspace.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include <fstream>

#include "agent/fake_tools.hpp"
#include "regreader/core/error.hpp"

namespace regreader::agent {
namespace workspace_test {

namespace fs = std::filesystem;

TEST(Workspace, ATemporaryWorkspaceIsRemovedUnlessKept) {
  fs::path gone, kept;
  {
    Workspace a({}, false);
    gone = a.root();
    EXPECT_TRUE(fs::is_directory(gone));
    Workspace b({}, true);
    kept = b.root();
  }
  EXPECT_FALSE(fs::exists(gone));
  EXPECT_TRUE(fs::exists(kept / "events.jsonl"));
  fs::remove_all(kept);
}

TEST(Workspace, EachAgentWritesAndReadsOnlyItsFoldersAndRefusalsAreAudited) {
  Workspace ws({}, false);
  ws.grant("table_agent", {{"table_agent"}, {"table_agent"}, {"get_table_by_id"}});
  ws.grant("aggregator", {{"table_agent/output.md"}, {"answer.md"}, {}});
  ws.write("table_agent", "table_agent/output.md", "- 0.70 m（GB26860 P4 表1）");
  EXPECT_EQ(ws.read("aggregator", "table_agent/output.md"), "- 0.70 m（GB26860 P4 表1）");
  ws.write("aggregator", "answer.md", "答");

  EXPECT_THROW(ws.write("table_agent", "search_agent/output.md", "x"), Error);
  EXPECT_THROW(ws.write("table_agent", "table_agent/../plan.md", "x"), Error);
  EXPECT_THROW(ws.write("table_agent", "../../etc/x", "x"), Error);
  EXPECT_THROW(ws.write("table_agent", "/tmp/x", "x"), Error);
  EXPECT_THROW(ws.read("aggregator", "table_agent/tool-results/01-x.json"), Error);
  EXPECT_THROW(ws.write("stranger", "stranger/x", "x"), Error) << "no permission entry";
  EXPECT_FALSE(fs::exists(ws.root() / "search_agent"));
  EXPECT_FALSE(fs::exists(ws.root() / "plan.md"));

  const auto events = read_event_log(ws.root() / "events.jsonl");
  const auto v = violations(events);
  ASSERT_EQ(v.size(), 6u);
  EXPECT_EQ(v[0]["type"], "file_access_rejected");
  EXPECT_EQ(v[0]["agent"], "table_agent");
  EXPECT_EQ(v[0]["path"], "search_agent/output.md");
  EXPECT_EQ(v[0]["mode"], "write");
  EXPECT_NE(v[2]["reason"].get<std::string>().find("outside the workspace"), std::string::npos);
  EXPECT_EQ(v[4]["mode"], "read");
}

TEST(Workspace, ToolResultsAreRecordedInTheAgentsFolder) {
  Workspace ws({}, false);
  ws.grant("search_agent", {{"search_agent"}, {"search_agent"}, {"smart_search"}});
  testing::FakeTools fake;
  RecordingToolProvider tools(fake, ws, "search_agent");
  tools.call_tool("smart_search", {{"query", "安全距离"}});
  tools.call_tool("read_page_range", {{"reg_id", "GB26860-2011"}, {"start_page", 4}});
  const fs::path dir = ws.root() / "search_agent" / "tool-results";
  ASSERT_TRUE(fs::exists(dir / "01-smart_search.json"));
  ASSERT_TRUE(fs::exists(dir / "02-read_page_range.json"));
  std::ifstream in(dir / "01-smart_search.json");
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["tool"], "smart_search");
  EXPECT_EQ(j["arguments"]["query"], "安全距离");
  EXPECT_NE(j["result"].get<std::string>().find("0.70"), std::string::npos);
  EXPECT_TRUE(j.contains("structured"));
  // What the answer's sources are checked against comes from these files: a failed call reads
  // nothing, and a result written by another agent counts like any other.
  ws.grant("table_agent", {{"table_agent"}, {"table_agent"}, {}});
  ws.write("table_agent", "table_agent/tool-results/01-get_table_by_id.json",
           R"({"tool":"get_table_by_id","arguments":{"reg_id":"GB26859-2011"},"is_error":true})");
  ws.write("table_agent", "table_agent/tool-results/02-get_table_by_id.json",
           R"({"tool":"get_table_by_id","arguments":{"reg_id":"NBT31147-2018"},"is_error":false})");
  const auto read = ws.regulations_read();
  EXPECT_NE(std::find(read.begin(), read.end(), "GB26860-2011"), read.end());
  EXPECT_NE(std::find(read.begin(), read.end(), "NBT31147-2018"), read.end());
  EXPECT_EQ(std::find(read.begin(), read.end(), "GB26859-2011"), read.end())
      << "a failed call read nothing";
  const std::string summary = summarize_workspace(ws.root());
  EXPECT_NE(summary.find("search_agent/: 2 tool result(s)"), std::string::npos) << summary;
  EXPECT_NE(summary.find("0 violation(s)"), std::string::npos) << summary;
}

}  // namespace workspace_test
}  // namespace regreader::agent
