#pragma once
// JSON-RPC 2.0 messages as MCP uses them: building responses, errors and notifications, and the
// one exception type handlers throw for protocol-level errors.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "regreader/core/error.hpp"

namespace regreader::mcp {

using nlohmann::json;

namespace rpc {
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;
/// MCP up to 2025-11-25: a resource URI that does not exist (2026-07-28 uses kInvalidParams).
constexpr int kResourceNotFound = -32002;
/// MCP 2026-07-28: the request's protocol version is not supported.
constexpr int kUnsupportedVersion = -32020;
/// MCP 2026-07-28 (SEP-2243): HTTP headers disagree with the body (same code as above).
constexpr int kHeaderMismatch = -32020;
/// MCP 2026-07-28: handling the request needs a capability the client did not declare.
constexpr int kMissingCapability = -32021;
}  // namespace rpc

/// A JSON-RPC error a handler wants sent back as is (unknown method, bad params).
class RpcError : public Error {
 public:
  RpcError(int rpc_code, const std::string& message, json data = nullptr)
      : Error(ErrorCode::kInvalidArgument, message), rpc_code_(rpc_code), data_(std::move(data)) {}
  int rpc_code() const { return rpc_code_; }
  const json& data() const { return data_; }

 private:
  int rpc_code_;
  json data_;
};

json make_result(const json& id, json result);
json make_error(const json& id, int code, const std::string& message, const json& data = nullptr);
json make_notification(const std::string& method, json params);
json make_request(const json& id, const std::string& method, json params);

/// Deepest nesting of arrays and objects a message may have: deeper input is refused while it
/// is parsed, so nothing that walks a message recursively (dump, the tools) can overflow.
constexpr int kMaxMessageDepth = 64;

/// Parses one message. Any failure — bad JSON, a number out of range (1e400), nesting deeper
/// than kMaxMessageDepth — is returned as `error` (the text of a -32700 reply), never thrown.
std::optional<json> parse_message(std::string_view text, std::string& error);

/// What kind of message this is; kInvalid for anything that is not JSON-RPC 2.0.
enum class MessageKind { kRequest, kNotification, kResponse, kInvalid };
MessageKind classify(const json& message);

/// Compact UTF-8 serialisation (invalid bytes replaced), one line, as stdio framing needs.
std::string serialize(const json& message);

}  // namespace regreader::mcp
