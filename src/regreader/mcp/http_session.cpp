#include "regreader/mcp/http_session.hpp"

#include <algorithm>
#include <random>

namespace regreader::mcp {

namespace {

std::string random_id() {
  static std::mutex m;
  static std::random_device rd;
  std::lock_guard lock(m);
  static const char* kHex = "0123456789abcdef";
  std::string id;
  for (int i = 0; i < 32; ++i)
    id += kHex[rd() % 16];
  return id;
}

}  // namespace

void EventQueue::push(std::string event) {
  {
    std::lock_guard lock(m_);
    if (closed_) return;
    events_.push_back({next_id_++, std::move(event)});
  }
  cv_.notify_one();
}

std::optional<std::string> EventQueue::pop(std::chrono::milliseconds wait) {
  std::unique_lock lock(m_);
  cv_.wait_for(lock, wait, [this] { return closed_ || !events_.empty(); });
  if (events_.empty()) return std::nullopt;
  Entry e = std::move(events_.front());
  events_.pop_front();
  std::string out = "id: " + std::to_string(e.id) + "\n" + e.text;
  sent_.push_back(std::move(e));
  if (sent_.size() > kReplayEvents) sent_.pop_front();
  return out;
}

void EventQueue::replay_after(uint64_t last_event_id) {
  {
    std::lock_guard lock(m_);
    auto first = std::find_if(sent_.begin(), sent_.end(),
                              [&](const Entry& e) { return e.id > last_event_id; });
    events_.insert(events_.begin(), std::make_move_iterator(first),
                   std::make_move_iterator(sent_.end()));
    sent_.erase(first, sent_.end());
  }
  cv_.notify_one();
}

void EventQueue::close() {
  {
    std::lock_guard lock(m_);
    closed_ = true;
  }
  cv_.notify_all();
}

bool EventQueue::closed() const {
  std::lock_guard lock(m_);
  return closed_;
}

std::future<json> HttpSession::expect_reply(const json& request_id) {
  std::lock_guard lock(m_);
  return pending_[request_id.dump()].get_future();
}

bool HttpSession::deliver(const json& response) {
  std::lock_guard lock(m_);
  const auto it = pending_.find(response["id"].dump());
  if (it == pending_.end()) return false;
  it->second.set_value(response);
  pending_.erase(it);
  return true;
}

void HttpSession::touch() {
  std::lock_guard lock(m_);
  last_used_ = std::chrono::steady_clock::now();
  used_ = true;
}

bool HttpSession::used() const {
  std::lock_guard lock(m_);
  return used_;
}

std::chrono::steady_clock::time_point HttpSession::last_used() const {
  std::lock_guard lock(m_);
  return last_used_;
}

bool SessionTable::evict_idle(const std::string* client) {
  const auto now = std::chrono::steady_clock::now();
  // 0: left by its client (used, then stale), 1: never used after initialize; -1: may not go.
  const auto tier = [&](const HttpSession& s) {
    if (!s.used()) return 1;
    return now - s.last_used() >= stale_after_ ? 0 : -1;
  };
  auto victim = sessions_.end();
  int victim_tier = 2;
  for (auto it = sessions_.begin(); it != sessions_.end(); ++it) {
    const HttpSession& s = *it->second;
    // Held only by this table: no open stream, no call in flight.
    if (it->second.use_count() > 1 || (client && s.client != *client)) continue;
    const int t = tier(s);
    if (t < 0) continue;
    if (t < victim_tier || (t == victim_tier && s.last_used() < victim->second->last_used())) {
      victim = it;
      victim_tier = t;
    }
  }
  if (victim == sessions_.end()) return false;
  victim->second->stream->close();
  sessions_.erase(victim);
  return true;
}

std::shared_ptr<HttpSession> SessionTable::create(const std::string& client_address) {
  std::lock_guard lock(m_);
  const auto own =
      static_cast<size_t>(std::count_if(sessions_.begin(), sessions_.end(), [&](const auto& e) {
        return e.second->client == client_address;
      }));
  if (own >= max_per_client_ && !evict_idle(&client_address)) return nullptr;
  if (sessions_.size() >= max_ && !evict_idle(nullptr)) return nullptr;
  auto s = std::make_shared<HttpSession>(random_id(), client_address);
  sessions_[s->session.id()] = s;
  return s;
}

size_t SessionTable::size() {
  std::lock_guard lock(m_);
  return sessions_.size();
}

std::shared_ptr<HttpSession> SessionTable::find(const std::string& id) {
  std::lock_guard lock(m_);
  const auto it = sessions_.find(id);
  if (it == sessions_.end()) return nullptr;
  it->second->touch();
  return it->second;
}

bool SessionTable::erase(const std::string& id) {
  std::lock_guard lock(m_);
  const auto it = sessions_.find(id);
  if (it == sessions_.end()) return false;
  it->second->stream->close();
  sessions_.erase(it);
  return true;
}

void SessionTable::close_all() {
  std::lock_guard lock(m_);
  for (auto& [id, s] : sessions_)
    s->stream->close();
}

std::string sse_event(const json& message) {
  return "event: message\ndata: " + serialize(message) + "\n\n";
}

}  // namespace regreader::mcp
