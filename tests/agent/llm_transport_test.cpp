#include "regreader/agent/llm/llm_transport.hpp"

#include <gtest/gtest.h>

namespace regreader::agent {
namespace llm_transport_test {

TEST(LlmTransportTest, RetryAfterHeaders) {
  HttpResponse r;
  EXPECT_EQ(retry_after_seconds(r), std::nullopt);
  r.headers = {{"retry-after", "3"}};
  EXPECT_EQ(retry_after_seconds(r), 3.0);
  r.headers = {{"retry-after", "Wed, 21 Oct 2015 07:28:00 GMT"}};  // a date: use our backoff
  EXPECT_EQ(retry_after_seconds(r), std::nullopt);
  r.headers = {{"retry-after-ms", "250"}, {"retry-after", "1"}};
  EXPECT_EQ(retry_after_seconds(r), 0.25);
}

TEST(LlmTransportTest, RetryableStatuses) {
  for (int s : {408, 409, 429, 500, 502, 503, 529})
    EXPECT_TRUE(is_retryable_status(s)) << s;
  for (int s : {200, 400, 401, 403, 404, 413, 422})
    EXPECT_FALSE(is_retryable_status(s)) << s;
}

TEST(LlmTransportTest, ErrorMessagesFromEitherProvider) {
  EXPECT_EQ(error_message_of(R"({"type":"error","error":{"type":"x","message":"anthropic says"}})"),
            "anthropic says");
  EXPECT_EQ(error_message_of(R"({"error":{"message":"openai says","code":"x"}})"), "openai says");
  EXPECT_EQ(error_message_of(R"({"error":"plain"})"), "plain");
  EXPECT_EQ(error_message_of("<html>502 Bad Gateway</html>\n"), "<html>502 Bad Gateway</html>");
  EXPECT_EQ(error_message_of(""), "(empty body)");
}

}  // namespace llm_transport_test
}  // namespace regreader::agent
