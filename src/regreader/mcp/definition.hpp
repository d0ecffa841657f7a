#pragma once
// What an MCP server offers, declared as data: tools, prompts, resources and resource templates,
// each a descriptor (the JSON clients list) plus the function that serves it. The RegReader
// server (regreader_server.hpp) and the conformance fixture server are both built from this.

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace regreader::mcp {

using nlohmann::json;

/// One request to the client that a handler needs answered (elicitation/create,
/// sampling/createMessage, roots/list). `key` names it in a 2026-07-28 InputRequiredResult.
struct InputRequest {
  std::string key;
  std::string method;
  json params;
};

/// What a tool or prompt handler may do while it runs.
struct CallContext {
  /// Reports progress when the client asked for it (a progressToken); otherwise does nothing.
  std::function<void(double progress, std::optional<double> total, const std::string& message)>
      progress;
  /// Sends a notifications/message log entry at `level` when the session's level allows it.
  std::function<void(const std::string& level, const json& data)> log;
  /// Asks the client and returns its results, in order. Over a 2025 session each request is
  /// sent and awaited in turn. On a stateless 2026-07-28 request the answers come from the
  /// retry's inputResponses (and earlier rounds, carried in requestState); when some are
  /// missing the call ends there and the client gets an InputRequiredResult asking for them, then
  /// calls again, so a handler must do nothing irreversible before it asks. Throws RpcError with
  /// the client's error, or -32021 when the client did not declare the capability a method needs.
  std::function<std::vector<json>(const std::vector<InputRequest>& requests)> ask;
  /// ask() for one request.
  std::function<json(const std::string& method, const json& params)> request;
  /// The capabilities the client declared (initialize, or the request's _meta).
  json client_capabilities = json::object();
  /// True once the client sent notifications/cancelled for this request.
  std::function<bool()> cancelled;
};

struct Tool {
  json descriptor;  ///< name, title, description, inputSchema, outputSchema, annotations
  /// Returns a CallToolResult ({content, structuredContent?, isError?}). A regreader::Error
  /// thrown here becomes an isError result carrying its message.
  std::function<json(const json& arguments, CallContext& ctx)> call;
};

struct Prompt {
  json descriptor;  ///< name, title, description, arguments
  std::function<json(const json& arguments, CallContext& ctx)> get;  ///< a GetPromptResult
};

struct Resource {
  json descriptor;             ///< uri, name, title, description, mimeType
  std::function<json()> read;  ///< the contents array of a ReadResourceResult
};

struct ResourceTemplate {
  json descriptor;  ///< uriTemplate, name, title, description, mimeType
  /// The contents for a URI of this template, or nullopt when the URI is not one of its own.
  std::function<std::optional<json>(const std::string& uri)> read;
};

struct ServerDefinition {
  std::string name;
  std::string title;
  std::string version;
  std::string instructions;  ///< how to use the server, sent at initialize
  std::vector<Tool> tools;
  std::vector<Prompt> prompts;
  std::vector<Resource> resources;
  /// Resources that change while the server runs (one per stored regulation), listed after
  /// `resources`; read through the templates.
  std::function<std::vector<json>()> listed_resources;
  std::vector<ResourceTemplate> templates;
  /// completion/complete: the values for an argument (params as the client sent them); may be
  /// empty, then no completions are offered.
  std::function<json(const json& params)> complete;
  int page_size = 50;  ///< list results per page (cursor pagination)
};

}  // namespace regreader::mcp
