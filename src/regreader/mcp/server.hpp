#pragma once
// The MCP protocol engine: one JSON-RPC message in, at most one reply out. Transports own bytes
// and framing and give the server a Peer to reach the client; the server owns JSON-RPC and MCP
// (lifecycle, tools, prompts, resources, logging, cancellation, progress) and is the one place
// that turns exceptions into replies. Handlers are registered in one table (server.cpp).
//
// Dual-era: `initialize` starts a 2024-11-05 … 2025-11-25 session; a request whose
// params._meta carries "io.modelcontextprotocol/protocolVersion" is served statelessly under
// that revision (2026-07-28), and `server/discover` describes the server without a handshake.

#include <atomic>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "regreader/mcp/definition.hpp"
#include "regreader/mcp/json_rpc.hpp"
#include "regreader/mcp/session.hpp"

namespace regreader::mcp {

/// Revisions with the initialize handshake, newest first.
const std::vector<std::string>& session_versions();
/// The stateless revision (per-request _meta, server/discover).
inline constexpr const char* kStatelessVersion = "2026-07-28";
/// The key of the protocol version in a request's params._meta.
inline constexpr const char* kMetaVersionKey = "io.modelcontextprotocol/protocolVersion";

/// The key of the client's capabilities, and of the log level it wants, in a request's _meta.
inline constexpr const char* kMetaCapabilitiesKey = "io.modelcontextprotocol/clientCapabilities";
inline constexpr const char* kMetaClientInfoKey = "io.modelcontextprotocol/clientInfo";
inline constexpr const char* kMetaLogLevelKey = "io.modelcontextprotocol/logLevel";

/// True for the revisions served with an initialize handshake.
bool is_session_version(const std::string& version);

/// Thrown by CallContext::ask on a stateless request whose answers are not all there yet; the
/// engine turns it into an InputRequiredResult. Not an Error, so handlers do not catch it.
struct InputRequired {
  json requests;  ///< key → {method, params}
  json answers;   ///< every answer so far, key → result (sealed into requestState)
};

/// How the server reaches the client while it handles a request.
class Peer {
 public:
  virtual ~Peer() = default;
  /// Sends a notification (progress, log message) related to the request being handled.
  virtual void notify(const json& notification) = 0;
  /// Sends a request to the client and waits for its response message ({result} or {error}).
  /// Throws RpcError when the transport cannot carry requests to the client.
  virtual json request(const json& request) = 0;
};

class Server {
 public:
  explicit Server(ServerDefinition def);

  /// Handles one parsed message. Returns the reply for a request (a result or an error);
  /// nothing for notifications and responses. Never throws.
  std::optional<json> handle(const json& message, Session& session, Peer& peer);
  /// Parses one message first: invalid JSON gives a parse error reply.
  std::optional<json> handle_text(const std::string& text, Session& session, Peer& peer);

  /// The protocol version a message asks for statelessly (params._meta), or "".
  static std::string stateless_version(const json& message);

  const ServerDefinition& definition() const { return def_; }

 private:
  struct Call {
    const json& id;
    const json& params;
    Session& session;
    Peer& peer;
    bool stateless = false;  ///< a 2026-07-28 request: answers to the client's questions in params
  };
  using Handler = json (Server::*)(const Call&);

  json dispatch(const json& message, Session& session, Peer& peer);
  json dispatch_stateless(const json& message, Session& session, Peer& peer);
  void handle_notification(const json& message, Session& session);
  json capabilities(bool stateless) const;
  CallContext make_context(const Call& c);

  json handle_initialize(const Call& c);
  json handle_ping(const Call& c);
  json handle_discover(const Call& c);
  json handle_set_level(const Call& c);
  json handle_tools_list(const Call& c);
  json handle_tools_call(const Call& c);
  json handle_prompts_list(const Call& c);
  json handle_prompts_get(const Call& c);
  json handle_resources_list(const Call& c);
  json handle_templates_list(const Call& c);
  json handle_resources_read(const Call& c);
  json handle_subscribe(const Call& c);
  json handle_complete(const Call& c);

  ServerDefinition def_;
  std::map<std::string, Handler> handlers_;
  std::atomic<int> next_request_id_{0};  // ids of requests to clients, from all threads
};

}  // namespace regreader::mcp
