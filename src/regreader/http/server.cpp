#include "regreader/http/server.hpp"

#include <httplib.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <thread>

#include "regreader/core/error.hpp"
#include "regreader/http/guard.hpp"

namespace regreader::http {

namespace {

// How often the signal waiter looks at the stop flag.
constexpr auto kSignalPoll = std::chrono::milliseconds(25);
// Set by the SIGINT/SIGTERM handler (a lock-free atomic store is async-signal-safe).
std::atomic<bool> g_stop_requested{false};
// Requests per keep-alive connection. cpp-httplib's default (5) made a client open a new TCP
// connection every fifth call (bench/mcp_latency.sh's minimal client: tools/call p50 1.6 ms, with
// this 1.3 ms); idle connections still close after its 5 s keep-alive timeout.
constexpr size_t kKeepAliveRequests = 1000;

// Every reply, errors included: nothing served is ever run as a script or framed elsewhere; what
// a regulation holds is text.
void security_headers(httplib::Response& res) {
  res.set_header("X-Content-Type-Options", "nosniff");
  res.set_header("Content-Security-Policy",
                 "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                 "object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
}

Request to_request(const httplib::Request& req) {
  Request in;
  // HEAD is GET without the body (httplib drops it).
  in.method = req.method == "HEAD" ? "GET" : req.method;
  in.path = req.path;
  in.body = req.body;
  in.remote_addr = req.remote_addr;
  for (const auto& [k, v] : req.params)
    in.query.emplace(k, v);
  for (const auto& [k, v] : req.headers)
    in.headers.emplace(k, v);
  return in;
}

void write_reply(Reply out, httplib::Response& res) {
  res.status = out.status;
  for (const auto& [k, v] : out.headers)
    res.set_header(k, v);
  security_headers(res);
  if (!out.stream) {
    if (!out.body.empty()) res.set_content(out.body, out.content_type);
    if (out.on_close) out.on_close();
    return;
  }
  auto produce = std::move(out.stream);
  auto close = out.on_close;
  res.set_chunked_content_provider(
      out.content_type,
      [produce](size_t, httplib::DataSink& sink) {
        produce([&sink](std::string_view chunk) {
          return sink.is_writable() && sink.write(chunk.data(), chunk.size());
        });
        sink.done();
        return true;
      },
      [close](bool) {
        if (close) close();
      });
}

// httplib's server with each connection served here, a request read only once its header block
// has arrived (connection.hpp).
class GatedServer : public httplib::Server {
 public:
  ConnectionLimits limits;
  std::unique_ptr<SlowConnections> slow;  // set with `limits` before listening

 protected:
  bool process_and_close_socket(socket_t sock) override {
    constexpr auto kIoTimeout = std::chrono::seconds(5);  // httplib's read and write timeouts
    std::string ip;
    int port = 0;
    SocketStream(sock, kIoTimeout, kIoTimeout).get_remote_ip_and_port(ip, port);
    bool ok = true;
    for (size_t n = 0; n < kKeepAliveRequests; ++n) {
      const auto wait = wait_for_headers(sock, limits, *slow, ip, [this] { return is_running(); });
      if (wait == HeaderWait::kSlow) spdlog::debug("closed a slow connection from {}", ip);
      if (wait != HeaderWait::kReady) break;
      SocketStream stream(sock, kIoTimeout, kIoTimeout);
      bool closed = false;
      ok = process_request(stream, n + 1 == kKeepAliveRequests, closed, nullptr);
      if (!ok || closed) break;
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
  }
};

}  // namespace

struct Server::Impl {
  ServerOptions options;
  GuardConfig guard;
  Router router;
  GatedServer http;
  std::mutex stop_mutex;
  std::vector<std::function<void()>> stop_hooks;

  void handle(const httplib::Request& req, httplib::Response& res) {
    Request in = to_request(req);
    const auto verdict = check_request(guard, in.header("Host"), in.header("Origin"),
                                       in.header("Authorization"), is_state_changing(in.method));
    if (verdict.status != 0) {
      const auto m = router.match(in.method, in.path);
      auto out =
          Router::error(m.route, verdict.status,
                        verdict.status == 401 ? "unauthorized" : "forbidden", verdict.message);
      if (verdict.status == 401) out.headers["WWW-Authenticate"] = "Bearer";
      return write_reply(std::move(out), res);
    }
    write_reply(router.dispatch(std::move(in)), res);
  }

  void stop() {
    std::vector<std::function<void()>> hooks;
    {
      std::lock_guard lock(stop_mutex);
      hooks = stop_hooks;
    }
    for (const auto& f : hooks)
      f();
    http.stop();
  }

  void listen();
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>()) {
  if (!is_loopback_host(options.host) && options.token.empty())
    throw Error(ErrorCode::kInvalidArgument,
                "binding " + options.host +
                    " exposes the server beyond this machine: set REGREADER_MCP_TOKEN (clients "
                    "then send Authorization: Bearer <token>)");
  impl_->guard.loopback_bind = is_loopback_host(options.host);
  impl_->guard.token = options.token;
  impl_->guard.allowed_origins = options.allowed_origins;
  impl_->options = std::move(options);
}

Server::~Server() = default;

Router& Server::router() {
  return impl_->router;
}

const ServerOptions& Server::options() const {
  return impl_->options;
}

void Server::on_stop(std::function<void()> f) {
  std::lock_guard lock(impl_->stop_mutex);
  impl_->stop_hooks.push_back(std::move(f));
}

void Server::Impl::listen() {
  const size_t threads = std::max<size_t>(2, options.threads);
  http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http.set_payload_max_length(options.max_body_bytes);
  http.set_tcp_nodelay(true);  // small JSON-RPC replies: no Nagle delay
  http.limits = options.connections;
  http.slow = std::make_unique<SlowConnections>(options.connections.max_slow_per_address);
  // httplib only receives the request; the router does the routing (its own patterns are
  // regular expressions, so each method is one catch-all here).
  const auto all = [this](const httplib::Request& req, httplib::Response& res) {
    handle(req, res);
  };
  http.Get(".*", all);
  http.Post(".*", all);
  http.Delete(".*", all);
  const int port = options.port == 0
                       ? http.bind_to_any_port(options.host)
                       : (http.bind_to_port(options.host, options.port) ? options.port : -1);
  if (port < 0)
    throw Error(ErrorCode::kIo, "cannot listen on " + options.host + ":" +
                                    std::to_string(options.port) +
                                    " (in use, or not an address of this machine)");
  spdlog::info("HTTP server on http://{}:{}/ ({} routes)", options.host, port,
               router.routes().size());
  if (options.on_listening) options.on_listening(port);
  http.listen_after_bind();
}

void Server::run() {
  // SIGINT/SIGTERM stop the server cleanly. A handler only sets a flag (libraries such as
  // OpenBLAS start threads of their own, so any thread may receive the signal); a waiter thread
  // sees it and stops the server, repeating the stop until listen() returns, because a stop that
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
  std::thread waiter([this, &finished] {
    while (!finished && !g_stop_requested)
      std::this_thread::sleep_for(kSignalPoll);
    while (!finished) {
      impl_->stop();
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
    impl_->listen();
  } catch (...) {
    join_waiter();
    throw;
  }
  join_waiter();
}

}  // namespace regreader::http
