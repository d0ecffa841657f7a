#include "regreader/mcp/session.hpp"

#include <array>

namespace regreader::mcp {

int log_level_index(const std::string& level) {
  static const std::array<const char*, 8> kLevels = {"debug", "info",     "notice", "warning",
                                                     "error", "critical", "alert",  "emergency"};
  for (size_t i = 0; i < kLevels.size(); ++i)
    if (level == kLevels[i]) return static_cast<int>(i);
  return -1;
}

void Session::set_protocol_version(const std::string& v) {
  std::lock_guard lock(m_);
  version_ = v;
}
std::string Session::protocol_version() const {
  std::lock_guard lock(m_);
  return version_;
}
void Session::set_initialized() {
  std::lock_guard lock(m_);
  initialized_ = true;
}
bool Session::initialized() const {
  std::lock_guard lock(m_);
  return initialized_;
}
void Session::set_client(const nlohmann::json& capabilities, const nlohmann::json& info) {
  std::lock_guard lock(m_);
  capabilities_ = capabilities;
  client_info_ = info;
}
nlohmann::json Session::client_capabilities() const {
  std::lock_guard lock(m_);
  return capabilities_;
}
void Session::set_log_level(const std::string& level) {
  std::lock_guard lock(m_);
  log_level_ = log_level_index(level);
}
bool Session::logs(const std::string& level) const {
  std::lock_guard lock(m_);
  return log_level_index(level) >= log_level_;
}
void Session::disable_logging() {
  std::lock_guard lock(m_);
  log_level_ = 8;  // above emergency
}
void Session::cancel(const nlohmann::json& id) {
  std::lock_guard lock(m_);
  cancelled_.insert(id.dump());
}
bool Session::is_cancelled(const nlohmann::json& id) const {
  std::lock_guard lock(m_);
  return cancelled_.count(id.dump()) > 0;
}

}  // namespace regreader::mcp
