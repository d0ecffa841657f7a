// The per-session event queue of the HTTP transports: ids on every event, and the replay a
// client gets when it reconnects with Last-Event-ID.

#include "regreader/mcp/http_session.hpp"

#include <gtest/gtest.h>

namespace regreader::mcp {
namespace {

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

}  // namespace
}  // namespace regreader::mcp
