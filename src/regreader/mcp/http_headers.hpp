#pragma once
// The 2026-07-28 revision's routing headers (SEP-2243): a request repeats its method, and the
// tool, prompt or resource it names, in Mcp-Method and Mcp-Name, and a tool call the arguments
// its inputSchema marks with "x-mcp-header" in Mcp-Param-<name> (literal, or "=?base64?…?="), so
// that proxies can route without reading the body. They must agree with the body.

#include <string>

#include "regreader/http/message.hpp"
#include "regreader/mcp/definition.hpp"

namespace regreader::mcp {

/// What in the headers disagrees with the message, or "" when they agree.
std::string header_mismatch(const json& msg, const http::Request& req, const ServerDefinition& def);

/// An Mcp-Param-* header value: "=?base64?...?=" is base64 (nullopt when invalid), anything else
/// is literal.
std::optional<std::string> param_header_value(const std::string& raw);

}  // namespace regreader::mcp
