#pragma once
// Named routes: each part of the server (MCP, the reading room) registers the paths it answers,
// as llama.cpp's server-http takes its routes from server.cpp. A pattern is a path whose
// segments are literal or `{name}` (one non-empty segment, handed to the handler as a
// parameter): "/api/regulations/{id}/pages/{n}". Matching splits on '/', no regular expression
// ever runs over a request.
//
// A handler that throws regreader::Error gets the status of the error table (core/error.hpp) and
// its message; any other exception is a 500 whose text stays in the server's log.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "regreader/http/message.hpp"

namespace regreader::http {

using Handler = std::function<Reply(const Request&)>;

/// The body of an error reply: `code` is the error table's name ("not_found") or an HTTP one
/// ("forbidden"). The default is {"error": {"code", "message"}}; MCP's routes answer JSON-RPC.
using ErrorBody =
    std::function<std::string(int status, std::string_view code, const std::string& message)>;

struct Route {
  std::string method;   ///< GET, POST or DELETE
  std::string pattern;  ///< "/api/regulations/{id}"
  std::string name;     ///< what the route is, for logs and listings ("regulation")
  Handler handler;
  ErrorBody error_body{};  ///< empty: the default
};

class Router {
 public:
  /// Adds a route. Throws Error(kInternal) for a malformed pattern or one already taken.
  void add(Route route);
  const std::vector<Route>& routes() const { return routes_; }

  struct Match {
    const Route* route = nullptr;  ///< null: no route of this method and path
    std::map<std::string, std::string> params;
    std::vector<std::string> allowed;  ///< methods the path has, when the method has none
  };
  Match match(const std::string& method, const std::string& path) const;

  /// Runs the request's route: its reply, a 404 (no such path), a 405 (no such method on the
  /// path) or the error the handler threw, as a reply.
  Reply dispatch(Request request) const;

  /// An error reply in the body the route (or, with none, the default) writes.
  static Reply error(const Route* route, int status, std::string_view code,
                     const std::string& message);

 private:
  std::vector<Route> routes_;
  std::vector<std::vector<std::string>> patterns_;  ///< each route's pattern, split once at add()
};

}  // namespace regreader::http
