#include "regreader/agent/llm/sse_parser.hpp"

namespace regreader::agent {

void SseParser::feed(std::string_view bytes) {
  buffer_.append(bytes);
  size_t start = 0;
  for (;;) {
    const size_t nl = buffer_.find('\n', start);
    if (nl == std::string::npos) break;
    std::string_view line(buffer_.data() + start, nl - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    process_line(line);
    start = nl + 1;
  }
  buffer_.erase(0, start);
}

void SseParser::finish() {
  if (!buffer_.empty()) {
    std::string rest;
    rest.swap(buffer_);
    if (!rest.empty() && rest.back() == '\r') rest.pop_back();
    process_line(rest);
  }
  dispatch();
}

void SseParser::process_line(std::string_view line) {
  if (line.empty()) {
    dispatch();
    return;
  }
  if (line.front() == ':') return;  // comment / keep-alive
  const size_t colon = line.find(':');
  std::string_view field = line.substr(0, colon);
  std::string_view value = colon == std::string_view::npos ? "" : line.substr(colon + 1);
  if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  if (field == "data") {
    if (has_data_) current_.data += '\n';
    current_.data.append(value);
    has_data_ = true;
  } else if (field == "event") {
    current_.event.assign(value);
  }
  // id: and retry: are not used by either API.
}

void SseParser::dispatch() {
  if (has_data_) on_event_(current_);
  current_ = SseEvent{};
  has_data_ = false;
}

}  // namespace regreader::agent
