#pragma once
// RegReader's agents reach the regulations only through MCP, as external agents do: this client
// starts `regreader serve --transport stdio` itself (or any command), or connects to a
// Streamable HTTP endpoint (REGREADER_MCP_URL), initializes, lists tools and calls them.

#include <atomic>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/core/http_client.hpp"

namespace regreader::agent {

class McpConnection;

class McpClient {
 public:
  /// Starts `argv` as a child process speaking MCP over stdio (its stderr goes to ours, or to
  /// /dev/null with `quiet_stderr`) and initializes.
  static McpClient spawn(const std::vector<std::string>& argv, bool quiet_stderr = true);
  /// Connects to a Streamable HTTP endpoint (http://host:port/mcp) and initializes.
  static McpClient connect(const std::string& url, std::shared_ptr<HttpClient> http,
                           const std::string& bearer_token = "");

  McpClient(McpClient&&) noexcept;
  McpClient& operator=(McpClient&&) noexcept;
  ~McpClient();

  /// The tool descriptors from tools/list (all pages).
  nlohmann::json list_tools();
  /// Thread-safe after construction: calls from several threads run concurrently.
  /// A CallToolResult ({content, structuredContent?, isError?}). A JSON-RPC error (unknown tool)
  /// throws Error(kInvalidArgument); a dead server or timeout throws Error(kRemote/kNetwork).
  nlohmann::json call_tool(const std::string& name, const nlohmann::json& arguments);
  /// What the server said at initialize (serverInfo, protocolVersion, instructions …).
  const nlohmann::json& server_info() const { return init_; }

  /// Per-request time limit (default 120 s).
  void set_timeout(std::chrono::milliseconds t);

 private:
  explicit McpClient(std::unique_ptr<McpConnection> c);
  nlohmann::json request(const std::string& method, const nlohmann::json& params);
  void initialize();

  std::unique_ptr<McpConnection> conn_;
  nlohmann::json init_;
  std::unique_ptr<std::atomic<int>> next_id_ = std::make_unique<std::atomic<int>>(1);
  std::chrono::milliseconds timeout_{120000};
};

/// The text of a CallToolResult's content blocks, joined.
std::string tool_result_text(const nlohmann::json& call_tool_result);

}  // namespace regreader::agent
