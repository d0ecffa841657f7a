#pragma once
// The stdio transport: newline-delimited JSON-RPC on stdin/stdout, nothing else on stdout.
// Requests run on worker threads so the reader keeps reading (a cancellation, or the client's
// answer to a sampling request, can arrive while a tool runs); writes are serialised.

#include <iosfwd>

#include "regreader/mcp/server.hpp"

namespace regreader::mcp {

/// Serves one client until `in` ends; waits for requests in flight before returning.
void serve_stdio(Server& server, std::istream& in, std::ostream& out);

}  // namespace regreader::mcp
