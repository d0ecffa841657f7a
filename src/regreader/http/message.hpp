#pragma once
// A request and its reply as the routes see them: no HTTP library in sight. The server
// (http/server.hpp) parses HTTP into a Request and writes a Reply back; a route's handler only
// reads the one and fills the other.

#include <functional>
#include <map>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace regreader::http {

/// Header names compare without case (RFC 9110).
struct Caseless {
  bool operator()(const std::string& a, const std::string& b) const;
};

struct Request {
  std::string method;  ///< GET, POST, DELETE (HEAD arrives as GET)
  std::string path;    ///< decoded: "/api/regulations/GB26860-2011/toc"
  std::map<std::string, std::string> query{};
  std::map<std::string, std::string, Caseless> headers{};
  std::string body{};
  std::string remote_addr{};
  /// The `{name}` segments of the route that matched ("/pages/{n}" → n).
  std::map<std::string, std::string> params{};

  /// A header's value, "" when absent.
  std::string header(const std::string& name) const;
  /// A route parameter, "" when the route has none of that name.
  std::string param(const std::string& name) const;
  /// A query parameter, "" when absent.
  std::string query_value(const std::string& name) const;
};

struct Reply {
  int status = 200;
  std::string content_type = "application/json; charset=utf-8";
  std::string body;
  std::map<std::string, std::string, Caseless> headers;
  /// Writes one piece of a streamed body; false once the client has gone.
  using Write = std::function<bool(std::string_view)>;
  /// A body written as it is produced (text/event-stream), instead of `body`. Called once on a
  /// server thread; it returns when the stream is complete or `write` returned false.
  std::function<void(const Write& write)> stream;
  /// Called when the reply is finished with (the stream ended, the client went, or the reply was
  /// never sent): what the stream held is released here.
  std::function<void()> on_close;
};

/// A JSON reply.
Reply json_reply(const nlohmann::json& body, int status = 200);

/// The parsed JSON body of a request: at most `max_depth` levels of nesting, so no reply or log
/// line ever walks a hostile document recursively. Throws Error(kInvalidArgument) saying what is
/// wrong (not JSON, too deep, a number out of range).
nlohmann::json parse_json_body(std::string_view body, int max_depth = 64);

}  // namespace regreader::http
