#include "regreader/mcp/http_guard.hpp"

#include <algorithm>

namespace regreader::mcp {

namespace {

// "host:port", "[::1]:port" or "host" → the host part, lower-cased.
std::string host_part(std::string h) {
  std::transform(h.begin(), h.end(), h.begin(), [](unsigned char c) { return std::tolower(c); });
  if (!h.empty() && h.front() == '[') {
    const auto close = h.find(']');
    return close == std::string::npos ? h : h.substr(0, close + 1);
  }
  const auto colon = h.find(':');
  if (colon != std::string::npos && h.find(':', colon + 1) == std::string::npos)
    return h.substr(0, colon);
  return h;
}

}  // namespace

bool is_loopback_host(const std::string& host_header) {
  const std::string h = host_part(host_header);
  return h == "localhost" || h == "[::1]" || h == "::1" || h.rfind("127.", 0) == 0;
}

GuardVerdict check_request(const GuardConfig& c, const std::string& host, const std::string& origin,
                           const std::string& authorization) {
  if (!c.token.empty() && authorization != "Bearer " + c.token)
    return {401, "Unauthorized: send Authorization: Bearer <REGREADER_MCP_TOKEN>"};
  if (c.loopback_bind && !host.empty() && !is_loopback_host(host))
    return {403, "Forbidden: Host '" + host + "' is not this machine (DNS rebinding protection)"};
  if (!origin.empty() && origin != "null") {
    const auto scheme = origin.find("://");
    const std::string origin_host =
        scheme == std::string::npos ? origin : origin.substr(scheme + 3);
    const bool listed = std::find(c.allowed_origins.begin(), c.allowed_origins.end(), origin) !=
                        c.allowed_origins.end();
    if (!listed && !is_loopback_host(origin_host))
      return {403, "Forbidden: Origin '" + origin + "' is not allowed (use --allow-origin)"};
  }
  return {};
}

}  // namespace regreader::mcp
