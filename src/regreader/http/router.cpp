#include "regreader/http/router.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "regreader/core/error.hpp"

namespace regreader::http {

namespace {

// "/a//b/" → {"a", "b"}: empty segments do not count, as a browser's path normalisation would.
std::vector<std::string> segments(std::string_view path) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= path.size()) {
    const size_t slash = std::min(path.find('/', start), path.size());
    if (slash > start) out.emplace_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return out;
}

bool is_param(const std::string& segment) {
  return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

std::optional<std::map<std::string, std::string>> match_pattern(
    const std::vector<std::string>& pattern, const std::vector<std::string>& path) {
  if (pattern.size() != path.size()) return std::nullopt;
  std::map<std::string, std::string> params;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (is_param(pattern[i]))
      params[pattern[i].substr(1, pattern[i].size() - 2)] = path[i];
    else if (pattern[i] != path[i])
      return std::nullopt;
  }
  return params;
}

std::string default_error_body(int, std::string_view code, const std::string& message) {
  return nlohmann::json{{"error", {{"code", std::string(code)}, {"message", message}}}}.dump(
      -1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

void Router::add(Route route) {
  if (route.pattern.empty() || route.pattern.front() != '/' || !route.handler)
    throw Error(ErrorCode::kInternal, "route '" + route.name + "': bad pattern or no handler");
  auto pattern = segments(route.pattern);
  for (size_t i = 0; i < routes_.size(); ++i)
    if (routes_[i].method == route.method && patterns_[i] == pattern)
      throw Error(ErrorCode::kInternal, route.method + " " + route.pattern +
                                            " is taken by route '" + routes_[i].name + "'");
  routes_.push_back(std::move(route));
  patterns_.push_back(std::move(pattern));
}

Router::Match Router::match(const std::string& method, const std::string& path) const {
  const auto parts = segments(path);
  Match m;
  int best = -1;  // the most literal segments win: "/mcp" before "/{asset}", whatever the order
  for (size_t i = 0; i < routes_.size(); ++i) {
    const Route& r = routes_[i];
    const auto& pattern = patterns_[i];
    auto params = match_pattern(pattern, parts);
    if (!params) continue;
    if (r.method != method) {
      m.allowed.push_back(r.method);
      continue;
    }
    const int literal = static_cast<int>(pattern.size() - params->size());
    if (literal > best) {
      best = literal;
      m.route = &r;
      m.params = std::move(*params);
    }
  }
  if (m.route) m.allowed.clear();
  return m;
}

Reply Router::error(const Route* route, int status, std::string_view code,
                    const std::string& message) {
  Reply r;
  r.status = status;
  r.body = route && route->error_body ? route->error_body(status, code, message)
                                      : default_error_body(status, code, message);
  return r;
}

Reply Router::dispatch(Request request) const {
  auto m = match(request.method, request.path);
  if (!m.route) {
    if (m.allowed.empty())
      return error(nullptr, 404, error_code_name(ErrorCode::kNotFound),
                   "no such page: " + request.path);
    std::string allow;
    for (const auto& a : m.allowed)
      allow += (allow.empty() ? "" : ", ") + a;
    auto r = error(nullptr, 405, "method_not_allowed",
                   request.method + " is not allowed on " + request.path + " (only " + allow + ")");
    r.headers["Allow"] = allow;
    return r;
  }
  request.params = std::move(m.params);
  try {
    return m.route->handler(request);
  } catch (const Error& e) {
    return error(m.route, error_traits(e.code()).http_status, error_code_name(e.code()), e.what());
  } catch (const std::exception& e) {
    // A bug: its text may name files or queries, so it goes to the log, not to the client.
    spdlog::error("{} {} (route {}): {}", request.method, request.path, m.route->name, e.what());
    return error(m.route, 500, error_code_name(ErrorCode::kInternal),
                 "internal error (the server's log says more)");
  }
}

}  // namespace regreader::http
