#pragma once
// What an agent did, as JSON Lines events: task_started / task_completed / task_failed,
// tool_call_started / tool_call_completed / tool_call_failed / tool_call_rejected, handoff.
// Every event has "ts" (UTC, ISO 8601 with milliseconds), "type", "task_id" and "agent".
// `--events FILE` writes them; `regreader events FILE` reads them back (read_event_log).

#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace regreader::agent {

/// Where events go. Implementations must accept writes from several threads.
class EventSink {
 public:
  virtual ~EventSink() = default;
  virtual void write(const nlohmann::json& event) = 0;
};

/// One JSON object per line to a stream (a file, or std::cerr).
class JsonlEventSink : public EventSink {
 public:
  explicit JsonlEventSink(std::ostream& out) : out_(&out) {}
  /// Appends to `path`; throws Error(kIo) when it cannot be opened.
  explicit JsonlEventSink(const std::filesystem::path& path);
  void write(const nlohmann::json& event) override;

 private:
  std::ofstream file_;
  std::ostream* out_;
  std::mutex mutex_;
};

/// Keeps events in memory (tests, and the CLI summarising a run).
class MemoryEventSink : public EventSink {
 public:
  void write(const nlohmann::json& event) override;
  std::vector<nlohmann::json> events() const;

 private:
  mutable std::mutex mutex_;
  std::vector<nlohmann::json> events_;
};

/// Every event to each of several sinks (the terminal, --events FILE, a run's workspace).
class TeeEventSink : public EventSink {
 public:
  explicit TeeEventSink(std::vector<EventSink*> sinks) : sinks_(std::move(sinks)) {}
  void write(const nlohmann::json& e) override {
    for (auto* s : sinks_)
      if (s) s->write(e);
  }

 private:
  std::vector<EventSink*> sinks_;
};

/// Emits the events of one task. A null sink makes every call a no-op.
class EventLog {
 public:
  EventLog(EventSink* sink, std::string agent, std::string task_id);

  void task_started(const std::string& query);
  void task_completed(const nlohmann::json& summary);
  void task_failed(const std::string& error_code, const std::string& message);
  void tool_call_started(const std::string& call_id, const std::string& tool,
                         const nlohmann::json& args);
  void tool_call_completed(const std::string& call_id, const std::string& tool, double ms,
                           size_t result_chars, bool is_error);
  void tool_call_failed(const std::string& call_id, const std::string& tool, double ms,
                        const std::string& error);
  /// A call the agent refused: a tool outside its allowed set, or malformed arguments.
  void tool_call_rejected(const std::string& call_id, const std::string& tool,
                          const std::string& reason);
  void handoff(const std::string& to_agent, const std::string& reason);
  /// Reading or writing a workspace file outside the agent's folders, refused by the guard.
  void file_access_rejected(const std::string& path, const std::string& mode,
                            const std::string& reason);

  const std::string& task_id() const { return task_id_; }

 private:
  void emit(const std::string& type, const nlohmann::json& fields);

  EventSink* sink_;
  std::string agent_;
  std::string task_id_;
};

/// A new task id: "t-" + 12 hex digits from the clock and a counter.
std::string new_task_id();

/// Reads a JSON Lines event file; throws Error(kIo) when it cannot be read and Error(kCorruptFile)
/// naming the line when a line is not a JSON object.
std::vector<nlohmann::json> read_event_log(const std::filesystem::path& path);

/// One line for people: "12:00:01.250 react t-… tool_call_completed smart_search 35 ms".
std::string format_event(const nlohmann::json& event);

}  // namespace regreader::agent
