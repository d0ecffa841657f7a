// The per-session event queue of the HTTP transports: ids on every event, and the replay a
// client gets when it reconnects with Last-Event-ID.

#include "regreader/mcp/http_session.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace regreader::mcp {
namespace http_session_test {

using std::chrono::milliseconds;

std::string next(EventQueue& q) {
  return q.pop(milliseconds(0)).value_or("<none>");
}

TEST(EventQueue, EventsCarryIncreasingIds) {
  EventQueue q;
  q.push(sse_event({{"n", 1}}));
  q.push(sse_event({{"n", 2}}));
  EXPECT_EQ(next(q), "id: 1\nevent: message\ndata: {\"n\":1}\n\n");
  EXPECT_EQ(next(q).rfind("id: 2\n", 0), 0u);
  EXPECT_FALSE(q.pop(milliseconds(1)));
}

TEST(EventQueue, ReconnectingClientGetsWhatItMissedFirst) {
  EventQueue q;
  for (int i = 1; i <= 4; ++i)
    q.push("e" + std::to_string(i) + "\n\n");
  EXPECT_EQ(next(q), "id: 1\ne1\n\n");
  EXPECT_EQ(next(q), "id: 2\ne2\n\n");
  EXPECT_EQ(next(q), "id: 3\ne3\n\n");
  // The stream broke after event 1 reached the client: 2 and 3 come again, before 4.
  q.replay_after(1);
  EXPECT_EQ(next(q), "id: 2\ne2\n\n");
  EXPECT_EQ(next(q), "id: 3\ne3\n\n");
  EXPECT_EQ(next(q), "id: 4\ne4\n\n");
  q.replay_after(4);
  EXPECT_EQ(next(q), "<none>") << "nothing missed";
}

TEST(EventQueue, OnlyTheLastEventsAreKept) {
  EventQueue q;
  const size_t n = EventQueue::kReplayEvents + 10;
  for (size_t i = 0; i < n; ++i)
    q.push("e\n\n");
  for (size_t i = 0; i < n; ++i)
    next(q);
  q.replay_after(0);
  size_t replayed = 0;
  while (q.pop(milliseconds(0)))
    ++replayed;
  EXPECT_EQ(replayed, EventQueue::kReplayEvents);
}

}  // namespace http_session_test
}  // namespace regreader::mcp

namespace regreader::mcp {
namespace http_session_test {

TEST(SessionTable, AFullTableDropsTheLeastRecentlyUsedIdleSession) {
  SessionTable table(3, 3);
  auto a = table.create("10.0.0.1");
  const std::string a_id = a->session.id();
  a.reset();  // idle: only the table holds it
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  auto b = table.create("10.0.0.2");
  const std::string b_id = b->session.id();
  b.reset();
  auto c = table.create("10.0.0.3");  // held: a call in flight
  auto d = table.create("10.0.0.4");
  ASSERT_TRUE(d) << "300 initialize requests must not lock new clients out";
  EXPECT_EQ(table.size(), 3u);
  EXPECT_FALSE(table.find(a_id)) << "the least recently used idle session made room";
  EXPECT_TRUE(table.find(b_id));
  EXPECT_TRUE(table.find(c->session.id()));
}

TEST(SessionTable, WhenEverySessionIsBusyANewClientIsRefused) {
  SessionTable table(2, 2);
  auto a = table.create("a");
  auto b = table.create("b");
  EXPECT_FALSE(table.create("c")) << "sessions with a stream or call in flight are never dropped";
  EXPECT_EQ(table.size(), 2u);
}

// Issue 41: 300 `initialize` requests from one local process evicted every live session. Now a
// burst displaces its own sessions, never used after `initialize`, first.
TEST(SessionTable, ABurstOfInitializeNeverLogsOutAClientInUse) {
  SessionTable table(4, 4);
  std::vector<std::string> live;
  for (int i = 0; i < 2; ++i) {
    auto s = table.create("127.0.0.1");
    live.push_back(s->session.id());
    ASSERT_TRUE(table.find(live.back()));  // notifications/initialized, tools/list …
  }
  size_t refused = 0;
  for (int i = 0; i < 300; ++i)
    if (!table.create("127.0.0.1")) ++refused;
  EXPECT_EQ(refused, 0u) << "the burst makes room among its own unused sessions";
  EXPECT_EQ(table.size(), 4u);
  for (const auto& id : live)
    EXPECT_TRUE(table.find(id)) << "a session in use survives the burst";
}

TEST(SessionTable, ASessionItsClientLeftMakesRoomFirst) {
  SessionTable table(3, 3, std::chrono::milliseconds(5));
  auto left = table.create("127.0.0.1");
  const std::string left_id = left->session.id();
  ASSERT_TRUE(table.find(left_id));
  left.reset();
  auto fresh = table.create("127.0.0.1");
  const std::string fresh_id = fresh->session.id();
  fresh.reset();
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  auto live = table.create("127.0.0.1");
  const std::string live_id = live->session.id();
  ASSERT_TRUE(table.find(live_id));
  live.reset();
  EXPECT_TRUE(table.create("127.0.0.1"));
  EXPECT_FALSE(table.find(left_id)) << "used, then idle past stale_after: its client left";
  EXPECT_TRUE(table.find(fresh_id)) << "a new client's session, not yet used, stays this time";
  EXPECT_TRUE(table.find(live_id));
  SessionTable strict(1, 1);
  auto c = strict.create("127.0.0.1");
  ASSERT_TRUE(strict.find(c->session.id()));
  c.reset();
  EXPECT_FALSE(strict.create("127.0.0.1")) << "used a moment ago: never dropped";
}

TEST(SessionTable, OneClientOverItsShareGivesUpItsOwnOldestSession) {
  SessionTable table(10, 2);
  auto other = table.create("10.0.0.9");
  const std::string other_id = other->session.id();
  other.reset();
  for (int i = 0; i < 5; ++i)
    ASSERT_TRUE(table.create("10.0.0.1")) << i;
  EXPECT_EQ(table.size(), 3u) << "the busy client keeps 2, the other client's session stays";
  EXPECT_TRUE(table.find(other_id));
}

}  // namespace http_session_test
}  // namespace regreader::mcp
