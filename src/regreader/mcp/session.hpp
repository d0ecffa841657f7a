#pragma once
// State the protocol keeps per client: the negotiated revision, the log level, the requests the
// client cancelled. A stdio connection is one session; over HTTP, sessions are keyed by
// Mcp-Session-Id (2025-era) or made per request (the stateless 2026-07-28 revision).

#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace regreader::mcp {

class Session {
 public:
  explicit Session(std::string id = "") : id_(std::move(id)) {}
  const std::string& id() const { return id_; }

  void set_protocol_version(const std::string& v);
  std::string protocol_version() const;
  void set_initialized();
  bool initialized() const;
  void set_client(const nlohmann::json& capabilities, const nlohmann::json& info);
  nlohmann::json client_capabilities() const;
  /// syslog levels as MCP names them: debug < info < notice < warning < error < critical …
  void set_log_level(const std::string& level);
  bool logs(const std::string& level) const;
  /// No log messages at all (a 2026-07-28 request that set no logLevel).
  void disable_logging();

  void cancel(const nlohmann::json& request_id);
  bool is_cancelled(const nlohmann::json& request_id) const;

 private:
  std::string id_;
  mutable std::mutex m_;
  std::string version_;
  bool initialized_ = false;
  nlohmann::json capabilities_ = nlohmann::json::object();
  nlohmann::json client_info_ = nlohmann::json::object();
  int log_level_ = 1;  // info
  std::set<std::string> cancelled_;
};

/// Index of an MCP log level name (debug = 0 … emergency = 7), or -1 when unknown.
int log_level_index(const std::string& level);

}  // namespace regreader::mcp
