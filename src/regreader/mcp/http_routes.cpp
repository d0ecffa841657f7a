#include "regreader/mcp/http_routes.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include "regreader/mcp/http_headers.hpp"
#include "regreader/mcp/http_session.hpp"

namespace regreader::mcp {

namespace {

// A stream with nothing to say sends an SSE comment this often, so proxies keep it open and a
// gone client is noticed.
constexpr auto kKeepAlive = std::chrono::seconds(15);
// How long a request to the client (sampling, elicitation) waits for the answer.
constexpr auto kClientReplyTimeout = std::chrono::minutes(10);

using http::Reply;
using http::Request;

Reply reply_json(int status, const json& body) {
  Reply r;
  r.status = status;
  r.content_type = "application/json";
  r.body = serialize(body);
  return r;
}

Reply reply_error(int status, int code, const std::string& message) {
  return reply_json(status, make_error(nullptr, code, message));
}

// An error the server or the router raises on an MCP route, as a JSON-RPC error object: guard
// refusals and bad requests are the client's (invalid request), the rest the server's.
std::string rpc_error_body(int status, std::string_view, const std::string& message) {
  const int code = status >= 500 ? rpc::kInternalError : rpc::kInvalidRequest;
  return serialize(make_error(nullptr, code, message));
}

bool accepts_sse(const Request& req) {
  return req.header("Accept").find("text/event-stream") != std::string::npos;
}

// The HTTP status of a stateless (2026-07-28) reply: that revision maps JSON-RPC errors onto
// HTTP. Session-era replies are always 200.
int stateless_status(const json& reply) {
  if (!reply.contains("error")) return 200;
  switch (reply["error"].value("code", 0)) {
    case rpc::kMethodNotFound:
      return 404;
    case rpc::kParseError:
    case rpc::kInvalidRequest:
    case rpc::kInvalidParams:
    case rpc::kUnsupportedVersion:
    case rpc::kMissingCapability:
      return 400;
    default:
      return 200;
  }
}

// One request handled on a thread of its own, so its reply can be plain JSON when it sends
// nothing before it, and an SSE stream (progress, log messages, requests to the client, then
// the reply) when it does.
struct Exchange {
  std::mutex m;
  std::condition_variable cv;
  std::deque<std::string> events;
  std::optional<json> reply;
  bool done = false;
  std::thread worker;

  void push(std::string event) {
    {
      std::lock_guard lock(m);
      events.push_back(std::move(event));
    }
    cv.notify_all();
  }
  void finish(std::optional<json> r) {
    {
      std::lock_guard lock(m);
      reply = std::move(r);
      done = true;
    }
    cv.notify_all();
  }
};

// Sends the server's messages for one request over that request's own response.
class ExchangePeer : public Peer {
 public:
  ExchangePeer(Exchange& x, std::shared_ptr<HttpSession> session)
      : x_(x), session_(std::move(session)) {}
  void notify(const json& n) override { x_.push(sse_event(n)); }
  json request(const json& r) override {
    if (!session_) throw RpcError(rpc::kInternalError, "requests to the client need a session");
    auto reply = session_->expect_reply(r["id"]);
    x_.push(sse_event(r));
    if (reply.wait_for(kClientReplyTimeout) != std::future_status::ready)
      throw RpcError(rpc::kInternalError, "the client did not answer " + r.value("method", ""));
    return reply.get();
  }

 private:
  Exchange& x_;
  std::shared_ptr<HttpSession> session_;
};

// Sends the server's messages over the session's long-lived stream (legacy SSE, GET /mcp).
class QueuePeer : public Peer {
 public:
  explicit QueuePeer(std::shared_ptr<HttpSession> s) : s_(std::move(s)) {}
  void notify(const json& n) override { s_->stream->push(sse_event(n)); }
  json request(const json& r) override {
    auto reply = s_->expect_reply(r["id"]);
    s_->stream->push(sse_event(r));
    if (reply.wait_for(kClientReplyTimeout) != std::future_status::ready)
      throw RpcError(rpc::kInternalError, "the client did not answer " + r.value("method", ""));
    return reply.get();
  }

 private:
  std::shared_ptr<HttpSession> s_;
};

// The MCP routes' state: sessions and open streams, shared by the route handlers.
class McpRoutes {
 public:
  McpRoutes(Server& server, const HttpRouteOptions& o, size_t max_streams)
      : server_(server),
        sessions_(o.max_sessions, std::max<size_t>(1, o.max_sessions / 2)),
        max_streams_(max_streams) {}

  Reply post_mcp(const Request& req);
  Reply get_mcp(const Request& req);
  Reply delete_mcp(const Request& req);
  Reply get_sse(const Request& req);
  Reply post_messages(const Request& req);
  void stop() {
    stopping_ = true;
    sessions_.close_all();
  }

 private:
  std::shared_ptr<HttpSession> session_for(const json& msg, const Request& req,
                                           std::optional<Reply>& refused, bool& stateless);
  Reply answer(const json& msg, std::shared_ptr<HttpSession> s, std::shared_ptr<Session> session,
               bool stateless, const Request& req);
  Reply stream_events(std::shared_ptr<HttpSession> s, const std::string& first_event,
                      bool drop_session_at_end);
  Reply too_many_streams() const {
    auto r = reply_error(503, rpc::kInternalError,
                         "Too many open event streams (" + std::to_string(max_streams_) +
                             "); calls still work without one (POST /mcp)");
    r.headers["Retry-After"] = "5";
    return r;
  }

  Server& server_;
  SessionTable sessions_;
  const size_t max_streams_;
  std::atomic<size_t> open_streams_{0};
  std::atomic<bool> stopping_{false};
};

std::shared_ptr<HttpSession> McpRoutes::session_for(const json& msg, const Request& req,
                                                    std::optional<Reply>& refused,
                                                    bool& stateless) {
  const std::string method = msg.value("method", "");
  const std::string meta_version = Server::stateless_version(msg);
  const std::string header_version = req.header("MCP-Protocol-Version");
  if (!meta_version.empty() && !header_version.empty() && meta_version != header_version) {
    refused = reply_json(
        400, make_error(msg.value("id", json()), rpc::kHeaderMismatch,
                        "MCP-Protocol-Version header does not match _meta protocol version"));
    return nullptr;
  }
  stateless = !meta_version.empty() || method == "server/discover" ||
              (!header_version.empty() && !is_session_version(header_version));
  if (meta_version == kStatelessVersion) {
    if (const std::string why = header_mismatch(msg, req, server_.definition()); !why.empty()) {
      refused = reply_json(400, make_error(msg.value("id", json()), rpc::kHeaderMismatch, why));
      return nullptr;
    }
  }
  if (stateless || method == "initialize") return nullptr;
  const std::string id = req.header("Mcp-Session-Id");
  if (id.empty()) {
    refused = reply_error(400, rpc::kInvalidRequest,
                          "Bad Request: Mcp-Session-Id header is required (send initialize first)");
    return nullptr;
  }
  auto s = sessions_.find(id);
  if (!s) refused = reply_error(404, rpc::kInvalidRequest, "Session not found: initialize again");
  return s;
}

// The reply of a tool call that sent something before its result: an SSE stream of what it
// sends, then the result. `x` is already running.
Reply exchange_stream(std::shared_ptr<Exchange> x) {
  Reply r;
  r.content_type = "text/event-stream";
  r.headers["Cache-Control"] = "no-cache";
  r.stream = [x](const Reply::Write& write) {
    std::unique_lock lock(x->m);
    while (true) {
      x->cv.wait_for(lock, kKeepAlive, [&] { return x->done || !x->events.empty(); });
      std::string out;
      if (!x->events.empty()) {
        out = std::move(x->events.front());
        x->events.pop_front();
      } else if (x->done) {
        if (x->reply) out = sse_event(*x->reply);
        lock.unlock();
        if (!out.empty()) write(out);
        return;
      } else {
        out = ": keep-alive\n\n";
      }
      lock.unlock();
      if (!write(out)) return;
      lock.lock();
    }
  };
  r.on_close = [x] {
    if (x->worker.joinable()) x->worker.join();
  };
  return r;
}

Reply McpRoutes::answer(const json& msg, std::shared_ptr<HttpSession> s,
                        std::shared_ptr<Session> session, bool stateless, const Request& req) {
  // Tool calls may send progress, log messages and requests to the client before their result:
  // when the client accepts SSE and the call does send something first, the reply is a stream.
  if (msg.value("method", "") == "tools/call" && accepts_sse(req)) {
    auto x = std::make_shared<Exchange>();
    x->worker = std::thread([this, x, msg, s, session] {
      ExchangePeer peer(*x, s);
      x->finish(server_.handle(msg, *session, peer));
    });
    std::unique_lock lock(x->m);
    x->cv.wait(lock, [&] { return x->done || !x->events.empty(); });
    if (!(x->done && x->events.empty())) return exchange_stream(x);
    lock.unlock();
    x->worker.join();
    const json reply = x->reply.value_or(json::object());
    return reply_json(stateless ? stateless_status(reply) : 200, reply);
  }
  struct DropPeer : Peer {
    void notify(const json&) override {}
    json request(const json&) override {
      throw RpcError(rpc::kInternalError,
                     "this request needs an SSE response: send Accept: text/event-stream");
    }
  } drop;
  const json reply = server_.handle(msg, *session, drop).value_or(json::object());
  return reply_json(stateless ? stateless_status(reply) : 200, reply);
}

Reply McpRoutes::post_mcp(const Request& req) {
  if (req.header("Content-Type").find("application/json") == std::string::npos)
    return reply_error(415, rpc::kInvalidRequest,
                       "Unsupported Media Type: Content-Type must be application/json");
  std::string parse_failure;
  auto parsed = parse_message(req.body, parse_failure);
  if (!parsed) return reply_error(400, rpc::kParseError, parse_failure);
  json msg = std::move(*parsed);
  const MessageKind kind = classify(msg);
  if (kind == MessageKind::kInvalid) {
    Session scratch;
    struct NoPeer : Peer {
      void notify(const json&) override {}
      json request(const json&) override { return json::object(); }
    } none;
    return reply_json(400, *server_.handle(msg, scratch, none));
  }
  if (kind == MessageKind::kResponse || kind == MessageKind::kNotification) {
    if (auto s = sessions_.find(req.header("Mcp-Session-Id"))) {
      if (kind == MessageKind::kResponse) {
        s->deliver(msg);
      } else {
        QueuePeer peer(s);
        server_.handle(msg, s->session, peer);
      }
    }
    Reply accepted;
    accepted.status = 202;
    return accepted;
  }
  bool stateless = false;
  std::optional<Reply> refused;
  auto s = session_for(msg, req, refused, stateless);
  if (refused) return std::move(*refused);
  if (stateless) {
    // The revision the header names tells the engine this request has no session.
    auto once = std::make_shared<Session>();
    once->set_protocol_version(req.header("MCP-Protocol-Version"));
    return answer(msg, nullptr, once, true, req);
  }
  std::string new_session;
  if (!s) {  // initialize
    s = sessions_.create(req.remote_addr);
    if (!s) return reply_error(503, rpc::kInternalError, "Every session is busy; try later");
    new_session = s->session.id();
  }
  auto r = answer(msg, s, std::shared_ptr<Session>(s, &s->session), false, req);
  if (!new_session.empty()) r.headers["Mcp-Session-Id"] = new_session;
  return r;
}

Reply McpRoutes::stream_events(std::shared_ptr<HttpSession> s, const std::string& first_event,
                               bool drop_session_at_end) {
  ++open_streams_;
  Reply r;
  r.content_type = "text/event-stream";
  r.headers["Cache-Control"] = "no-cache";
  r.stream = [this, s, first_event](const Reply::Write& write) {
    const std::string open = first_event.empty() ? ": stream open\n\n" : first_event;
    if (!write(open)) return;
    while (!stopping_ && !s->stream->closed()) {
      const auto e =
          s->stream->pop(std::chrono::duration_cast<std::chrono::milliseconds>(kKeepAlive));
      if (!write(e ? *e : ": keep-alive\n\n")) return;
    }
  };
  r.on_close = [this, s, drop_session_at_end] {
    --open_streams_;
    if (drop_session_at_end) sessions_.erase(s->session.id());
  };
  return r;
}

Reply McpRoutes::get_mcp(const Request& req) {
  if (!accepts_sse(req))
    return reply_error(406, rpc::kInvalidRequest,
                       "Not Acceptable: GET /mcp opens an SSE stream (Accept: text/event-stream)");
  const std::string id = req.header("Mcp-Session-Id");
  if (id.empty())
    return reply_error(400, rpc::kInvalidRequest, "Bad Request: Mcp-Session-Id header is required");
  auto s = sessions_.find(id);
  if (!s) return reply_error(404, rpc::kInvalidRequest, "Session not found");
  if (open_streams_ >= max_streams_) return too_many_streams();
  // A client reconnecting after a broken stream gets the events it missed first.
  const std::string last = req.header("Last-Event-ID");
  if (!last.empty() && last.find_first_not_of("0123456789") == std::string::npos &&
      last.size() < 20)
    s->stream->replay_after(std::stoull(last));
  return stream_events(s, "", false);
}

Reply McpRoutes::delete_mcp(const Request& req) {
  const std::string id = req.header("Mcp-Session-Id");
  if (id.empty())
    return reply_error(400, rpc::kInvalidRequest, "Bad Request: Mcp-Session-Id header is required");
  if (!sessions_.erase(id)) return reply_error(404, rpc::kInvalidRequest, "Session not found");
  return Reply{};
}

Reply McpRoutes::get_sse(const Request& req) {
  if (open_streams_ >= max_streams_) return too_many_streams();
  auto s = sessions_.create(req.remote_addr);
  if (!s) return reply_error(503, rpc::kInternalError, "Every session is busy; try later");
  return stream_events(s, "event: endpoint\ndata: /messages?sessionId=" + s->session.id() + "\n\n",
                       true);
}

Reply McpRoutes::post_messages(const Request& req) {
  auto s = sessions_.find(req.query_value("sessionId"));
  if (!s) return reply_error(404, rpc::kInvalidRequest, "Session not found");
  std::string parse_failure;
  auto parsed = parse_message(req.body, parse_failure);
  if (!parsed) return reply_error(400, rpc::kParseError, parse_failure);
  json msg = std::move(*parsed);
  if (classify(msg) == MessageKind::kResponse) {
    s->deliver(msg);
  } else {
    // The reply travels over the session's event stream; this POST is only acknowledged.
    std::thread([this, s, msg] {
      QueuePeer peer(s);
      if (auto reply = server_.handle(msg, s->session, peer)) s->stream->push(sse_event(*reply));
    }).detach();
  }
  Reply r;
  r.status = 202;
  r.content_type = "text/plain";
  r.body = "Accepted";
  return r;
}

}  // namespace

void add_http_routes(http::Server& http, Server& server, const HttpRouteOptions& options) {
  const size_t max_streams =
      options.max_streams ? options.max_streams : std::max<size_t>(1, http.options().threads / 2);
  auto routes = std::make_shared<McpRoutes>(server, options, max_streams);
  http.on_stop([routes] { routes->stop(); });
  auto add = [&](const char* method, const char* path, const char* name,
                 Reply (McpRoutes::*f)(const Request&)) {
    http.router().add({method, path, name,
                       [routes, f](const Request& req) { return ((*routes).*f)(req); },
                       rpc_error_body});
  };
  add("POST", "/mcp", "mcp", &McpRoutes::post_mcp);
  add("GET", "/mcp", "mcp stream", &McpRoutes::get_mcp);
  add("DELETE", "/mcp", "mcp session end", &McpRoutes::delete_mcp);
  if (options.legacy_sse) {
    add("GET", "/sse", "legacy sse", &McpRoutes::get_sse);
    add("POST", "/messages", "legacy messages", &McpRoutes::post_messages);
  }
}

}  // namespace regreader::mcp
