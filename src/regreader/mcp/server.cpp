#include "regreader/mcp/server.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <set>

#include "regreader/mcp/request_state.hpp"

namespace regreader::mcp {

const std::vector<std::string>& session_versions() {
  static const std::vector<std::string> kVersions = {"2025-11-25", "2025-06-18", "2025-03-26",
                                                     "2024-11-05"};
  return kVersions;
}

Server::Server(ServerDefinition def) : def_(std::move(def)) {
  // Every method the server answers, in one place.
  handlers_ = {
      {"initialize", &Server::handle_initialize},
      {"ping", &Server::handle_ping},
      {"server/discover", &Server::handle_discover},
      {"logging/setLevel", &Server::handle_set_level},
      {"tools/list", &Server::handle_tools_list},
      {"tools/call", &Server::handle_tools_call},
      {"prompts/list", &Server::handle_prompts_list},
      {"prompts/get", &Server::handle_prompts_get},
      {"resources/list", &Server::handle_resources_list},
      {"resources/templates/list", &Server::handle_templates_list},
      {"resources/read", &Server::handle_resources_read},
      {"resources/subscribe", &Server::handle_subscribe},
      {"resources/unsubscribe", &Server::handle_subscribe},
      {"completion/complete", &Server::handle_complete},
  };
}

namespace {

// Results a 2026-07-28 client may cache (SEP-2549). Our lists and resources do not change while
// the server runs, but a client cannot know how long it will run: no time to live, per client.
bool is_cacheable(const std::string& method) {
  return method == "server/discover" || method == "tools/list" || method == "prompts/list" ||
         method == "resources/list" || method == "resources/templates/list" ||
         method == "resources/read";
}

// The fields every stateless result carries, unless its handler set them.
void stamp_stateless(const std::string& method, json& result) {
  if (!result.contains("resultType")) result["resultType"] = "complete";
  if (!is_cacheable(method)) return;
  if (!result.contains("ttlMs")) result["ttlMs"] = 0;
  if (!result.contains("cacheScope")) result["cacheScope"] = "private";
}

}  // namespace

bool is_session_version(const std::string& version) {
  const auto& v = session_versions();
  return std::find(v.begin(), v.end(), version) != v.end();
}

std::string Server::stateless_version(const json& m) {
  if (!m.is_object() || !m.contains("params") || !m["params"].is_object()) return "";
  const json& p = m["params"];
  if (!p.contains("_meta") || !p["_meta"].is_object()) return "";
  const json& v = p["_meta"].value(kMetaVersionKey, json());
  return v.is_string() ? v.get<std::string>() : "";
}

std::optional<json> Server::handle_text(const std::string& text, Session& session, Peer& peer) {
  std::string failure;
  auto message = parse_message(text, failure);
  if (!message) return make_error(nullptr, rpc::kParseError, failure);
  return handle(*message, session, peer);
}

std::optional<json> Server::handle(const json& message, Session& session, Peer& peer) {
  switch (classify(message)) {
    case MessageKind::kInvalid: {
      const json id = message.is_object() && message.contains("id") &&
                              (message["id"].is_string() || message["id"].is_number_integer())
                          ? message["id"]
                          : json();
      return make_error(id, rpc::kInvalidRequest,
                        message.is_array() ? "Invalid Request: batches are not supported"
                                           : "Invalid Request: not a JSON-RPC 2.0 message");
    }
    case MessageKind::kNotification:
      handle_notification(message, session);
      return std::nullopt;
    case MessageKind::kResponse:
      return std::nullopt;  // transports route responses to the request that waits for them
    case MessageKind::kRequest:
      break;
  }
  const json& id = message["id"];
  try {
    return make_result(id, dispatch(message, session, peer));
  } catch (const RpcError& e) {
    return make_error(id, e.rpc_code(), e.what(), e.data());
  } catch (const Error& e) {
    return make_error(id, error_traits(e.code()).json_rpc, e.what(),
                      {{"code", std::string(error_code_name(e.code()))}});
  } catch (const json::type_error& e) {
    // Params are the only JSON a handler reads from the client: a member of the wrong type
    // ("protocolVersion": 5, "argument": "x") is the client's error, not ours.
    return make_error(id, rpc::kInvalidParams, std::string("Invalid params: ") + e.what());
  } catch (const std::exception& e) {
    spdlog::error("internal error in {}: {}", message.value("method", "?"), e.what());
    return make_error(id, rpc::kInternalError, std::string("Internal error: ") + e.what());
  }
}

json Server::dispatch(const json& message, Session& session, Peer& peer) {
  const std::string method = message["method"];
  // Stateless: the request says so in _meta, it is server/discover, or the transport saw a
  // revision without sessions (the HTTP MCP-Protocol-Version header) and set it on `session`.
  const std::string wire = session.protocol_version();
  if (!stateless_version(message).empty() || method == "server/discover" ||
      (!wire.empty() && !is_session_version(wire)))
    return dispatch_stateless(message, session, peer);
  const auto it = handlers_.find(method);
  if (it == handlers_.end()) throw RpcError(rpc::kMethodNotFound, "Method not found: " + method);
  static const json kEmpty = json::object();
  const json& params =
      message.contains("params") && message["params"].is_object() ? message["params"] : kEmpty;
  return (this->*(it->second))({message["id"], params, session, peer});
}

json Server::dispatch_stateless(const json& message, Session& session, Peer& peer) {
  const std::string method = message["method"];
  const json params = message.value("params", json::object());
  if (!params.is_object()) throw RpcError(rpc::kInvalidParams, "params must be an object");
  const json meta = params.value("_meta", json());
  if (!meta.is_object())
    throw RpcError(rpc::kInvalidParams,
                   "params._meta is required: without a session, each request carries " +
                       std::string(kMetaVersionKey) + " and " + kMetaCapabilitiesKey);
  if (!meta.contains(kMetaVersionKey) || !meta[kMetaVersionKey].is_string())
    throw RpcError(rpc::kInvalidParams,
                   "params._meta." + std::string(kMetaVersionKey) + " must be a string");
  if (!meta.contains(kMetaCapabilitiesKey) || !meta[kMetaCapabilitiesKey].is_object())
    throw RpcError(rpc::kInvalidParams,
                   "params._meta." + std::string(kMetaCapabilitiesKey) + " must be an object");
  const std::string version = meta[kMetaVersionKey];
  if (version != kStatelessVersion && !is_session_version(version))
    throw RpcError(rpc::kUnsupportedVersion, "Unsupported protocol version: " + version,
                   {{"supported", json::array({kStatelessVersion, session_versions().front()})},
                    {"requested", version}});
  // Methods of the session era that 2026-07-28 removed.
  static const std::set<std::string> kRemoved = {"initialize", "ping", "logging/setLevel",
                                                 "resources/subscribe", "resources/unsubscribe"};
  const auto it = handlers_.find(method);
  if (it == handlers_.end() || (version == kStatelessVersion && kRemoved.count(method)))
    throw RpcError(rpc::kMethodNotFound, "Method not found: " + method);

  // The request's own session: what the client declared, and no log messages unless it asked.
  Session once(session.id());
  once.set_protocol_version(version);
  once.set_client(meta[kMetaCapabilitiesKey], meta.value(kMetaClientInfoKey, json::object()));
  const json level = meta.value(kMetaLogLevelKey, json());
  if (level.is_string() && log_level_index(level.get<std::string>()) >= 0)
    once.set_log_level(level.get<std::string>());
  else
    once.disable_logging();

  json result;
  try {
    result = (this->*(it->second))({message["id"], params, once, peer, true});
  } catch (const InputRequired& r) {
    result = {{"resultType", "input_required"},
              {"inputRequests", r.requests},
              {"requestState", seal_request_state(r.answers)}};
  }
  if (version == kStatelessVersion && result.is_object()) stamp_stateless(method, result);
  return result;
}

void Server::handle_notification(const json& m, Session& session) {
  const std::string method = m["method"];
  if (method == "notifications/initialized") {
    session.set_initialized();
  } else if (method == "notifications/cancelled") {
    if (m.contains("params") && m["params"].contains("requestId"))
      session.cancel(m["params"]["requestId"]);
  }
  // Other notifications (progress, roots/list_changed) need no action.
}

json Server::capabilities(bool stateless) const {
  json caps = {{"tools", {{"listChanged", false}}}, {"logging", json::object()}};
  if (!def_.prompts.empty()) caps["prompts"] = {{"listChanged", false}};
  // resources/subscribe is a session-era method; 2026-07-28 has no subscriptions to offer here.
  if (!def_.resources.empty() || !def_.templates.empty())
    caps["resources"] = stateless ? json{{"listChanged", false}}
                                  : json{{"listChanged", false}, {"subscribe", true}};
  if (def_.complete) caps["completions"] = json::object();
  return caps;
}

json Server::handle_initialize(const Call& c) {
  const std::string asked = c.params.value("protocolVersion", "");
  const auto& v = session_versions();
  const std::string chosen = std::find(v.begin(), v.end(), asked) != v.end() ? asked : v.front();
  c.session.set_protocol_version(chosen);
  c.session.set_client(c.params.value("capabilities", json::object()),
                       c.params.value("clientInfo", json::object()));
  json info = {{"name", def_.name}, {"version", def_.version}};
  if (!def_.title.empty()) info["title"] = def_.title;
  json out = {
      {"protocolVersion", chosen}, {"capabilities", capabilities(false)}, {"serverInfo", info}};
  if (!def_.instructions.empty()) out["instructions"] = def_.instructions;
  return out;
}

json Server::handle_ping(const Call&) {
  return json::object();
}

json Server::handle_discover(const Call&) {
  json versions = json::array({kStatelessVersion});
  for (const auto& v : session_versions())
    versions.push_back(v);
  json info = {{"name", def_.name}, {"version", def_.version}};
  if (!def_.title.empty()) info["title"] = def_.title;
  json out = {{"supportedVersions", versions},
              {"capabilities", capabilities(true)},
              {"serverInfo", info},
              {"_meta", {{"io.modelcontextprotocol/serverInfo", info}}}};
  if (!def_.instructions.empty()) out["instructions"] = def_.instructions;
  return out;
}

json Server::handle_set_level(const Call& c) {
  const json& level = c.params.value("level", json());
  if (!level.is_string() || log_level_index(level.get<std::string>()) < 0)
    throw RpcError(rpc::kInvalidParams,
                   "level must be one of debug, info, notice, warning, error, critical, alert, "
                   "emergency");
  c.session.set_log_level(level.get<std::string>());
  return json::object();
}

}  // namespace regreader::mcp
