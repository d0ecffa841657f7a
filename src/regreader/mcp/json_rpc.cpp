#include "regreader/mcp/json_rpc.hpp"

#include "regreader/core/error.hpp"
#include "regreader/http/message.hpp"

namespace regreader::mcp {

json make_result(const json& id, json result) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

json make_error(const json& id, int code, const std::string& message, const json& data) {
  json err = {{"code", code}, {"message", message}};
  if (!data.is_null()) err["data"] = data;
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", err}};
}

json make_notification(const std::string& method, json params) {
  json n = {{"jsonrpc", "2.0"}, {"method", method}};
  if (!params.is_null()) n["params"] = std::move(params);
  return n;
}

json make_request(const json& id, const std::string& method, json params) {
  json r = {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
  if (!params.is_null()) r["params"] = std::move(params);
  return r;
}

std::optional<json> parse_message(std::string_view text, std::string& error) {
  try {
    return http::parse_json_body(text, kMaxMessageDepth);
  } catch (const Error& e) {
    error = std::string("Parse error: ") + e.what();
  }
  return std::nullopt;
}

MessageKind classify(const json& m) {
  // A "jsonrpc" that is not a string is invalid, not an exception.
  if (!m.is_object()) return MessageKind::kInvalid;
  const auto v = m.find("jsonrpc");
  if (v == m.end() || !v->is_string() || v->get_ref<const std::string&>() != "2.0")
    return MessageKind::kInvalid;
  const bool has_id = m.contains("id") && (m["id"].is_string() || m["id"].is_number_integer());
  if (m.contains("method")) {
    if (!m["method"].is_string()) return MessageKind::kInvalid;
    if (m.contains("params") && !m["params"].is_object() && !m["params"].is_null())
      return MessageKind::kInvalid;
    if (!m.contains("id")) return MessageKind::kNotification;
    return has_id ? MessageKind::kRequest : MessageKind::kInvalid;
  }
  if (has_id && (m.contains("result") || m.contains("error"))) return MessageKind::kResponse;
  return MessageKind::kInvalid;
}

std::string serialize(const json& message) {
  return message.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace regreader::mcp
