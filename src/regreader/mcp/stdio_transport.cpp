#include "regreader/mcp/stdio_transport.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <future>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace regreader::mcp {

namespace {

// Requests served at once: a slow search does not hold up a ping or a cancellation; more would
// only compete for 2 cores.
constexpr int kWorkers = 4;
// How long a request to the client (sampling, elicitation) may wait for its answer.
constexpr auto kClientReplyTimeout = std::chrono::minutes(10);

class StdioPeer : public Peer {
 public:
  explicit StdioPeer(std::ostream& out) : out_(out) {}

  void write(const json& message) {
    std::lock_guard lock(write_m_);
    out_ << serialize(message) << '\n';
    out_.flush();
  }

  void notify(const json& notification) override { write(notification); }

  json request(const json& request) override {
    std::future<json> reply;
    {
      std::lock_guard lock(pending_m_);
      if (closed_) throw RpcError(rpc::kInternalError, "the client has disconnected");
      reply = pending_[request["id"].dump()].get_future();
    }
    write(request);
    if (reply.wait_for(kClientReplyTimeout) != std::future_status::ready)
      throw RpcError(rpc::kInternalError,
                     "the client did not answer " + request.value("method", "") + " in time");
    return reply.get();
  }

  /// A response from the client: hands it to the request waiting for it.
  void deliver(const json& response) {
    std::lock_guard lock(pending_m_);
    const auto it = pending_.find(response["id"].dump());
    if (it == pending_.end()) return;
    it->second.set_value(response);
    pending_.erase(it);
  }

  /// The input ended: every waiting request gets an error.
  void close() {
    std::lock_guard lock(pending_m_);
    closed_ = true;
    for (auto& [id, p] : pending_)
      p.set_value({{"error", {{"code", rpc::kInternalError}, {"message", "client disconnected"}}}});
    pending_.clear();
  }

 private:
  std::ostream& out_;
  std::mutex write_m_;
  std::mutex pending_m_;
  std::map<std::string, std::promise<json>> pending_;
  bool closed_ = false;
};

// Requests waiting for a worker; closed when stdin ends.
class RequestQueue {
 public:
  void push(json m) {
    {
      std::lock_guard lock(m_);
      q_.push_back(std::move(m));
    }
    cv_.notify_one();
  }
  std::optional<json> pop() {
    std::unique_lock lock(m_);
    cv_.wait(lock, [this] { return closed_ || !q_.empty(); });
    if (q_.empty()) return std::nullopt;
    json m = std::move(q_.front());
    q_.pop_front();
    return m;
  }
  void close() {
    {
      std::lock_guard lock(m_);
      closed_ = true;
    }
    cv_.notify_all();
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<json> q_;
  bool closed_ = false;
};

}  // namespace

void serve_stdio(Server& server, std::istream& in, std::ostream& out) {
  // Reading std::cin flushes the stream tied to it (std::cout) from this thread, racing the
  // workers' writes: untie, every write flushes itself under the peer's lock.
  in.tie(nullptr);
  StdioPeer peer(out);
  Session session("stdio");
  RequestQueue queue;
  std::vector<std::thread> workers;
  for (int i = 0; i < kWorkers; ++i)
    workers.emplace_back([&] {
      while (auto m = queue.pop())
        if (auto reply = server.handle(*m, session, peer)) peer.write(*reply);
    });
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::string failure;
    auto parsed = parse_message(line, failure);
    if (!parsed) {
      peer.write(make_error(nullptr, rpc::kParseError, failure));
      continue;
    }
    json message = std::move(*parsed);
    const MessageKind kind = classify(message);
    if (kind == MessageKind::kResponse) {
      peer.deliver(message);
    } else if (kind == MessageKind::kRequest) {
      queue.push(std::move(message));
    } else if (auto reply = server.handle(message, session, peer)) {
      peer.write(*reply);  // an invalid message
    }
  }
  spdlog::debug("stdin closed; finishing the requests in flight");
  queue.close();
  peer.close();
  for (auto& w : workers)
    w.join();
}

}  // namespace regreader::mcp
