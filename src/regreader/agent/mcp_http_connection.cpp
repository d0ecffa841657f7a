// An MCP server over Streamable HTTP: each request is a POST to the endpoint; the reply is JSON
// or an SSE stream in which the response is the message with the request's id.

#include <sstream>

#include "regreader/agent/mcp_connection.hpp"
#include "regreader/core/error.hpp"

namespace regreader::agent {

namespace {

using nlohmann::json;

// The messages of an SSE body ("data:" lines of each event, joined).
std::vector<json> sse_messages(const std::string& body) {
  std::vector<json> out;
  std::istringstream in(body);
  std::string line, data;
  auto flush = [&] {
    if (data.empty()) return;
    try {
      out.push_back(json::parse(data));
    } catch (const json::parse_error&) {
    }
    data.clear();
  };
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty())
      flush();
    else if (line.rfind("data:", 0) == 0)
      data += line.substr(line.size() > 5 && line[5] == ' ' ? 6 : 5);
  }
  flush();
  return out;
}

class HttpConnection : public McpConnection {
 public:
  HttpConnection(std::string url, std::shared_ptr<HttpClient> http, std::string token)
      : url_(std::move(url)), http_(std::move(http)), token_(std::move(token)) {}

  ~HttpConnection() override {
    if (session_.empty()) return;
    try {
      HttpRequest del = base();
      del.method = "DELETE";
      del.timeout_seconds = 5;
      http_->send(del);
    } catch (const Error&) {
    }
  }

  json roundtrip(const json& request, std::chrono::milliseconds timeout) override {
    HttpRequest req = base();
    req.body = request.dump(-1, ' ', false, json::error_handler_t::replace);
    req.timeout_seconds = static_cast<double>(timeout.count()) / 1000.0;
    const HttpResponse res = http_->send(req);
    if (const auto sid = res.header("mcp-session-id"); !sid.empty()) session_ = sid;
    if (res.status == 404 && !session_.empty())
      throw Error(ErrorCode::kRemote, "the MCP server at " + url_ + " dropped our session");
    const bool sse = res.header("content-type").find("text/event-stream") != std::string::npos;
    if (sse) {
      for (const auto& m : sse_messages(res.body))
        if (m.is_object() && m.value("id", json()) == request["id"] && !m.contains("method"))
          return m;
      throw Error(ErrorCode::kRemote, "the MCP server's event stream ended without a response");
    }
    try {
      return json::parse(res.body);
    } catch (const json::parse_error&) {
      throw Error(ErrorCode::kRemote, "HTTP " + std::to_string(res.status) + " from " + url_ +
                                          ": " + res.body.substr(0, 200));
    }
  }

  void notify(const json& n) override {
    HttpRequest req = base();
    req.body = n.dump();
    req.timeout_seconds = 10;
    http_->send(req);
  }

  void set_protocol_version(const std::string& v) override { version_ = v; }

 private:
  HttpRequest base() const {
    HttpRequest r;
    r.url = url_;
    r.headers = {{"Content-Type", "application/json"},
                 {"Accept", "application/json, text/event-stream"}};
    if (!session_.empty()) r.headers.emplace_back("Mcp-Session-Id", session_);
    if (!version_.empty()) r.headers.emplace_back("MCP-Protocol-Version", version_);
    if (!token_.empty()) r.headers.emplace_back("Authorization", "Bearer " + token_);
    return r;
  }

  std::string url_;
  std::shared_ptr<HttpClient> http_;
  std::string token_;
  std::string session_;
  std::string version_;
};

}  // namespace

std::unique_ptr<McpConnection> make_http_connection(const std::string& url,
                                                    std::shared_ptr<HttpClient> http,
                                                    const std::string& bearer_token) {
  return std::make_unique<HttpConnection>(url, std::move(http), bearer_token);
}

}  // namespace regreader::agent
