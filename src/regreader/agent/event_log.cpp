#include "regreader/agent/event_log.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "regreader/core/error.hpp"

namespace regreader::agent {

namespace {

std::string now_iso8601() {
  using namespace std::chrono;
  const auto now = system_clock::now();
  const auto ms = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
  const std::time_t t = system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
  return buf;
}

double rounded_ms(double ms) {
  return static_cast<double>(static_cast<long long>(ms * 10)) / 10;
}

}  // namespace

JsonlEventSink::JsonlEventSink(const std::filesystem::path& path)
    : file_(path, std::ios::app), out_(&file_) {
  if (!file_) throw Error(ErrorCode::kIo, "cannot open event log " + path.string());
}

void JsonlEventSink::write(const nlohmann::json& event) {
  const std::string line = event.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::lock_guard lock(mutex_);
  *out_ << line << '\n';
  out_->flush();
}

void MemoryEventSink::write(const nlohmann::json& event) {
  std::lock_guard lock(mutex_);
  events_.push_back(event);
}

std::vector<nlohmann::json> MemoryEventSink::events() const {
  std::lock_guard lock(mutex_);
  return events_;
}

EventLog::EventLog(EventSink* sink, std::string agent, std::string task_id)
    : sink_(sink), agent_(std::move(agent)), task_id_(std::move(task_id)) {}

void EventLog::emit(const std::string& type, const nlohmann::json& fields) {
  if (!sink_) return;
  nlohmann::json e = {
      {"ts", now_iso8601()}, {"type", type}, {"task_id", task_id_}, {"agent", agent_}};
  e.update(fields);
  sink_->write(e);
}

void EventLog::task_started(const std::string& query) {
  emit("task_started", {{"query", query}});
}

void EventLog::task_completed(const nlohmann::json& summary) {
  emit("task_completed", summary);
}

void EventLog::task_failed(const std::string& error_code, const std::string& message) {
  emit("task_failed", {{"error_code", error_code}, {"message", message}});
}

void EventLog::tool_call_started(const std::string& call_id, const std::string& tool,
                                 const nlohmann::json& args) {
  emit("tool_call_started", {{"call_id", call_id}, {"tool", tool}, {"args", args}});
}

void EventLog::tool_call_completed(const std::string& call_id, const std::string& tool, double ms,
                                   size_t result_chars, bool is_error) {
  emit("tool_call_completed", {{"call_id", call_id},
                               {"tool", tool},
                               {"duration_ms", rounded_ms(ms)},
                               {"result_chars", result_chars},
                               {"is_error", is_error}});
}

void EventLog::tool_call_failed(const std::string& call_id, const std::string& tool, double ms,
                                const std::string& error) {
  emit("tool_call_failed",
       {{"call_id", call_id}, {"tool", tool}, {"duration_ms", rounded_ms(ms)}, {"error", error}});
}

void EventLog::file_access_rejected(const std::string& path, const std::string& mode,
                                    const std::string& reason) {
  emit("file_access_rejected", {{"path", path}, {"mode", mode}, {"reason", reason}});
}

void EventLog::tool_call_rejected(const std::string& call_id, const std::string& tool,
                                  const std::string& reason) {
  emit("tool_call_rejected", {{"call_id", call_id}, {"tool", tool}, {"reason", reason}});
}

void EventLog::handoff(const std::string& to_agent, const std::string& reason) {
  emit("handoff", {{"to", to_agent}, {"reason", reason}});
}

std::string new_task_id() {
  static std::atomic<unsigned> counter{0};
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  const auto us = std::chrono::duration_cast<std::chrono::microseconds>(now).count();
  char buf[32];
  std::snprintf(buf, sizeof buf, "t-%010llx%02x",
                static_cast<unsigned long long>(us) & 0xffffffffffULL,
                counter.fetch_add(1) & 0xffU);
  return buf;
}

std::vector<nlohmann::json> read_event_log(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw Error(ErrorCode::kIo, "cannot read event log " + path.string());
  std::vector<nlohmann::json> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object())
      throw Error(ErrorCode::kCorruptFile,
                  path.string() + ":" + std::to_string(n) + ": not a JSON event");
    out.push_back(std::move(j));
  }
  return out;
}

// Tool arguments longer than this are cut in the replay (the JSON form keeps them whole).
constexpr size_t kMaxArgsShown = 300;

std::string format_event(const nlohmann::json& e) {
  auto str = [&](const char* k) {
    return e.contains(k) && e[k].is_string() ? e[k].get<std::string>() : std::string();
  };
  std::string ts = str("ts");
  if (ts.size() >= 23) ts = ts.substr(11, 12);  // time of day is enough on one screen
  std::string line = ts + " " + str("agent") + " " + str("task_id") + " " + str("type");
  if (!str("tool").empty()) line += " " + str("tool");
  if (e.contains("duration_ms") && e["duration_ms"].is_number())
    line += " " + std::to_string(e["duration_ms"].get<long long>()) + " ms";
  if (e.contains("is_error") && e["is_error"] == true) line += " (error)";
  for (const char* k : {"error", "reason", "message", "to"})
    if (!str(k).empty()) line += " " + std::string(k) + "=" + str(k);
  if (!str("query").empty()) line += " " + str("query");
  if (e.contains("args") && e["args"].is_object()) {
    std::string args = e["args"].dump();
    if (args.size() > kMaxArgsShown) args = args.substr(0, kMaxArgsShown) + "...";
    line += " " + args;
  }
  if (e.contains("result_chars") && e["result_chars"].is_number())
    line += " " + std::to_string(e["result_chars"].get<long long>()) + " chars";
  // A completed task: the answer, then each claim with the checker's verdict.
  if (!str("answer").empty()) {
    line += "\n  answer:";
    size_t start = 0;
    const std::string a = str("answer");
    while (start < a.size()) {
      size_t end = a.find('\n', start);
      if (end == std::string::npos) end = a.size();
      line += "\n    " + a.substr(start, end - start);
      start = end + 1;
    }
  }
  if (e.contains("claims") && e["claims"].is_array()) {
    line += e.value("checked", true) ? "\n  claims:" : "\n  claims (unchecked):";
    for (const auto& c : e["claims"]) {
      if (!c.is_object()) continue;
      line += "\n    [" + c.value("verdict", "?") + "] " + c.value("text", "");
      if (!c.value("detail", "").empty()) line += "  (" + c.value("detail", "") + ")";
    }
  }
  return line;
}

}  // namespace regreader::agent
