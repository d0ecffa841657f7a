#include "regreader/web/ask_stream.hpp"

#include <mutex>

#include "regreader/agent/citations.hpp"
#include "regreader/agent/conversation.hpp"
#include "regreader/agent/event_log.hpp"
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/agent/local_tools.hpp"
#include "regreader/core/error.hpp"
#include "regreader/index/library.hpp"
#include "regreader/tools/store_page_source.hpp"

namespace regreader::web {

namespace {

using nlohmann::json;

std::string sse(const char* event, const json& data) {
  return std::string("event: ") + event + "\ndata: " + data.dump() + "\n\n";
}

// Tool calls as they start, for the panel.
class ToolEvents : public agent::EventSink {
 public:
  explicit ToolEvents(const http::Reply::Write& write) : write_(write) {}
  void write(const json& e) override {
    if (e.value("type", "") == "tool_call_started")
      write_(sse("tool", {{"tool", e.value("tool", "")}}));
  }

 private:
  const http::Reply::Write& write_;
};

}  // namespace

http::Reply ask_stream(std::shared_ptr<index::LibraryPool> pool, bool advanced,
                       const std::string& body) {
  const json req = http::parse_json_body(body.empty() ? "{}" : body);
  if (!req.is_object() || (req.contains("question") && !req["question"].is_string()))
    throw Error(ErrorCode::kInvalidArgument, "the body must be {\"question\": \"…\"}");
  const std::string question = req.value("question", "");
  if (question.find_first_not_of(" \t\r\n") == std::string::npos)
    throw Error(ErrorCode::kInvalidArgument, "the question is empty");
  // Decided before streaming, so a missing LLM is a plain error reply saying what to set.
  const agent::LlmConfig config = agent::resolve_llm_config({}, {}, agent::language_of(question));
  http::Reply r;
  r.content_type = "text/event-stream";
  r.headers["Cache-Control"] = "no-cache";
  r.stream = [pool, advanced, question, config](const http::Reply::Write& unlocked) {
    // The tool calls of one turn run concurrently and each reports its start: one writer at a
    // time on the stream.
    std::mutex m;
    const http::Reply::Write write = [&](std::string_view chunk) {
      std::lock_guard lock(m);
      return unlocked(chunk);
    };
    try {
      // No read snapshot: a run's tool calls each see the library as it is when they run.
      const auto lease = pool->lease(false);
      const index::Library& lib = *lease;
      agent::LocalTools tools(lib, advanced);
      tools::StorePageSource source(lib.documents(), lib.aliases());
      agent::SourceCitationChecker checker(source);
      ToolEvents events(write);
      agent::ConversationOptions o;
      o.run.stream = true;
      o.run.on_text = [&](std::string_view d) { write(sse("text", {{"text", std::string(d)}})); };
      agent::Conversation conversation(config, std::move(o), tools, &checker, &events);
      const auto answer = conversation.ask(question);
      write(sse("done", {{"claims", answer.claims}, {"ok", answer.failed_claims() == 0}}));
    } catch (const std::exception& e) {
      write(sse("error", {{"message", e.what()}}));
    }
  };
  return r;
}

}  // namespace regreader::web
