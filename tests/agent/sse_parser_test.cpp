#include "regreader/agent/llm/sse_parser.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace regreader::agent {
namespace sse_parser_test {

std::vector<SseEvent> parse_in_pieces(const std::string& stream, size_t piece) {
  std::vector<SseEvent> out;
  SseParser p([&](const SseEvent& e) { out.push_back(e); });
  for (size_t i = 0; i < stream.size(); i += piece)
    p.feed(std::string_view(stream).substr(i, piece));
  p.finish();
  return out;
}

TEST(SseParserTest, SameEventsWhateverTheChunking) {
  const std::string stream =
      ": comment\n"
      "event: message_start\ndata: {\"a\":\"安全\"}\n\n"
      "event: ping\r\ndata: {}\r\n\r\n"
      "data: line one\ndata: line two\n\n"
      "id: 7\nretry: 100\n\n"  // no data: not an event
      "data:no-space\n\n"
      "data: [DONE]\n\n";
  for (size_t piece : {1u, 2u, 3u, 5u, 64u, 4096u}) {
    const auto events = parse_in_pieces(stream, piece);
    ASSERT_EQ(events.size(), 5u) << "piece " << piece;
    EXPECT_EQ(events[0].event, "message_start");
    EXPECT_EQ(events[0].data, "{\"a\":\"安全\"}");
    EXPECT_EQ(events[1].event, "ping");
    EXPECT_EQ(events[1].data, "{}");
    EXPECT_EQ(events[2].event, "");
    EXPECT_EQ(events[2].data, "line one\nline two");
    EXPECT_EQ(events[3].data, "no-space");
    EXPECT_EQ(events[4].data, "[DONE]");
  }
}

TEST(SseParserTest, FinishDeliversAnUnterminatedEvent) {
  const auto events = parse_in_pieces("data: tail", 3);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].data, "tail");
}

TEST(SseParserTest, EventNameDoesNotLeakIntoTheNextEvent) {
  const auto events = parse_in_pieces("event: a\ndata: 1\n\ndata: 2\n\n", 4);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].event, "");
}

}  // namespace sse_parser_test
}  // namespace regreader::agent
