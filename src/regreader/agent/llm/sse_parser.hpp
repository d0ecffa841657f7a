#pragma once
// Server-sent events (text/event-stream), the framing both the Anthropic and the OpenAI streaming
// APIs use. Bytes go in as the network delivers them (split anywhere, even inside a UTF-8
// character); whole events come out.

#include <functional>
#include <string>
#include <string_view>

namespace regreader::agent {

struct SseEvent {
  std::string event;  ///< the `event:` field; "" when the server sent none (OpenAI)
  std::string data;   ///< `data:` lines joined with '\n'
};

class SseParser {
 public:
  using Handler = std::function<void(const SseEvent&)>;
  explicit SseParser(Handler on_event) : on_event_(std::move(on_event)) {}

  /// Feeds raw bytes; calls the handler once per complete event (blank-line terminated).
  void feed(std::string_view bytes);
  /// Ends the stream: an event not yet terminated by a blank line is delivered.
  void finish();

 private:
  void process_line(std::string_view line);
  void dispatch();

  Handler on_event_;
  std::string buffer_;
  SseEvent current_;
  bool has_data_ = false;
};

}  // namespace regreader::agent
