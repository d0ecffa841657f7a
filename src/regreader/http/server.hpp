#pragma once
// The HTTP server of `regreader serve --transport http`, on cpp-httplib: it listens, applies one
// guard to every route (loopback Host, Origin, bearer token: http/guard.hpp), bounds the body,
// adds the security headers to every reply, streams bodies (SSE) and serves until SIGINT or
// SIGTERM. What it answers comes from named routes the server's parts register on its router
// (mcp/http_routes.hpp, web/reading_room.hpp).

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "regreader/http/connection.hpp"
#include "regreader/http/router.hpp"

namespace regreader::http {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8765;    ///< 0: any free port
  std::string token;  ///< REGREADER_MCP_TOKEN; required to bind a non-loopback address
  std::vector<std::string> allowed_origins;  ///< extra Origin values, e.g. https://app.example
  size_t max_body_bytes = 4 << 20;           ///< larger requests get 413
  /// Worker threads: a streamed reply holds one while it is open.
  size_t threads = 32;
  /// How long a connection may take to begin a request and to send its headers.
  ConnectionLimits connections;
  /// Called once listening, with the port (tests and --port 0 read it).
  std::function<void(int port)> on_listening;
};

class Server {
 public:
  /// Throws Error(kInvalidArgument) for a non-loopback host without a token.
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  Router& router();
  const ServerOptions& options() const;
  /// Called when the server stops, before its threads are joined: a part closes its open
  /// streams here.
  void on_stop(std::function<void()> f);

  /// Serves until SIGINT or SIGTERM. Throws Error(kIo) when the port cannot be bound.
  void run();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace regreader::http
