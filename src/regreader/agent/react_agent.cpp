#include "regreader/agent/react_agent.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include <chrono>
#include <future>

#include "regreader/agent/answer_check.hpp"
#include "regreader/agent/prompts.hpp"
#include "regreader/agent/task_envelope.hpp"
#include "regreader/core/error.hpp"

namespace regreader::agent {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

void append_thinking(std::string& thinking, const ChatResponse& reply) {
  for (const auto& b : reply.content) {
    if ((b.type != ContentBlock::Type::kText && b.type != ContentBlock::Type::kThinking) ||
        b.text.empty())
      continue;
    if (!thinking.empty()) thinking += '\n';
    thinking += b.text;
  }
}

}  // namespace

bool trim_tool_result(std::string& text, size_t budget) {
  if (text.size() <= budget) return false;
  const size_t total = text.size();
  size_t cut = budget;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
    --cut;
  text.resize(cut);
  text += "\n…[结果过长，已截断：显示 " + std::to_string(cut) + " / " + std::to_string(total) +
          " 字节。请缩小页码范围，或用 get_table_by_id 读取完整表格]";
  return true;
}

ReactAgent::ReactAgent(LlmClient& llm, ToolProvider& tools, ReactOptions options, EventSink* events,
                       CitationChecker* checker)
    : llm_(llm), tools_(tools), options_(std::move(options)), events_(events), checker_(checker) {
  if (options_.system_prompt.empty()) options_.system_prompt = react_system_prompt();
}

const std::vector<ToolDefinition>& ReactAgent::tools() {
  if (!offered_) {
    offered_.emplace();
    for (auto& t : tools_.list_tools())
      if (!options_.allowed_tools || options_.allowed_tools->count(t.name))
        offered_->push_back(std::move(t));
  }
  return *offered_;
}

bool ReactAgent::is_offered(const std::string& name) {
  for (const auto& t : tools())
    if (t.name == name) return true;
  return false;
}

AgentResponse ReactAgent::run(const std::string& query, const TextCallback& on_text) {
  return run_task(events_, options_.agent_name, query, [&](EventLog& log, nlohmann::json&) {
    AgentResponse r = run_loop(query, on_text, log);
    history_.push_back(Message::user_text(query));
    history_.push_back(Message{Role::kAssistant, {ContentBlock::make_text(r.content)}});
    const size_t keep = 2 * static_cast<size_t>(std::max(0, options_.max_history_turns));
    if (history_.size() > keep)
      history_.erase(history_.begin(), history_.end() - static_cast<long>(keep));
    return r;
  });
}

AgentResponse ReactAgent::run_loop(const std::string& query, const TextCallback& on_text,
                                   EventLog& log) {
  const auto t0 = Clock::now();
  AgentResponse r;
  std::vector<Message> messages = history_;
  messages.push_back(Message::user_text(query));
  ChatRequest req;
  req.system = options_.system_prompt;
  req.tools = tools();
  req.max_tokens = options_.max_tokens;
  req.temperature = options_.temperature;
  req.stream = options_.stream;
  for (;;) {
    req.messages = messages;
    ChatResponse reply = call_model(llm_, req, options_.agent_name, r, on_text);
    const auto calls = reply.tool_uses();
    if (calls.empty()) {
      r.content = reply.text();
      if (reply.stop_reason == StopReason::kMaxTokens) r.outcome = AgentOutcome::kMaxTokens;
      break;
    }
    append_thinking(r.thinking, reply);
    if (r.turns >= options_.max_turns || r.usage.total() >= options_.max_total_tokens) {
      r.outcome =
          r.turns >= options_.max_turns ? AgentOutcome::kTurnLimit : AgentOutcome::kTokenBudget;
      break;
    }
    const auto t_tools = Clock::now();
    auto outcomes = execute_calls(calls, log);
    r.timings.tools_ms += ms_since(t_tools);
    Message results{Role::kUser, {}};
    for (auto& o : outcomes) {
      r.tool_calls.push_back(std::move(o.record));
      results.content.push_back(std::move(o.result));
    }
    messages.push_back(Message{Role::kAssistant, std::move(reply.content)});
    messages.push_back(std::move(results));
  }
  finish_answer(r);
  r.timings.llm_wall_ms = r.timings.llm_ms;
  r.timings.total_ms = ms_since(t0);
  return r;
}

void ReactAgent::finish_answer(AgentResponse& r) {
  if (r.outcome == AgentOutcome::kTurnLimit)
    r.content = "已达到最多 " + std::to_string(options_.max_turns) +
                " 轮模型调用，仍未得出结论。请把问题缩小到具体规程或设备后重试。";
  if (r.outcome == AgentOutcome::kTokenBudget)
    r.content = "已用完本次问答的 token 预算（" + std::to_string(options_.max_total_tokens) +
                "），仍未得出结论。请把问题缩小后重试。";
  if (r.outcome != AgentOutcome::kAnswered)
    r.warnings.push_back("run ended: " + std::string(agent_outcome_name(r.outcome)));
  check_answer(r, checker_, options_.agent_name);
}

std::vector<ReactAgent::CallOutcome> ReactAgent::execute_calls(
    const std::vector<const ContentBlock*>& calls, EventLog& log) {
  std::vector<CallOutcome> out;
  out.reserve(calls.size());
  if (calls.size() == 1 || !options_.parallel_tool_calls) {
    for (const auto* c : calls)
      out.push_back(execute_call(*c, log));
    return out;
  }
  tools();  // list the tools once, before the threads ask is_offered()
  std::vector<std::future<CallOutcome>> futures;
  futures.reserve(calls.size());
  for (const auto* c : calls)
    futures.push_back(
        std::async(std::launch::async, [this, c, &log] { return execute_call(*c, log); }));
  for (auto& f : futures)
    out.push_back(f.get());
  return out;
}

ReactAgent::CallOutcome ReactAgent::execute_call(const ContentBlock& call, EventLog& log) {
  CallOutcome o;
  ToolCallRecord& rec = o.record;
  rec.id = call.id;
  rec.name = call.name;
  rec.args = call.malformed_input ? nlohmann::json(*call.malformed_input) : call.input;
  auto refuse = [&](const std::string& reason) {
    rec.is_error = true;
    rec.error = reason;
    log.tool_call_rejected(call.id, call.name, reason);
    spdlog::warn("{}: refused tool call {}: {}", options_.agent_name, call.name, reason);
    o.result = ContentBlock::make_tool_result(call.id, reason, true);
    return o;
  };
  if (!is_offered(call.name)) {
    std::string names;
    for (const auto& t : tools())
      names += (names.empty() ? "" : ", ") + t.name;
    return refuse("tool '" + call.name + "' is not available to this agent; available: " + names);
  }
  if (call.malformed_input)
    return refuse("invalid arguments for " + call.name +
                  ": not a JSON object: " + call.malformed_input->substr(0, 200) +
                  ". Call the tool again with one JSON object matching its input_schema.");
  log.tool_call_started(call.id, call.name, call.input);
  const auto t0 = Clock::now();
  std::string text;
  try {
    const ToolResult result = tools_.call_tool(call.name, call.input);
    text = result.text();
    rec.is_error = result.is_error;
    if (result.is_error)
      rec.error = text.substr(0, 300);
    else if (call.name != "verify_answer")  // its result names what was cited, not read
      rec.regulations = regulations_in(call.input, result.structured);
    rec.duration_ms = ms_since(t0);
    log.tool_call_completed(call.id, call.name, rec.duration_ms, text.size(), rec.is_error);
  } catch (const std::exception& e) {
    rec.duration_ms = ms_since(t0);
    rec.is_error = true;
    rec.error = e.what();
    text = "tool " + call.name + " failed: " + e.what();
    log.tool_call_failed(call.id, call.name, rec.duration_ms, e.what());
  }
  rec.result_chars = text.size();
  rec.truncated = trim_tool_result(text, options_.max_tool_result_bytes);
  o.result = ContentBlock::make_tool_result(call.id, std::move(text), rec.is_error);
  return o;
}

}  // namespace regreader::agent
