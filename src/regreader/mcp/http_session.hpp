#pragma once
// Per-client state of the HTTP transports: the protocol Session, requests the server sent the
// client and is waiting on, and (legacy HTTP+SSE, GET /mcp) the queue of events for the client's
// open stream. The table hands out unguessable ids and bounds how many sessions exist.

#include <chrono>
#include <condition_variable>
#include <deque>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "regreader/mcp/json_rpc.hpp"
#include "regreader/mcp/session.hpp"

namespace regreader::mcp {

/// Server-sent events waiting for a stream to write them. Each event gets an SSE id, and the last
/// events handed out are kept, so that a client whose stream broke can reconnect with
/// Last-Event-ID and receive what it missed (GET /mcp resumability).
class EventQueue {
 public:
  /// Events kept for replay after they were handed out.
  static constexpr size_t kReplayEvents = 128;

  void push(std::string event);
  /// The next event with its "id:" line, or nullopt after `wait` without one (or when closed).
  std::optional<std::string> pop(std::chrono::milliseconds wait);
  /// Queues again, first, the kept events whose id is above `last_event_id`.
  void replay_after(uint64_t last_event_id);
  void close();
  bool closed() const;

 private:
  struct Entry {
    uint64_t id;
    std::string text;
  };
  mutable std::mutex m_;
  std::condition_variable cv_;
  std::deque<Entry> events_;
  std::deque<Entry> sent_;
  uint64_t next_id_ = 1;
  bool closed_ = false;
};

class HttpSession {
 public:
  HttpSession(std::string id, std::string client_address)
      : session(std::move(id)), client(std::move(client_address)) {}
  Session session;
  const std::string client;  ///< the peer address that created it (per-client cap)
  std::shared_ptr<EventQueue> stream = std::make_shared<EventQueue>();

  /// Registers a request to the client; the future gets the client's response message.
  std::future<json> expect_reply(const json& request_id);
  /// A response from the client; false when nobody waits for it.
  bool deliver(const json& response);
  /// Marks the session used now (called for each request that names it).
  void touch();
  std::chrono::steady_clock::time_point last_used() const;
  /// True once a request after `initialize` named the session: a client is using it.
  bool used() const;

 private:
  mutable std::mutex m_;
  std::map<std::string, std::promise<json>> pending_;
  std::chrono::steady_clock::time_point last_used_ = std::chrono::steady_clock::now();
  bool used_ = false;
};

/// A burst of `initialize` can neither lock new clients out nor log clients out: when the table
/// (or one client address's share of it) is full, a session nobody holds (no open stream, no call
/// in flight) makes room, chosen first among sessions a client left (used, then idle longer than
/// `stale_after`), then among sessions never used after `initialize` (a burst's own), least
/// recently used first. A session used within `stale_after` is never dropped; when nothing may
/// go, the new client gets null (503).
class SessionTable {
 public:
  static constexpr std::chrono::seconds kStaleAfter{60};

  SessionTable(size_t max_sessions, size_t max_per_client,
               std::chrono::steady_clock::duration stale_after = kStaleAfter)
      : max_(max_sessions), max_per_client_(max_per_client), stale_after_(stale_after) {}
  /// A new session for a client at `client_address`, or null when every session is busy.
  std::shared_ptr<HttpSession> create(const std::string& client_address = "");
  size_t size();
  std::shared_ptr<HttpSession> find(const std::string& id);
  bool erase(const std::string& id);
  void close_all();

 private:
  std::mutex m_;
  // Drops one session that may go (see the class comment), of `client` or of anyone when null.
  bool evict_idle(const std::string* client);

  std::map<std::string, std::shared_ptr<HttpSession>> sessions_;
  size_t max_;
  size_t max_per_client_;
  std::chrono::steady_clock::duration stale_after_;
};

/// One SSE event carrying a JSON-RPC message.
std::string sse_event(const json& message);

}  // namespace regreader::mcp
