#pragma once
// A ToolProvider with the regulation tools' names and canned results, and a CitationChecker over
// a few canned pages of GB26860-2011.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "regreader/agent/citations.hpp"
#include "regreader/agent/tool_provider.hpp"

namespace regreader::testing {

using agent::ToolDefinition;
using agent::ToolResult;

inline const std::string kPage4 =
    "GB26860-2011 第4页\n表1 设备不停电时的安全距离\n电压等级 kV | 安全距离 m\n"
    "10 及以下（13.8） | 0.70\n20、35 | "
    "1.00\n注1：表中未列电压等级按高一档电压等级的安全距离执行。";

class FakeTools : public agent::ToolProvider {
 public:
  using Handler = std::function<ToolResult(const nlohmann::json&)>;

  FakeTools() {
    for (const char* n :
         {"list_regulations", "get_toc", "smart_search", "read_page_range", "search_tables",
          "get_table_by_id", "lookup_annotation", "resolve_reference"})
      handlers[n] = [n](const nlohmann::json&) {
        return ToolResult{std::string(n) + " ok", {}, false};
      };
    handlers["get_toc"] = [](const nlohmann::json&) {
      return ToolResult{"", {{"toc", {{{"title", "4 安全距离"}, {"page", 4}}}}}, false};
    };
    handlers["smart_search"] = [](const nlohmann::json&) {
      return ToolResult{"[GB26860-2011 P4] 表1 设备不停电时的安全距离 … 0.70 … 见注1", {}, false};
    };
    handlers["read_page_range"] = [](const nlohmann::json&) {
      return ToolResult{kPage4, {}, false};
    };
    handlers["lookup_annotation"] = [](const nlohmann::json&) {
      return ToolResult{"注1：表中未列电压等级按高一档电压等级的安全距离执行。", {}, false};
    };
  }

  std::vector<ToolDefinition> list_tools() override {
    std::vector<ToolDefinition> out;
    for (const auto& [name, h] : handlers)
      out.push_back(
          {name, "fake " + name, {{"type", "object"}, {"properties", nlohmann::json::object()}}});
    return out;
  }

  ToolResult call_tool(const std::string& name, const nlohmann::json& args) override {
    {
      std::lock_guard lock(mutex_);
      calls.emplace_back(name, args);
    }
    return handlers.at(name)(args);
  }

  std::vector<std::string> call_names() const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& c : calls)
      out.push_back(c.first);
    return out;
  }

  std::map<std::string, Handler> handlers;
  std::vector<std::pair<std::string, nlohmann::json>> calls;

 private:
  mutable std::mutex mutex_;
};

/// Pages of "GB26860-2011": P4 is kPage4, P1-P6 exist.
class FakePages : public tools::PageSource {
 public:
  std::vector<tools::RegulationName> names() override { return {}; }
  std::optional<std::string> resolve(const std::string& r) override {
    if (r.rfind("GB26860", 0) == 0) return std::string("GB26860-2011");
    return std::nullopt;
  }
  std::optional<tools::CitedPage> page(const std::string&, int page) override {
    if (page == 4) return tools::CitedPage{kPage4, {}};
    if (page >= 1 && page <= 6) return tools::CitedPage{"第" + std::to_string(page) + "页", {}};
    return std::nullopt;
  }
};

/// The claim checker over FakePages. The fake tools' results name no regulation, so what the
/// run read is checked only when `check_read` is set.
class FakeChecker : public agent::CitationChecker {
 public:
  bool check_read = false;
  tools::AnswerReport check(const std::string& answer,
                            const std::vector<std::string>& read) override {
    tools::CheckOptions o;
    if (check_read) o.read_regulations = read;
    return tools::check_answer_claims(answer, pages_, o);
  }

 private:
  FakePages pages_;
};

/// Lets `n` callers in only together: each waits (up to a timeout) until all have arrived.
/// Returns whether they all met, i.e. ran concurrently.
class Rendezvous {
 public:
  explicit Rendezvous(int n) : n_(n) {}
  bool arrive_and_wait(std::chrono::milliseconds timeout = std::chrono::milliseconds(3000)) {
    std::unique_lock lock(mutex_);
    if (++arrived_ >= n_) cv_.notify_all();
    return cv_.wait_for(lock, timeout, [&] { return arrived_ >= n_; });
  }

 private:
  int n_;
  int arrived_ = 0;
  std::mutex mutex_;
  std::condition_variable cv_;
};

}  // namespace regreader::testing
