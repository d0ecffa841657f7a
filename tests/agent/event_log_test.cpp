#include "regreader/agent/event_log.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "regreader/core/error.hpp"

namespace regreader::agent {
namespace event_log_test {

struct TempFile {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("regreader-events-" + new_task_id() + ".jsonl");
  ~TempFile() { std::filesystem::remove(path); }
};

TEST(EventLogTest, WritesJsonLinesAndReadsThemBack) {
  TempFile f;
  {
    JsonlEventSink sink(f.path);
    EventLog log(&sink, "react", "t-1");
    log.task_started("10kV 安全距离？");
    log.tool_call_started("c1", "smart_search", {{"query", "安全距离"}});
    log.tool_call_completed("c1", "smart_search", 12.34, 2048, false);
    log.tool_call_failed("c2", "read_page_range", 3, "timeout");
    log.tool_call_rejected("c3", "delete_everything", "not allowed");
    log.handoff("table_agent", "需要完整表格");
    log.task_completed({{"outcome", "answered"}});
  }
  const auto events = read_event_log(f.path);
  ASSERT_EQ(events.size(), 7u);
  std::vector<std::string> types;
  for (const auto& e : events) {
    types.push_back(e["type"]);
    EXPECT_EQ(e["task_id"], "t-1");
    EXPECT_EQ(e["agent"], "react");
    EXPECT_EQ(e["ts"].get<std::string>().size(), 24u);  // 2026-01-01T00:00:00.000Z
  }
  EXPECT_EQ(types, (std::vector<std::string>{"task_started", "tool_call_started",
                                             "tool_call_completed", "tool_call_failed",
                                             "tool_call_rejected", "handoff", "task_completed"}));
  EXPECT_EQ(events[0]["query"], "10kV 安全距离？");
  EXPECT_EQ(events[2]["result_chars"], 2048);
  EXPECT_DOUBLE_EQ(events[2]["duration_ms"].get<double>(), 12.3);
  EXPECT_EQ(events[5]["to"], "table_agent");
  const std::string line = format_event(events[2]);
  EXPECT_NE(line.find("tool_call_completed smart_search 12 ms"), std::string::npos) << line;
  EXPECT_NE(format_event(events[4]).find("reason=not allowed"), std::string::npos);
}

TEST(EventLogTest, NullSinkIsSilentAndIdsAreUnique) {
  EventLog log(nullptr, "react", "t");
  log.task_started("q");  // no crash, nowhere to go
  std::set<std::string> ids;
  for (int i = 0; i < 100; ++i)
    ids.insert(new_task_id());
  EXPECT_EQ(ids.size(), 100u);
}

TEST(EventLogTest, CorruptLineNamesTheLine) {
  TempFile f;
  std::ofstream(f.path) << "{\"type\":\"task_started\"}\n\nnot json\n";
  try {
    read_event_log(f.path);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kCorruptFile);
    EXPECT_NE(std::string(e.what()).find(":3:"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_event_log(f.path.string() + ".missing"), Error);
}

}  // namespace event_log_test
}  // namespace regreader::agent
