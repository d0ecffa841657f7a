#include "regreader/mcp/http_headers.hpp"

#include <optional>

namespace regreader::mcp {

namespace {

std::string trim_ows(const std::string& v) {
  const auto b = v.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return v.substr(b, v.find_last_not_of(" \t") - b + 1);
}

// Strict base64 (RFC 4648 alphabet, padded to a multiple of 4), or nullopt.
std::optional<std::string> decode_base64(const std::string& in) {
  static const std::string kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  if (in.size() % 4 != 0) return std::nullopt;
  const size_t pad = in.size() - in.find_last_not_of('=') - 1;
  if (pad > 2 || in.find('=') < in.size() - pad) return std::nullopt;
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (size_t i = 0; i < in.size() - pad; ++i) {
    const auto v = kAlphabet.find(in[i]);
    if (v == std::string::npos) return std::nullopt;
    acc = (acc << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((acc >> bits) & 0xff));
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> param_header_value(const std::string& raw) {
  const std::string v = trim_ows(raw);
  static const std::string kOpen = "=?base64?", kClose = "?=";
  if (v.size() >= kOpen.size() + kClose.size() && v.rfind(kOpen, 0) == 0 &&
      v.compare(v.size() - kClose.size(), kClose.size(), kClose) == 0)
    return decode_base64(v.substr(kOpen.size(), v.size() - kOpen.size() - kClose.size()));
  return v;
}

std::string header_mismatch(const json& msg, const http::Request& req,
                            const ServerDefinition& def) {
  const std::string method = msg.value("method", "");
  if (trim_ows(req.header("Mcp-Method")) != method)
    return "Mcp-Method header does not match the request's method '" + method + "'";
  const json params = msg.value("params", json::object());
  const char* key = method == "resources/read"                          ? "uri"
                    : method == "tools/call" || method == "prompts/get" ? "name"
                                                                        : nullptr;
  if (!key || !params.is_object() || !params.contains(key) || !params[key].is_string()) return "";
  if (trim_ows(req.header("Mcp-Name")) != params[key].get<std::string>())
    return "Mcp-Name header does not match params." + std::string(key);
  if (method != "tools/call") return "";
  const json args = params.value("arguments", json::object());
  for (const auto& tool : def.tools) {
    if (tool.descriptor.value("name", "") != params["name"]) continue;
    const json props =
        tool.descriptor.value("inputSchema", json::object()).value("properties", json::object());
    for (const auto& [name, schema] : props.items()) {
      if (!schema.is_object() || !schema.contains("x-mcp-header") || !args.is_object() ||
          !args.contains(name))
        continue;
      const std::string header = "Mcp-Param-" + schema["x-mcp-header"].get<std::string>();
      if (req.headers.find(header) == req.headers.end()) return header + " header is missing";
      const json& arg = args[name];
      const auto value = param_header_value(req.header(header));
      if (!value) return header + " header is not valid base64";
      if (*value != (arg.is_string() ? arg.get<std::string>() : arg.dump()))
        return header + " header does not match arguments." + name;
    }
  }
  return "";
}

}  // namespace regreader::mcp
