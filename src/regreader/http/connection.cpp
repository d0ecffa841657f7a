#include "regreader/http/connection.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

namespace regreader::http {

namespace {

using Clock = std::chrono::steady_clock;

// How often a wait looks again: at the server's stop flag, and at a header block that is still
// coming in (poll() says "readable" as long as any byte is unread, so new bytes are looked for
// by peeking again after a pause).
constexpr auto kSlice = std::chrono::milliseconds(20);
// Larger header blocks are not waited for: httplib reads and refuses them itself.
constexpr size_t kPeekBytes = 16 * 1024;

bool wait_fd(int fd, short events, std::chrono::milliseconds timeout) {
  pollfd p{fd, events, 0};
  return ::poll(&p, 1, static_cast<int>(timeout.count())) > 0;
}

void address_of(int fd, bool peer, std::string& ip, int& port) {
  sockaddr_storage a{};
  socklen_t len = sizeof a;
  const int rc = peer ? ::getpeername(fd, reinterpret_cast<sockaddr*>(&a), &len)
                      : ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  if (rc != 0) return;
  char buf[INET6_ADDRSTRLEN] = {};
  if (a.ss_family == AF_INET) {
    const auto* in = reinterpret_cast<sockaddr_in*>(&a);
    ::inet_ntop(AF_INET, &in->sin_addr, buf, sizeof buf);
    port = ntohs(in->sin_port);
  } else if (a.ss_family == AF_INET6) {
    const auto* in = reinterpret_cast<sockaddr_in6*>(&a);
    ::inet_ntop(AF_INET6, &in->sin6_addr, buf, sizeof buf);
    port = ntohs(in->sin6_port);
  }
  ip = buf;
}

}  // namespace

bool SocketStream::is_readable() const {
  return taken_ < buffered_ || wait_fd(fd_, POLLIN, read_timeout_);
}

bool SocketStream::is_writable() const {
  return wait_fd(fd_, POLLOUT, write_timeout_);
}

ssize_t SocketStream::read(char* ptr, size_t size) {
  if (taken_ == buffered_) {
    if (!is_readable()) return -1;
    const bool direct = size >= kBuffer;
    ssize_t n;
    do {
      n = ::recv(fd_, direct ? ptr : buffer_.data(), direct ? size : kBuffer, 0);
    } while (n < 0 && errno == EINTR);
    if (n <= 0 || direct) return n;
    buffered_ = static_cast<size_t>(n);
    taken_ = 0;
  }
  const size_t n = std::min(size, buffered_ - taken_);
  std::memcpy(ptr, buffer_.data() + taken_, n);
  taken_ += n;
  return static_cast<ssize_t>(n);
}

ssize_t SocketStream::write(const char* ptr, size_t size) {
  if (!is_writable()) return -1;
  for (;;) {
    const ssize_t n = ::send(fd_, ptr, size, MSG_NOSIGNAL);
    if (n >= 0 || errno != EINTR) return n;
  }
}

void SocketStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  address_of(fd_, true, ip, port);
}

void SocketStream::get_local_ip_and_port(std::string& ip, int& port) const {
  address_of(fd_, false, ip, port);
}

bool SlowConnections::enter(const std::string& address) {
  std::lock_guard lock(m_);
  int& n = late_[address];
  if (n >= max_) return false;
  ++n;
  return true;
}

void SlowConnections::leave(const std::string& address) {
  std::lock_guard lock(m_);
  const auto it = late_.find(address);
  if (it != late_.end() && --it->second <= 0) late_.erase(it);
}

HeaderWait wait_for_headers(int fd, const ConnectionLimits& limits, SlowConnections& slow,
                            const std::string& address, const std::function<bool()>& running) {
  // A request to begin: the first byte, within `idle`.
  for (auto waited = std::chrono::milliseconds(0);; waited += kSlice) {
    if (!running()) return HeaderWait::kClosed;
    if (wait_fd(fd, POLLIN, kSlice)) break;
    if (waited >= limits.idle) return HeaderWait::kIdle;
  }
  // Its header block, within `headers`; late ones count against the address.
  const auto begun = Clock::now();
  std::vector<char> buf(kPeekBytes);
  bool late = false;
  struct Leave {
    SlowConnections& s;
    const std::string& a;
    bool& late;
    ~Leave() {
      if (late) s.leave(a);
    }
  } leave{slow, address, late};
  for (;;) {
    const ssize_t n = ::recv(fd, buf.data(), buf.size(), MSG_PEEK | MSG_DONTWAIT);
    if (n == 0) return HeaderWait::kClosed;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
      return HeaderWait::kClosed;
    if (n > 0) {
      const std::string_view seen(buf.data(), static_cast<size_t>(n));
      if (seen.find("\r\n\r\n") != std::string_view::npos ||
          seen.find("\n\n") != std::string_view::npos || seen.size() == buf.size())
        return HeaderWait::kReady;
    }
    const auto elapsed = Clock::now() - begun;
    if (elapsed >= limits.headers || !running()) return HeaderWait::kSlow;
    if (!late && elapsed >= limits.late) {
      if (!slow.enter(address)) return HeaderWait::kSlow;
      late = true;
    }
    std::this_thread::sleep_for(kSlice);
  }
}

}  // namespace regreader::http
