#include "regreader/http/guard.hpp"

#include <algorithm>
#include <cctype>

namespace regreader::http {

namespace {

bool all_digits(const std::string& s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// "host:port", "[::1]:port" or "host" → the host part, lower-cased; "" when what follows the
// host is not a port ("[::1].evil.com", "localhost:80x"), so such a header never matches.
std::string host_part(std::string h) {
  std::transform(h.begin(), h.end(), h.begin(), [](unsigned char c) { return std::tolower(c); });
  if (const auto slash = h.find('/'); slash != std::string::npos) h.resize(slash);  // Origin path
  if (!h.empty() && h.front() == '[') {
    const auto close = h.find(']');
    if (close == std::string::npos) return {};
    const std::string rest = h.substr(close + 1);
    if (!rest.empty() && !(rest[0] == ':' && all_digits(rest.substr(1)))) return {};
    return h.substr(0, close + 1);
  }
  const auto colon = h.find(':');
  if (colon == std::string::npos) return h;
  if (h.find(':', colon + 1) != std::string::npos) return h;  // a bare IPv6 address
  return all_digits(h.substr(colon + 1)) ? h.substr(0, colon) : std::string();
}

// 127.x.y.z written as four decimal octets: the whole loopback network, nothing else.
bool is_loopback_ipv4(const std::string& h) {
  size_t start = 0;
  for (int part = 0; part < 4; ++part) {
    const size_t end = part < 3 ? h.find('.', start) : h.size();
    if (end == std::string::npos) return false;
    const std::string octet = h.substr(start, end - start);
    if (!all_digits(octet) || octet.size() > 3 || std::stoi(octet) > 255) return false;
    if (part == 0 && octet != "127") return false;
    start = end + 1;
  }
  return true;
}

}  // namespace

bool is_loopback_host(const std::string& host_header) {
  const std::string h = host_part(host_header);
  return h == "localhost" || h == "[::1]" || h == "::1" || is_loopback_ipv4(h);
}

bool is_state_changing(const std::string& method) {
  return method != "GET" && method != "HEAD" && method != "OPTIONS";
}

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// "http://127.0.0.1:8765" names the same origin as Host "127.0.0.1:8765"; a missing port is
// 80. This server speaks plain HTTP, so an https origin is another server (behind a TLS proxy,
// name it with --allow-origin).
bool same_origin(const std::string& origin, const std::string& host) {
  const auto scheme_end = origin.find("://");
  if (scheme_end == std::string::npos || host.empty()) return false;
  const std::string scheme = lower(origin.substr(0, scheme_end));
  std::string authority = lower(origin.substr(scheme_end + 3));
  if (authority.find('/') != std::string::npos) return false;  // an Origin has no path
  if (scheme != "http") return false;
  const std::string default_port = "80";
  auto with_port = [&](std::string a) {
    const bool bracketed = !a.empty() && a.front() == '[';
    const auto colon = a.rfind(':');
    const bool has_port = colon != std::string::npos && (!bracketed || colon > a.find(']')) &&
                          (bracketed || a.find(':') == colon);
    return has_port ? a : a + ":" + default_port;
  };
  return with_port(authority) == with_port(lower(host));
}

}  // namespace

GuardVerdict check_request(const GuardConfig& c, const std::string& host, const std::string& origin,
                           const std::string& authorization, bool state_changing) {
  if (!c.token.empty() && authorization != "Bearer " + c.token)
    return {401, "Unauthorized: send Authorization: Bearer <REGREADER_MCP_TOKEN>"};
  if (c.loopback_bind && !host.empty() && !is_loopback_host(host))
    return {403, "Forbidden: Host '" + host + "' is not this machine (DNS rebinding protection)"};
  if (origin.empty()) return {};  // not a browser: programs send no Origin
  const bool listed = std::find(c.allowed_origins.begin(), c.allowed_origins.end(), origin) !=
                      c.allowed_origins.end();
  if (listed) return {};
  if (origin == "null") {
    if (!state_changing) return {};
    return {403,
            "Forbidden: Origin 'null' (a sandboxed frame, a data: or file: page) may not post "
            "here"};
  }
  if (same_origin(origin, host)) return {};
  const auto scheme = origin.find("://");
  const std::string origin_host = scheme == std::string::npos ? origin : origin.substr(scheme + 3);
  if (!state_changing && is_loopback_host(origin_host)) return {};
  return {403, "Forbidden: Origin '" + origin +
                   "' is not this server's own page (allow it with --allow-origin " + origin + ")"};
}

}  // namespace regreader::http
