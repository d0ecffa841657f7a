#pragma once
// MCP over HTTP, as routes of the generic server (http/server.hpp): Streamable HTTP (POST, GET
// and DELETE /mcp; JSON or SSE replies; Mcp-Session-Id for the 2025 revisions; stateless
// 2026-07-28 requests) and, when asked, the legacy HTTP+SSE transport of 2024-11-05 (GET /sse +
// POST /messages). Errors answer as JSON-RPC error objects.

#include <cstddef>

#include "regreader/http/server.hpp"
#include "regreader/mcp/server.hpp"

namespace regreader::mcp {

struct HttpRouteOptions {
  bool legacy_sse = false;
  size_t max_sessions = 256;  ///< when full, the least recently used idle session is dropped
  /// Open SSE streams at most (GET /mcp and legacy GET /sse); 0: half the server's threads, so
  /// streams can never starve the calls.
  size_t max_streams = 0;
};

/// Registers /mcp (and /sse, /messages) on `http`; `server` answers them and must outlive it.
void add_http_routes(http::Server& http, Server& server, const HttpRouteOptions& options);

}  // namespace regreader::mcp
