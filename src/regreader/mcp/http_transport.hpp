#pragma once
// The HTTP transports on cpp-httplib: Streamable HTTP (POST/GET/DELETE /mcp; JSON or SSE
// replies; Mcp-Session-Id for the 2025 revisions; stateless 2026-07-28 requests) and, when
// asked, the legacy HTTP+SSE transport of 2024-11-05 (GET /sse + POST /messages).

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "regreader/core/error.hpp"
#include "regreader/mcp/server.hpp"

namespace regreader::mcp {

/// A request to the routes beside MCP (the reading room, its JSON API). The transport parses
/// HTTP and applies the one guard (Host, Origin, bearer token) to every route; a handler knows
/// no HTTP library.
struct WebRequest {
  std::string method;  ///< GET or POST
  std::string path;    ///< decoded: "/api/regulations/GB26860-2011/toc"
  std::map<std::string, std::string> query;
  std::string body;
};

struct WebReply {
  int status = 200;
  std::string content_type = "application/json; charset=utf-8";
  std::string body;
  std::map<std::string, std::string> headers;
  /// A body written as it is produced (text/event-stream): `write` returns false once the
  /// client has gone.
  std::function<void(const std::function<bool(const std::string&)>& write)> stream;
};

/// nullopt: no such route (404). A regreader::Error thrown becomes its status (400, 404, 413,
/// 500 …) with {"error": {"code", "message"}}: the one place errors turn into replies.
using WebHandler = std::function<std::optional<WebReply>(const WebRequest&)>;

/// The HTTP status for an error code (not found 404, bad input 400, limits 413, others 500).
int http_status_for(ErrorCode code);

struct HttpOptions {
  std::string host = "127.0.0.1";
  int port = 8765;  ///< 0: any free port
  bool legacy_sse = false;
  std::string token;  ///< REGREADER_MCP_TOKEN; required to bind a non-loopback address
  std::vector<std::string> allowed_origins;
  size_t max_body_bytes = 4 << 20;  ///< larger requests get 413
  size_t max_sessions = 256;        ///< when full, the least recently used idle session is dropped
  /// Called once listening, with the port (tests and --port 0 read it).
  std::function<void(int port)> on_listening;
  /// Every other GET, and POSTs under /api/: the reading room and its API (empty: 404).
  WebHandler web;
};

/// Serves until SIGINT or SIGTERM. Throws Error(kInvalidArgument) for a non-loopback host
/// without a token, Error(kIo) when the port cannot be bound.
void serve_http(Server& server, const HttpOptions& options);

}  // namespace regreader::mcp
