#pragma once
// One HTTP connection's requests read within bounds. cpp-httplib reads a request's headers one
// recv at a time with a timeout per recv, on one of the server's worker threads: a client that
// sends a byte every 2 s holds that thread indefinitely, and 40 such connections stalled every
// other request for up to 14 s. So the server serves each connection itself (Server overrides
// httplib's process_and_close_socket) and lets httplib read a request only once its whole header
// block has arrived: a connection gets `idle` to start a request and `headers` to finish its
// header block once begun, and a client address may have only `max_slow_per_address`
// connections whose headers are late at once; others are closed.

#include <httplib.h>

#include <array>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace regreader::http {

struct ConnectionLimits {
  std::chrono::milliseconds idle{5000};     ///< waiting for a request to begin (keep-alive)
  std::chrono::milliseconds headers{5000};  ///< a begun request's header block to arrive
  /// A header block not complete after this is late (counted against its address).
  std::chrono::milliseconds late{200};
  int max_slow_per_address = 8;
};

/// A socket as httplib's Stream: reads and writes wait at most the given timeouts. Reads go
/// through a 4 KB buffer, as httplib's own stream does: httplib reads a request's line and
/// headers one byte at a time (a poll and a recv per byte cost 0.25 ms a request).
class SocketStream : public httplib::Stream {
 public:
  SocketStream(int fd, std::chrono::milliseconds read_timeout,
               std::chrono::milliseconds write_timeout)
      : fd_(fd), read_timeout_(read_timeout), write_timeout_(write_timeout) {}
  bool is_readable() const override;
  bool is_writable() const override;
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return fd_; }

 private:
  static constexpr size_t kBuffer = 4096;
  int fd_;
  std::chrono::milliseconds read_timeout_, write_timeout_;
  std::array<char, kBuffer> buffer_{};
  size_t buffered_ = 0;  // bytes in buffer_
  size_t taken_ = 0;     // of which already read
};

/// Late connections per client address, shared by the server's connections.
class SlowConnections {
 public:
  explicit SlowConnections(int max_per_address) : max_(max_per_address) {}
  /// Counts one more late connection of `address`; false when that is over the cap.
  bool enter(const std::string& address);
  void leave(const std::string& address);

 private:
  std::mutex m_;
  std::map<std::string, int> late_;
  int max_;
};

enum class HeaderWait {
  kReady,   ///< a whole header block is waiting to be read
  kClosed,  ///< the client closed the connection, or the server is stopping
  kIdle,    ///< no request began within `idle`
  kSlow,    ///< the header block did not arrive within `headers`, or too many are late
};

/// Waits, without reading anything, until `fd` holds a whole header block ("\r\n\r\n"), or a
/// header block longer than httplib accepts (httplib then refuses it).
HeaderWait wait_for_headers(int fd, const ConnectionLimits& limits, SlowConnections& slow,
                            const std::string& address, const std::function<bool()>& running);

}  // namespace regreader::http
