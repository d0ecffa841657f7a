#include "regreader/mcp/http_transport.hpp"

#include <httplib.h>
#include <signal.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include "regreader/mcp/http_guard.hpp"
#include "regreader/mcp/http_session.hpp"

namespace regreader::mcp {

namespace {

// A stream with nothing to say sends an SSE comment this often, so proxies keep it open and a
// gone client is noticed.
constexpr auto kKeepAlive = std::chrono::seconds(15);
// How long a request to the client (sampling, elicitation) waits for the answer.
constexpr auto kClientReplyTimeout = std::chrono::minutes(10);
// How often the signal waiter looks at the stop flag.
constexpr auto kSignalPoll = std::chrono::milliseconds(25);
// Set by the SIGINT/SIGTERM handler (a lock-free atomic store is async-signal-safe).
std::atomic<bool> g_stop_requested{false};
// Worker threads: each open SSE stream holds one.
constexpr size_t kThreads = 32;
// Open SSE streams at most (GET /mcp and legacy GET /sse): the other threads stay free for
// calls, so streams can never starve the server.
constexpr size_t kMaxStreams = kThreads / 2;
// Requests per keep-alive connection. cpp-httplib's default (5) made a client open a new TCP
// connection every fifth call (bench/mcp_latency.sh's minimal client: tools/call p50 1.6 ms, with
// this 1.3 ms);
// idle connections still close after its 5 s keep-alive timeout.
constexpr size_t kKeepAliveRequests = 1000;

void reply_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(serialize(body), "application/json");
}

void reply_error(httplib::Response& res, int status, int code, const std::string& message) {
  reply_json(res, status, make_error(nullptr, code, message));
}

void too_many_streams(httplib::Response& res) {
  res.set_header("Retry-After", "5");
  reply_error(res, 503, rpc::kInternalError,
              "Too many open event streams (" + std::to_string(kMaxStreams) +
                  "); calls still work without one (POST /mcp)");
}

bool accepts_sse(const httplib::Request& req) {
  return req.get_header_value("Accept").find("text/event-stream") != std::string::npos;
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

// An Mcp-Param-* header value: "=?base64?...?=" is base64 (nullopt when invalid), anything
// else is literal.
std::optional<std::string> param_header_value(const std::string& raw) {
  const std::string v = trim_ows(raw);
  static const std::string kOpen = "=?base64?", kClose = "?=";
  if (v.size() >= kOpen.size() + kClose.size() && v.rfind(kOpen, 0) == 0 &&
      v.compare(v.size() - kClose.size(), kClose.size(), kClose) == 0)
    return decode_base64(v.substr(kOpen.size(), v.size() - kOpen.size() - kClose.size()));
  return v;
}

// 2026-07-28 (SEP-2243): a request repeats its method, and the tool, prompt or resource it
// names, in the Mcp-Method and Mcp-Name headers, and a tool call the arguments its inputSchema
// marks with "x-mcp-header" in Mcp-Param-<name> headers, so that proxies can route without
// reading the body; they must agree with the body. Returns what disagrees, or "".
std::string header_mismatch(const json& msg, const httplib::Request& req,
                            const ServerDefinition& def) {
  const std::string method = msg.value("method", "");
  if (trim_ows(req.get_header_value("Mcp-Method")) != method)
    return "Mcp-Method header does not match the request's method '" + method + "'";
  const json params = msg.value("params", json::object());
  const char* key = method == "resources/read"                          ? "uri"
                    : method == "tools/call" || method == "prompts/get" ? "name"
                                                                        : nullptr;
  if (!key || !params.is_object() || !params.contains(key) || !params[key].is_string()) return "";
  if (trim_ows(req.get_header_value("Mcp-Name")) != params[key].get<std::string>())
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
      if (!req.has_header(header)) return header + " header is missing";
      const json& arg = args[name];
      const auto value = param_header_value(req.get_header_value(header));
      if (!value) return header + " header is not valid base64";
      if (*value != (arg.is_string() ? arg.get<std::string>() : arg.dump()))
        return header + " header does not match arguments." + name;
    }
  }
  return "";
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

class HttpTransport {
 public:
  HttpTransport(Server& server, const HttpOptions& o)
      : server_(server), o_(o), sessions_(o.max_sessions, std::max<size_t>(1, o.max_sessions / 2)) {
    guard_.loopback_bind = is_loopback_host(o.host);
    guard_.token = o.token;
    guard_.allowed_origins = o.allowed_origins;
  }

  void run();
  void stop() {
    stopping_ = true;
    sessions_.close_all();
    http_.stop();
  }

 private:
  bool guarded(const httplib::Request& req, httplib::Response& res);
  void web(const httplib::Request& req, httplib::Response& res);
  void post_mcp(const httplib::Request& req, httplib::Response& res);
  void get_mcp(const httplib::Request& req, httplib::Response& res);
  void delete_mcp(const httplib::Request& req, httplib::Response& res);
  void get_sse(const httplib::Request& req, httplib::Response& res);
  void post_messages(const httplib::Request& req, httplib::Response& res);
  std::shared_ptr<HttpSession> session_for(const json& msg, const httplib::Request& req,
                                           httplib::Response& res, bool& stateless);
  void answer(const json& msg, std::shared_ptr<HttpSession> s, std::shared_ptr<Session> session,
              bool stateless, const httplib::Request& req, httplib::Response& res);
  void stream_events(std::shared_ptr<HttpSession> s, httplib::Response& res,
                     const std::string& first_event, bool drop_session_at_end);

  Server& server_;
  HttpOptions o_;
  GuardConfig guard_;
  SessionTable sessions_;
  std::atomic<size_t> open_streams_{0};
  httplib::Server http_;
  std::atomic<bool> stopping_{false};
};

bool HttpTransport::guarded(const httplib::Request& req, httplib::Response& res) {
  const auto v = check_request(guard_, req.get_header_value("Host"), req.get_header_value("Origin"),
                               req.get_header_value("Authorization"));
  if (v.status == 0) return false;
  if (v.status == 401) res.set_header("WWW-Authenticate", "Bearer");
  reply_error(res, v.status, rpc::kInvalidRequest, v.message);
  return true;
}

std::shared_ptr<HttpSession> HttpTransport::session_for(const json& msg,
                                                        const httplib::Request& req,
                                                        httplib::Response& res, bool& stateless) {
  const std::string method = msg.value("method", "");
  const std::string meta_version = Server::stateless_version(msg);
  const std::string header_version = req.get_header_value("MCP-Protocol-Version");
  if (!meta_version.empty() && !header_version.empty() && meta_version != header_version) {
    reply_json(res, 400,
               make_error(msg.value("id", json()), rpc::kHeaderMismatch,
                          "MCP-Protocol-Version header does not match _meta protocol version"));
    return nullptr;
  }
  stateless = !meta_version.empty() || method == "server/discover" ||
              (!header_version.empty() && !is_session_version(header_version));
  if (meta_version == kStatelessVersion) {
    if (const std::string why = header_mismatch(msg, req, server_.definition()); !why.empty()) {
      reply_json(res, 400, make_error(msg.value("id", json()), rpc::kHeaderMismatch, why));
      return nullptr;
    }
  }
  if (stateless || method == "initialize") return nullptr;
  const std::string id = req.get_header_value("Mcp-Session-Id");
  if (id.empty()) {
    reply_error(res, 400, rpc::kInvalidRequest,
                "Bad Request: Mcp-Session-Id header is required (send initialize first)");
    return nullptr;
  }
  auto s = sessions_.find(id);
  if (!s) reply_error(res, 404, rpc::kInvalidRequest, "Session not found: initialize again");
  return s;
}

void HttpTransport::answer(const json& msg, std::shared_ptr<HttpSession> s,
                           std::shared_ptr<Session> session, bool stateless,
                           const httplib::Request& req, httplib::Response& res) {
  // Tool calls may send progress, log messages and requests to the client before their result:
  // when the client accepts SSE and the call does send something first, the reply is a stream.
  if (msg.value("method", "") == "tools/call" && accepts_sse(req)) {
    auto x = std::make_shared<Exchange>();
    x->worker = std::thread([this, x, msg, s, session] {
      ExchangePeer peer(*x, s);
      x->finish(server_.handle(msg, *session, peer));
    });
    {
      std::unique_lock lock(x->m);
      x->cv.wait(lock, [&] { return x->done || !x->events.empty(); });
      if (x->done && x->events.empty()) {
        lock.unlock();
        x->worker.join();
        const json reply = x->reply.value_or(json::object());
        return reply_json(res, stateless ? stateless_status(reply) : 200, reply);
      }
    }
    res.set_header("Cache-Control", "no-cache");
    res.set_chunked_content_provider(
        "text/event-stream",
        [x](size_t, httplib::DataSink& sink) {
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
              if (!out.empty()) sink.write(out.data(), out.size());
              sink.done();
              return true;
            } else {
              out = ": keep-alive\n\n";
            }
            lock.unlock();
            if (!sink.write(out.data(), out.size())) return false;
            lock.lock();
          }
        },
        [x](bool) {
          if (x->worker.joinable()) x->worker.join();
        });
    return;
  }
  struct DropPeer : Peer {
    void notify(const json&) override {}
    json request(const json&) override {
      throw RpcError(rpc::kInternalError,
                     "this request needs an SSE response: send Accept: text/event-stream");
    }
  } drop;
  const json reply = server_.handle(msg, *session, drop).value_or(json::object());
  reply_json(res, stateless ? stateless_status(reply) : 200, reply);
}

void HttpTransport::post_mcp(const httplib::Request& req, httplib::Response& res) {
  if (guarded(req, res)) return;
  if (req.get_header_value("Content-Type").find("application/json") == std::string::npos)
    return reply_error(res, 415, rpc::kInvalidRequest,
                       "Unsupported Media Type: Content-Type must be application/json");
  std::string parse_failure;
  auto parsed = parse_message(req.body, parse_failure);
  if (!parsed) return reply_error(res, 400, rpc::kParseError, parse_failure);
  json msg = std::move(*parsed);
  const MessageKind kind = classify(msg);
  if (kind == MessageKind::kInvalid) {
    Session scratch;
    struct NoPeer : Peer {
      void notify(const json&) override {}
      json request(const json&) override { return json::object(); }
    } none;
    return reply_json(res, 400, *server_.handle(msg, scratch, none));
  }
  if (kind == MessageKind::kResponse || kind == MessageKind::kNotification) {
    if (auto s = sessions_.find(req.get_header_value("Mcp-Session-Id"))) {
      if (kind == MessageKind::kResponse) {
        s->deliver(msg);
      } else {
        QueuePeer peer(s);
        server_.handle(msg, s->session, peer);
      }
    }
    res.status = 202;
    return;
  }
  bool stateless = false;
  auto s = session_for(msg, req, res, stateless);
  if (res.status >= 400) return;
  if (stateless) {
    // The revision the header names tells the engine this request has no session.
    auto once = std::make_shared<Session>();
    once->set_protocol_version(req.get_header_value("MCP-Protocol-Version"));
    return answer(msg, nullptr, once, true, req, res);
  }
  if (!s) {  // initialize
    s = sessions_.create(req.remote_addr);
    if (!s) return reply_error(res, 503, rpc::kInternalError, "Every session is busy; try later");
    res.set_header("Mcp-Session-Id", s->session.id());
  }
  answer(msg, s, std::shared_ptr<Session>(s, &s->session), false, req, res);
}

void HttpTransport::stream_events(std::shared_ptr<HttpSession> s, httplib::Response& res,
                                  const std::string& first_event, bool drop_session_at_end) {
  auto sent_first = std::make_shared<bool>(false);
  ++open_streams_;
  res.set_header("Cache-Control", "no-cache");
  res.set_chunked_content_provider(
      "text/event-stream",
      [this, s, first_event, sent_first](size_t, httplib::DataSink& sink) {
        if (!*sent_first) {
          *sent_first = true;
          const std::string open = first_event.empty() ? ": stream open\n\n" : first_event;
          if (!sink.write(open.data(), open.size())) return false;
        }
        while (!stopping_ && !s->stream->closed()) {
          const auto e =
              s->stream->pop(std::chrono::duration_cast<std::chrono::milliseconds>(kKeepAlive));
          const std::string out = e ? *e : ": keep-alive\n\n";
          if (!sink.write(out.data(), out.size())) return false;
        }
        sink.done();
        return true;
      },
      [this, s, drop_session_at_end](bool) {
        --open_streams_;
        if (drop_session_at_end) sessions_.erase(s->session.id());
      });
}

void HttpTransport::get_mcp(const httplib::Request& req, httplib::Response& res) {
  if (guarded(req, res)) return;
  if (!accepts_sse(req))
    return reply_error(res, 406, rpc::kInvalidRequest,
                       "Not Acceptable: GET /mcp opens an SSE stream (Accept: text/event-stream)");
  const std::string id = req.get_header_value("Mcp-Session-Id");
  if (id.empty())
    return reply_error(res, 400, rpc::kInvalidRequest,
                       "Bad Request: Mcp-Session-Id header is required");
  auto s = sessions_.find(id);
  if (!s) return reply_error(res, 404, rpc::kInvalidRequest, "Session not found");
  if (open_streams_ >= kMaxStreams) return too_many_streams(res);
  // A client reconnecting after a broken stream gets the events it missed first.
  const std::string last = req.get_header_value("Last-Event-ID");
  if (!last.empty() && last.find_first_not_of("0123456789") == std::string::npos &&
      last.size() < 20)
    s->stream->replay_after(std::stoull(last));
  stream_events(s, res, "", false);
}

void HttpTransport::delete_mcp(const httplib::Request& req, httplib::Response& res) {
  if (guarded(req, res)) return;
  const std::string id = req.get_header_value("Mcp-Session-Id");
  if (id.empty())
    return reply_error(res, 400, rpc::kInvalidRequest,
                       "Bad Request: Mcp-Session-Id header is required");
  if (!sessions_.erase(id)) return reply_error(res, 404, rpc::kInvalidRequest, "Session not found");
  res.status = 200;
}

void HttpTransport::get_sse(const httplib::Request& req, httplib::Response& res) {
  if (guarded(req, res)) return;
  if (open_streams_ >= kMaxStreams) return too_many_streams(res);
  auto s = sessions_.create(req.remote_addr);
  if (!s) return reply_error(res, 503, rpc::kInternalError, "Every session is busy; try later");
  stream_events(s, res, "event: endpoint\ndata: /messages?sessionId=" + s->session.id() + "\n\n",
                true);
}

void HttpTransport::post_messages(const httplib::Request& req, httplib::Response& res) {
  if (guarded(req, res)) return;
  auto s = sessions_.find(req.get_param_value("sessionId"));
  if (!s) return reply_error(res, 404, rpc::kInvalidRequest, "Session not found");
  std::string parse_failure;
  auto parsed = parse_message(req.body, parse_failure);
  if (!parsed) return reply_error(res, 400, rpc::kParseError, parse_failure);
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
  res.status = 202;
  res.set_content("Accepted", "text/plain");
}

void HttpTransport::web(const httplib::Request& req, httplib::Response& res) {
  if (guarded(req, res)) return;
  // HEAD is GET without the body (httplib drops it).
  WebRequest in{req.method == "HEAD" ? "GET" : req.method, req.path, {}, req.body};
  for (const auto& [k, v] : req.params)
    in.query.emplace(k, v);
  std::optional<WebReply> out;
  try {
    if (o_.web) out = o_.web(in);
    if (!out) throw Error(ErrorCode::kNotFound, "no such page: " + req.path);
  } catch (const Error& e) {
    reply_json(
        res, http_status_for(e.code()),
        {{"error", {{"code", std::string(error_code_name(e.code()))}, {"message", e.what()}}}});
    return;
  } catch (const std::exception& e) {
    spdlog::error("web {} {}: {}", req.method, req.path, e.what());
    reply_json(
        res, 500,
        {{"error",
          {{"code", std::string(error_code_name(ErrorCode::kInternal))}, {"message", e.what()}}}});
    return;
  }
  res.status = out->status;
  for (const auto& [k, v] : out->headers)
    res.set_header(k, v);
  // Pages never run scripts or load anything from elsewhere: what a regulation holds is text.
  res.set_header("X-Content-Type-Options", "nosniff");
  res.set_header("Content-Security-Policy",
                 "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                 "object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
  if (out->stream) {
    auto produce = out->stream;
    res.set_chunked_content_provider(out->content_type, [produce](size_t, httplib::DataSink& sink) {
      produce([&sink](const std::string& chunk) {
        return sink.is_writable() && sink.write(chunk.data(), chunk.size());
      });
      sink.done();
      return true;
    });
    return;
  }
  res.set_content(out->body, out->content_type);
}

void HttpTransport::run() {
  http_.new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
  http_.set_payload_max_length(o_.max_body_bytes);
  http_.set_tcp_nodelay(true);  // small JSON-RPC replies: no Nagle delay
  http_.set_keep_alive_max_count(kKeepAliveRequests);
  http_.Post("/mcp", [this](const auto& req, auto& res) { post_mcp(req, res); });
  http_.Get("/mcp", [this](const auto& req, auto& res) { get_mcp(req, res); });
  http_.Delete("/mcp", [this](const auto& req, auto& res) { delete_mcp(req, res); });
  if (o_.legacy_sse) {
    http_.Get("/sse", [this](const auto& req, auto& res) { get_sse(req, res); });
    http_.Post("/messages", [this](const auto& req, auto& res) { post_messages(req, res); });
  }
  // Everything else goes to the web handler, behind the same guard (routes match in order).
  http_.Get(".*", [this](const auto& req, auto& res) { web(req, res); });
  http_.Post("/api/.*", [this](const auto& req, auto& res) { web(req, res); });
  const int port = o_.port == 0 ? http_.bind_to_any_port(o_.host)
                                : (http_.bind_to_port(o_.host, o_.port) ? o_.port : -1);
  if (port < 0)
    throw Error(ErrorCode::kIo, "cannot listen on " + o_.host + ":" + std::to_string(o_.port) +
                                    " (in use, or not an address of this machine)");
  spdlog::info("MCP server on http://{}:{}/mcp{}", o_.host, port,
               o_.legacy_sse ? " (legacy SSE: /sse)" : "");
  if (o_.on_listening) o_.on_listening(port);
  http_.listen_after_bind();
}

}  // namespace

int http_status_for(ErrorCode code) {
  return error_traits(code).http_status;
}

void serve_http(Server& server, const HttpOptions& options) {
  if (!is_loopback_host(options.host) && options.token.empty())
    throw Error(ErrorCode::kInvalidArgument,
                "binding " + options.host +
                    " exposes the server beyond this machine: set REGREADER_MCP_TOKEN (clients "
                    "then send Authorization: Bearer <token>)");
  HttpTransport transport(server, options);
  // SIGINT/SIGTERM stop the server cleanly. A handler only sets a flag (libraries such as
  // OpenBLAS start threads of their own, so any thread may receive the signal); a waiter thread
  // sees it and stops the server, repeating the stop until run() returns, because a stop that
  // lands between binding and listening is lost by httplib.
  g_stop_requested = false;
  struct sigaction sa {};
  sa.sa_handler = [](int) { g_stop_requested = true; };
  sigemptyset(&sa.sa_mask);
  struct sigaction old_int {
  }, old_term{};
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  std::atomic<bool> finished{false};
  std::thread waiter([&transport, &finished] {
    while (!finished && !g_stop_requested)
      std::this_thread::sleep_for(kSignalPoll);
    while (!finished) {
      transport.stop();
      std::this_thread::sleep_for(kSignalPoll);
    }
  });
  auto join_waiter = [&] {
    finished = true;
    waiter.join();
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
  };
  try {
    transport.run();
  } catch (...) {
    join_waiter();
    throw;
  }
  join_waiter();
}

}  // namespace regreader::mcp
