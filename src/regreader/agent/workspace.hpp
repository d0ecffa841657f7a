#pragma once
// A run's workspace: the "Bash + file system" way subagents exchange work. Each orchestrated or
// workflow turn gets a directory --
//
//   plan.md                  the analyzer's plan: intents, hints, chosen skills, each task
//   <agent>/task.md          what the subagent was asked
//   <agent>/tool-results/    one file per tool call: 01-get_table_by_id.json {tool, args, result}
//   <agent>/output.md        its findings, which the aggregator reads from here
//   answer.md                the answer
//   events.jsonl             every event of the run
//
// -- so a run can be inspected and replayed (`regreader run show DIR`). The guard: every agent has
// a permission entry (folders it may read and write, tools it may call); file access outside it
// is refused and recorded as a file_access_rejected event (tool calls outside it are refused by
// the agent as tool_call_rejected). `regreader events FILE --violations` lists both.

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "regreader/agent/event_log.hpp"
#include "regreader/agent/tool_provider.hpp"

namespace regreader::agent {

struct Permission {
  std::vector<std::filesystem::path> readable;  ///< relative folders ("." = the whole workspace)
  std::vector<std::filesystem::path> writable;
  std::set<std::string> tools;
};

class Workspace {
 public:
  /// `dir` empty: a new temporary directory, removed at the end unless `keep`. A given `dir` is
  /// created when missing and always kept.
  Workspace(std::filesystem::path dir, bool keep);
  ~Workspace();
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;

  const std::filesystem::path& root() const { return root_; }
  bool kept() const { return keep_; }
  /// The run's events, appended to events.jsonl (thread-safe).
  EventSink& events() { return *events_; }

  void grant(const std::string& agent, Permission p);
  const Permission* permission(const std::string& agent) const;
  /// Writes `text` to `rel` for `agent`; refused (Error kInvalidArgument, and an event) when
  /// `rel` is outside the agent's writable folders or leaves the workspace.
  void write(const std::string& agent, const std::filesystem::path& rel, const std::string& text);
  /// Reads `rel` for `agent`; refused likewise outside its readable folders.
  std::string read(const std::string& agent, const std::filesystem::path& rel) const;
  /// The regulations the run read, from the tool results on disk (every agent's
  /// tool-results/*.json that did not fail): what the answer's citations are checked against.
  std::vector<std::string> regulations_read() const;

 private:
  bool allowed(const std::vector<std::filesystem::path>& folders,
               const std::filesystem::path& rel) const;
  [[noreturn]] void refuse(const std::string& agent, const std::filesystem::path& rel,
                           const char* mode, const std::string& reason) const;

  std::filesystem::path root_;
  bool keep_;
  std::unique_ptr<EventSink> events_;
  std::map<std::string, Permission> permissions_;
  mutable std::mutex mutex_;
};

/// A subagent's tools as seen through its workspace folder: each call's arguments and result are
/// written to <agent>/tool-results/NN-<tool>.json on the agent's behalf.
class RecordingToolProvider : public ToolProvider {
 public:
  RecordingToolProvider(ToolProvider& inner, Workspace& ws, std::string agent);
  std::vector<ToolDefinition> list_tools() override { return inner_.list_tools(); }
  ToolResult call_tool(const std::string& name, const nlohmann::json& arguments) override;

 private:
  ToolProvider& inner_;
  Workspace& ws_;
  std::string agent_;
  std::mutex mutex_;
  int calls_ = 0;
};

/// What `regreader run show DIR` prints: the plan's first lines, each agent's tool results and
/// output size, the answer's first lines and the violations recorded.
std::string summarize_workspace(const std::filesystem::path& dir);

/// The *_rejected events of a log (tool calls and file access refused by the guard).
std::vector<nlohmann::json> violations(const std::vector<nlohmann::json>& events);

}  // namespace regreader::agent
