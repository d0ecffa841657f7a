#pragma once
// The byte side of McpClient: one JSON-RPC request out, its response back, over a child
// process's stdio or Streamable HTTP. Requests the server sends the client (sampling,
// elicitation) are answered "method not found": our agents offer no client features.

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/core/http_client.hpp"

namespace regreader::agent {

class McpConnection {
 public:
  virtual ~McpConnection() = default;
  /// Sends a request and returns the response message ({result} or {error}).
  virtual nlohmann::json roundtrip(const nlohmann::json& request,
                                   std::chrono::milliseconds timeout) = 0;
  virtual void notify(const nlohmann::json& notification) = 0;
  /// Remembers what initialize negotiated (HTTP sends it as a header).
  virtual void set_protocol_version(const std::string&) {}
};

std::unique_ptr<McpConnection> make_stdio_connection(const std::vector<std::string>& argv,
                                                     bool quiet_stderr);
std::unique_ptr<McpConnection> make_http_connection(const std::string& url,
                                                    std::shared_ptr<HttpClient> http,
                                                    const std::string& bearer_token);

}  // namespace regreader::agent
