// Issue 41: 40 connections sending their headers a byte every 2 s stalled a normal request for
// up to 14 s, wave after wave. A request is read only once its header block has arrived; slow
// ones are closed after `headers`, and an address may have only a few late at once.

#include "regreader/http/connection.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>
#include <vector>

#include "regreader/http/server.hpp"

namespace regreader::http {
namespace connection_test {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Sends `request` a byte every `every`; returns the milliseconds until the server closed the
// connection, or -1 when it never did.
long drip(int port, const std::string& request, std::chrono::milliseconds every) {
  const int fd = connect_to(port);
  if (fd < 0) return -1;
  const auto t0 = Clock::now();
  long closed = -1;
  for (size_t k = 0; k < request.size() && closed < 0; ++k) {
    if (::send(fd, &request[k], 1, MSG_NOSIGNAL) <= 0) {
      closed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
      break;
    }
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(every.count())) > 0) {
      char c;
      if (::recv(fd, &c, 1, 0) <= 0)
        closed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
    }
  }
  ::close(fd);
  return closed;
}

TEST(HttpConnections, SlowHeadersNeitherStallOtherRequestsNorStayOpen) {
  ServerOptions o;
  o.port = 0;
  o.threads = 4;
  o.connections = {.idle = 2000ms, .headers = 1000ms, .late = 100ms, .max_slow_per_address = 2};
  std::promise<int> listening;
  o.on_listening = [&](int port) { listening.set_value(port); };
  Server server(o);
  server.router().add({"GET", "/ping", "ping", [](const Request&) {
                         Reply r;
                         r.body = "pong";
                         return r;
                       }});
  std::thread serving([&] { server.run(); });
  const int port = listening.get_future().get();

  const std::string request =
      "GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: 0123456789012345678901234567890\r\n\r\n";
  std::vector<std::future<long>> slow;
  for (int i = 0; i < 8; ++i)  // twice the server's threads
    slow.push_back(std::async(std::launch::async, drip, port, request, 300ms));
  std::this_thread::sleep_for(400ms);  // all of them begun and late

  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(3, 0);
  for (int i = 0; i < 5; ++i) {
    const auto r = client.Get("/ping");
    ASSERT_TRUE(r) << "a normal request waited behind slow ones";
    EXPECT_EQ(r->body, "pong");
  }
  for (auto& f : slow) {
    const long closed = f.get();
    EXPECT_GE(closed, 0) << "a connection dripping its headers was left open";
    EXPECT_LT(closed, 3000) << "closed once its headers were late (1 s)";
  }
  ::kill(::getpid(), SIGTERM);
  serving.join();
}

TEST(HttpConnections, LateConnectionsAreCountedPerAddress) {
  SlowConnections slow(2);
  EXPECT_TRUE(slow.enter("127.0.0.1"));
  EXPECT_TRUE(slow.enter("127.0.0.1"));
  EXPECT_FALSE(slow.enter("127.0.0.1")) << "over the cap";
  EXPECT_TRUE(slow.enter("10.0.0.2")) << "another address has its own share";
  slow.leave("127.0.0.1");
  EXPECT_TRUE(slow.enter("127.0.0.1"));
}

}  // namespace connection_test
}  // namespace regreader::http
