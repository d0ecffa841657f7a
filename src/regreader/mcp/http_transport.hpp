#pragma once
// The HTTP transports on cpp-httplib: Streamable HTTP (POST/GET/DELETE /mcp; JSON or SSE
// replies; Mcp-Session-Id for the 2025 revisions; stateless 2026-07-28 requests) and, when
// asked, the legacy HTTP+SSE transport of 2024-11-05 (GET /sse + POST /messages).

#include <functional>
#include <string>
#include <vector>

#include "regreader/mcp/server.hpp"

namespace regreader::mcp {

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
};

/// Serves until SIGINT or SIGTERM. Throws Error(kInvalidArgument) for a non-loopback host
/// without a token, Error(kIo) when the port cannot be bound.
void serve_http(Server& server, const HttpOptions& options);

}  // namespace regreader::mcp
