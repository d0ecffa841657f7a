#pragma once
// Who may talk to the HTTP transport: DNS-rebinding protection (Host and Origin must name this
// machine unless configured otherwise) and the bearer token. Pure functions, tested without
// sockets.

#include <string>
#include <vector>

namespace regreader::http {

struct GuardConfig {
  bool loopback_bind = true;  ///< the server listens on 127.0.0.1 / ::1 / localhost only
  std::string token;          ///< required as "Authorization: Bearer <token>" when not empty
  std::vector<std::string> allowed_origins;  ///< extra Origin values, e.g. https://app.example
};

struct GuardVerdict {
  int status = 0;  ///< 0: allowed; else the HTTP status to answer (401, 403)
  std::string message;
};

/// True for localhost, 127.x.x.x, ::1 and [::1], with or without a port.
bool is_loopback_host(const std::string& host_header);

/// True for methods that change state or start work (POST, PUT, PATCH, DELETE).
bool is_state_changing(const std::string& method);

/// Checks one request's Host, Origin and Authorization headers (empty when absent).
/// A request that changes state (`state_changing`) from a browser must come from this server's
/// own origin (Origin names the same host and port as Host) or from a configured origin;
/// `Origin: null` (sandboxed iframes, data: pages, file: pages) is refused. A read (GET) may
/// come from any page on this machine: the browser does not let that page read the reply.
GuardVerdict check_request(const GuardConfig& config, const std::string& host,
                           const std::string& origin, const std::string& authorization,
                           bool state_changing = true);

}  // namespace regreader::http
