#include "regreader/agent/mcp_client.hpp"

#include "regreader/agent/mcp_connection.hpp"
#include "regreader/core/error.hpp"

namespace regreader::agent {

using nlohmann::json;

namespace {
// The revision we ask for; the server may answer with an older one it speaks.
constexpr const char* kProtocolVersion = "2025-11-25";
// Guards against a server that pages forever.
constexpr int kMaxToolPages = 100;
}  // namespace

McpClient::McpClient(std::unique_ptr<McpConnection> c) : conn_(std::move(c)) {}
McpClient::McpClient(McpClient&&) noexcept = default;
McpClient& McpClient::operator=(McpClient&&) noexcept = default;
McpClient::~McpClient() = default;

void McpClient::set_timeout(std::chrono::milliseconds t) {
  timeout_ = t;
}

McpClient McpClient::spawn(const std::vector<std::string>& argv, bool quiet_stderr) {
  McpClient c(make_stdio_connection(argv, quiet_stderr));
  c.initialize();
  return c;
}

McpClient McpClient::connect(const std::string& url, std::shared_ptr<HttpClient> http,
                             const std::string& bearer_token) {
  McpClient c(make_http_connection(url, std::move(http), bearer_token));
  c.initialize();
  return c;
}

json McpClient::request(const std::string& method, const json& params) {
  const json req = {
      {"jsonrpc", "2.0"}, {"id", (*next_id_)++}, {"method", method}, {"params", params}};
  const json res = conn_->roundtrip(req, timeout_);
  if (res.contains("error")) {
    const auto& e = res["error"];
    // A RegReader server names its code (the error table); another server's internal error is
    // the peer's failure, any other the request's.
    const auto& data = e.contains("data") && e["data"].is_object() ? e["data"] : json::object();
    const auto named = error_code_named(data.value("code", ""));
    const ErrorCode code = named                                     ? *named
                           : e.value("code", 0) == kRpcInternalError ? ErrorCode::kRemote
                                                                     : ErrorCode::kInvalidArgument;
    throw Error(code, "MCP " + method + ": " + e.value("message", "error"));
  }
  return res.value("result", json::object());
}

void McpClient::initialize() {
  init_ =
      request("initialize", {{"protocolVersion", kProtocolVersion},
                             {"capabilities", json::object()},
                             {"clientInfo", {{"name", "regreader-agent"}, {"version", "0.1.0"}}}});
  conn_->set_protocol_version(init_.value("protocolVersion", kProtocolVersion));
  conn_->notify({{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}});
}

json McpClient::list_tools() {
  json tools = json::array();
  json params = json::object();
  for (int page = 0; page < kMaxToolPages; ++page) {
    const json r = request("tools/list", params);
    for (const auto& t : r.value("tools", json::array()))
      tools.push_back(t);
    if (!r.contains("nextCursor") || r["nextCursor"].is_null()) break;
    params["cursor"] = r["nextCursor"];
  }
  return tools;
}

json McpClient::call_tool(const std::string& name, const json& arguments) {
  return request("tools/call", {{"name", name}, {"arguments", arguments}});
}

std::string tool_result_text(const json& r) {
  std::string out;
  for (const auto& c : r.value("content", json::array()))
    if (c.value("type", "") == "text") out += (out.empty() ? "" : "\n") + c.value("text", "");
  return out;
}

}  // namespace regreader::agent
