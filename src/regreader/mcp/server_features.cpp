// The feature handlers of Server: tools, prompts, resources, completion (lifecycle and logging
// are in server.cpp).

#include "regreader/mcp/server.hpp"

#include <map>

#include "regreader/mcp/request_state.hpp"

namespace regreader::mcp {

namespace {

// One page of a list result. The cursor is the offset of the page, as a string; clients treat
// it as opaque.
json page_of(const std::vector<json>& items, const json& params, const std::string& key,
             int page_size) {
  size_t start = 0;
  if (params.contains("cursor") && !params["cursor"].is_null()) {
    const json& c = params["cursor"];
    // Our cursors are page offsets: a string of at most 9 digits (no overflow in stoul).
    if (!c.is_string() || c.get<std::string>().empty() || c.get<std::string>().size() > 9 ||
        c.get<std::string>().find_first_not_of("0123456789") != std::string::npos)
      throw RpcError(rpc::kInvalidParams, "Invalid cursor");
    start = std::stoul(c.get<std::string>());
    if (start > items.size()) throw RpcError(rpc::kInvalidParams, "Invalid cursor");
  }
  const size_t end = std::min(items.size(), start + static_cast<size_t>(page_size));
  json out = {{key, json(std::vector<json>(items.begin() + static_cast<long>(start),
                                           items.begin() + static_cast<long>(end)))}};
  if (end < items.size()) out["nextCursor"] = std::to_string(end);
  return out;
}

template <typename T>
std::vector<json> descriptors(const std::vector<T>& items) {
  std::vector<json> out;
  for (const auto& i : items)
    out.push_back(i.descriptor);
  return out;
}

json error_result(const std::string& message) {
  return {{"content", json::array({{{"type", "text"}, {"text", message}}})}, {"isError", true}};
}

std::string required_string(const json& params, const std::string& key) {
  if (!params.contains(key) || !params[key].is_string())
    throw RpcError(rpc::kInvalidParams, "params." + key + " must be a string");
  return params[key].get<std::string>();
}

// The capability a request to the client needs it to have declared.
void require_capability(const json& capabilities, const std::string& method) {
  static const std::map<std::string, std::string> kNeeds = {{"sampling/createMessage", "sampling"},
                                                            {"elicitation/create", "elicitation"},
                                                            {"roots/list", "roots"}};
  const auto it = kNeeds.find(method);
  if (it == kNeeds.end() || capabilities.contains(it->second)) return;
  throw RpcError(rpc::kMissingCapability,
                 "Handling this request needs the client capability '" + it->second + "' (" +
                     method + "), which the client did not declare",
                 {{"requiredCapabilities", {{it->second, json::object()}}}});
}

// Over a session: each request goes to the client, and the handler waits for the answer.
std::function<std::vector<json>(const std::vector<InputRequest>&)> session_ask(Peer& peer, int base,
                                                                               json capabilities) {
  auto counter = std::make_shared<int>(0);
  return [&peer, base, counter, capabilities](const std::vector<InputRequest>& requests) {
    std::vector<json> out;
    for (const auto& r : requests) {
      require_capability(capabilities, r.method);
      const json reply = peer.request(
          make_request("srv-" + std::to_string(base + (*counter)++), r.method, r.params));
      if (reply.contains("error"))
        throw RpcError(reply["error"].value("code", rpc::kInternalError),
                       reply["error"].value("message", "client error"));
      out.push_back(reply.value("result", json::object()));
    }
    return out;
  };
}

// Stateless (SEP-2322): answers are in this call's inputResponses or, from earlier rounds, in its
// sealed requestState; a missing one ends the call with an InputRequiredResult.
std::function<std::vector<json>(const std::vector<InputRequest>&)> stateless_ask(
    const json& params, json capabilities) {
  json answers = json::object();
  if (params.contains("requestState")) {
    if (!params["requestState"].is_string())
      throw RpcError(rpc::kInvalidParams, "requestState must be a string");
    answers = open_request_state(params["requestState"].get<std::string>());
  }
  if (params.contains("inputResponses")) {
    if (!params["inputResponses"].is_object())
      throw RpcError(rpc::kInvalidParams, "inputResponses must be an object");
    for (const auto& [key, value] : params["inputResponses"].items())
      answers[key] = value;
  }
  return [answers, capabilities](const std::vector<InputRequest>& requests) {
    std::vector<json> out;
    json missing = json::object();
    for (const auto& r : requests) {
      require_capability(capabilities, r.method);
      if (answers.contains(r.key) && answers[r.key].is_object())
        out.push_back(answers[r.key]);
      else
        missing[r.key] = {{"method", r.method}, {"params", r.params}};
    }
    if (!missing.empty()) throw InputRequired{missing, answers};
    return out;
  };
}

}  // namespace

CallContext Server::make_context(const Call& c) {
  CallContext ctx;
  const json token = c.params.contains("_meta") && c.params["_meta"].is_object()
                         ? c.params["_meta"].value("progressToken", json())
                         : json();
  Peer& peer = c.peer;
  Session& session = c.session;
  ctx.progress = [token, &peer](double done, std::optional<double> total, const std::string& msg) {
    if (token.is_null()) return;
    json p = {{"progressToken", token}, {"progress", done}};
    if (total) p["total"] = *total;
    if (!msg.empty()) p["message"] = msg;
    peer.notify(make_notification("notifications/progress", p));
  };
  const std::string logger = def_.name;
  ctx.log = [&session, &peer, logger](const std::string& level, const json& data) {
    if (!session.logs(level)) return;
    peer.notify(make_notification("notifications/message",
                                  {{"level", level}, {"logger", logger}, {"data", data}}));
  };
  ctx.client_capabilities = session.client_capabilities();
  ctx.ask = c.stateless ? stateless_ask(c.params, ctx.client_capabilities)
                        : session_ask(peer, next_request_id_.fetch_add(1000) + 1000,
                                      ctx.client_capabilities);
  auto counter = std::make_shared<int>(0);
  ctx.request = [ask = ctx.ask, counter](const std::string& method, const json& params) {
    return ask({{"request-" + std::to_string((*counter)++), method, params}}).front();
  };
  const json id = c.id;
  ctx.cancelled = [&session, id] { return session.is_cancelled(id); };
  return ctx;
}

json Server::handle_tools_list(const Call& c) {
  return page_of(descriptors(def_.tools), c.params, "tools", def_.page_size);
}

json Server::handle_tools_call(const Call& c) {
  const std::string name = required_string(c.params, "name");
  const Tool* tool = nullptr;
  for (const auto& t : def_.tools)
    if (t.descriptor.value("name", "") == name) tool = &t;
  if (!tool) throw RpcError(rpc::kInvalidParams, "Unknown tool: " + name);
  const json args = c.params.value("arguments", json::object());
  if (!args.is_object()) return error_result("arguments must be a JSON object, got " + args.dump());
  CallContext ctx = make_context(c);
  try {
    return tool->call(args, ctx);
  } catch (const RpcError&) {
    throw;
  } catch (const Error& e) {
    return error_result(std::string(error_code_name(e.code())) + ": " + e.what());
  }
}

json Server::handle_prompts_list(const Call& c) {
  return page_of(descriptors(def_.prompts), c.params, "prompts", def_.page_size);
}

json Server::handle_prompts_get(const Call& c) {
  const std::string name = required_string(c.params, "name");
  for (const auto& p : def_.prompts)
    if (p.descriptor.value("name", "") == name) {
      CallContext ctx = make_context(c);
      return p.get(c.params.value("arguments", json::object()), ctx);
    }
  throw RpcError(rpc::kInvalidParams, "Unknown prompt: " + name);
}

json Server::handle_resources_list(const Call& c) {
  std::vector<json> all = descriptors(def_.resources);
  if (def_.listed_resources)
    for (auto& r : def_.listed_resources())
      all.push_back(std::move(r));
  return page_of(all, c.params, "resources", def_.page_size);
}

json Server::handle_templates_list(const Call& c) {
  return page_of(descriptors(def_.templates), c.params, "resourceTemplates", def_.page_size);
}

json Server::handle_resources_read(const Call& c) {
  const std::string uri = required_string(c.params, "uri");
  for (const auto& r : def_.resources)
    if (r.descriptor.value("uri", "") == uri) return {{"contents", r.read()}};
  for (const auto& t : def_.templates)
    if (auto contents = t.read(uri)) return {{"contents", *contents}};
  // 2026-07-28 (SEP-2164) reports an unknown URI as invalid params; the session era as -32002.
  throw RpcError(c.stateless ? rpc::kInvalidParams : rpc::kResourceNotFound,
                 "Resource not found: " + uri, {{"uri", uri}});
}

json Server::handle_subscribe(const Call& c) {
  required_string(c.params, "uri");
  return json::object();  // our resources never change while the server runs
}

json Server::handle_complete(const Call& c) {
  if (def_.complete) return def_.complete(c.params);
  return {{"completion", {{"values", json::array()}, {"hasMore", false}, {"total", 0}}}};
}

}  // namespace regreader::mcp
