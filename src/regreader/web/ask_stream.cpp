#include "regreader/web/ask_stream.hpp"

#include <mutex>

#include "regreader/agent/citations.hpp"
#include "regreader/agent/event_log.hpp"
#include "regreader/agent/llm/llm_config.hpp"
#include "regreader/agent/react_agent.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/http_client.hpp"
#include "regreader/index/library.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/store_page_source.hpp"

namespace regreader::web {

namespace {

using nlohmann::json;

// The tools of this server, called directly: the same specs and arguments as over MCP.
class LocalTools : public agent::ToolProvider {
 public:
  LocalTools(const index::Library& lib, bool advanced)
      : lib_(lib), table_(tools::tool_table(advanced)) {}
  std::vector<agent::ToolDefinition> list_tools() override {
    std::vector<agent::ToolDefinition> out;
    for (const auto& t : table_)
      out.push_back({t.name, t.description, t.input_schema});
    return out;
  }
  agent::ToolResult call_tool(const std::string& name, const json& args) override {
    const auto* spec = tools::find_tool(table_, name);
    if (!spec) return {"unknown tool " + name, nullptr, true};
    const tools::ToolContext ctx{
        lib_.engine(), lib_.data_dir(), &lib_.synonyms(), {}, &lib_.aliases()};
    try {
      std::lock_guard lock(m_);  // one store connection: calls of one turn take turns
      auto r = tools::call_tool(*spec, ctx, args);
      return {r.readable(), r.structured, false};
    } catch (const Error& e) {
      return {e.what(), nullptr, true};
    }
  }

 private:
  const index::Library& lib_;
  std::vector<tools::ToolSpec> table_;
  std::mutex m_;
};

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
  const agent::LlmConfig config = agent::resolve_llm_config();
  http::Reply r;
  r.content_type = "text/event-stream";
  r.headers["Cache-Control"] = "no-cache";
  r.stream = [pool, advanced, question, config](const http::Reply::Write& write) {
    try {
      // No read snapshot: a run's tool calls each see the library as it is when they run.
      const auto lease = pool->lease(false);
      const index::Library& lib = *lease;
      LocalTools tools(lib, advanced);
      tools::StorePageSource source(lib.documents(), lib.aliases());
      agent::SourceCitationChecker checker(source);
      ToolEvents events(write);
      auto http = make_curl_client();
      auto llm = agent::make_llm_client(config, *http);
      agent::ReactOptions o;
      o.stream = true;
      o.parallel_tool_calls = false;
      agent::ReactAgent a(*llm, tools, o, &events, &checker);
      const auto answer = a.run(question, [&](std::string_view d) {
        write(sse("text", {{"text", std::string(d)}}));
      });
      write(sse("done", {{"claims", answer.claims}, {"ok", answer.failed_claims() == 0}}));
    } catch (const std::exception& e) {
      write(sse("error", {{"message", e.what()}}));
    }
  };
  return r;
}

}  // namespace regreader::web
