#pragma once
// The requestState of a 2026-07-28 InputRequiredResult (SEP-2322): the client's answers from
// earlier rounds, carried by the client between stateless calls and sealed with an HMAC-SHA256
// under a key this process draws at start, so a client cannot forge or alter them.
// Format: "<64 hex digits of HMAC>:<JSON object of answers by key>". A state outlives neither
// the process nor a move to another replica (servers behind a balancer would share the key).

#include <string>

#include "regreader/mcp/json_rpc.hpp"

namespace regreader::mcp {

/// Seals the answers (an object, InputRequest key → the client's result).
std::string seal_request_state(const json& answers);

/// The answers a sealed state carries. Throws RpcError(kInvalidParams) when the state was not
/// made by this process or was altered.
json open_request_state(const std::string& state);

}  // namespace regreader::mcp
