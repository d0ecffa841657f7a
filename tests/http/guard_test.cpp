#include "regreader/http/guard.hpp"

#include <gtest/gtest.h>

namespace regreader::http {
namespace guard_test {

TEST(HttpGuard, LoopbackHosts) {
  for (const char* h :
       {"localhost", "localhost:8765", "127.0.0.1", "127.0.0.1:80", "[::1]:9", "::1"})
    EXPECT_TRUE(is_loopback_host(h)) << h;
  for (const char* h :
       {"evil.example", "evil.example:8765", "10.0.0.1", "localhost.evil.com", "128.0.0.1"})
    EXPECT_FALSE(is_loopback_host(h)) << h;
  // Issue 12: a prefix is not a host. Exact host names and four-octet 127.x addresses only.
  for (const char* h : {"127.0.0.1.evil.com", "127.evil.com", "[::1].evil.com", "127.0.0.1:80x",
                        "localhost:", "127.0.0.256", "127.0.0"})
    EXPECT_FALSE(is_loopback_host(h)) << h;
  EXPECT_TRUE(is_loopback_host("127.1.2.3:8080"));
}

TEST(HttpGuard, DnsRebindingIsRefused) {
  const GuardConfig c;
  EXPECT_EQ(check_request(c, "127.0.0.1:8765", "", "").status, 0);
  EXPECT_EQ(check_request(c, "localhost:8765", "http://localhost:8765", "").status, 0);
  EXPECT_EQ(check_request(c, "localhost:8765", "http://localhost:3000", "", false).status, 0);
  EXPECT_EQ(check_request(c, "evil.example:8765", "", "").status, 403);
  EXPECT_EQ(check_request(c, "127.0.0.1:8765", "http://evil.example", "").status, 403);
  EXPECT_EQ(check_request(c, "127.0.0.1.evil.com", "", "").status, 403);
  EXPECT_EQ(check_request(c, "127.0.0.1:8765", "http://127.attacker.example", "").status, 403);
  EXPECT_EQ(check_request(c, "127.0.0.1:8765", "http://127.0.0.1:3000/app", "", false).status, 0);
  GuardConfig listed = c;
  listed.allowed_origins = {"https://app.example"};
  EXPECT_EQ(check_request(listed, "127.0.0.1", "https://app.example", "").status, 0);
}

// Issue 41: a sandboxed iframe or a data: page (Origin: null), or another page on this machine,
// may not post to the tools or start an agent run; this server's own pages and configured
// origins may. Reads stay open to loopback pages (the browser hides the reply from them).
TEST(HttpGuard, OnlyOwnOrConfiguredOriginsMayPost) {
  const GuardConfig c;
  EXPECT_EQ(check_request(c, "127.0.0.1:8765", "null", "").status, 403);
  EXPECT_EQ(check_request(c, "127.0.0.1:8765", "null", "", false).status, 0);
  EXPECT_EQ(check_request(c, "127.0.0.1:8765", "http://127.0.0.1:3000", "").status, 403);
  EXPECT_EQ(check_request(c, "127.0.0.1:8765", "http://localhost:8765", "").status, 403);
  EXPECT_EQ(check_request(c, "127.0.0.1:8765", "http://127.0.0.1:8765", "").status, 0);
  EXPECT_EQ(check_request(c, "LOCALHOST:8765", "http://localhost:8765", "").status, 0);
  EXPECT_EQ(check_request(c, "127.0.0.1", "http://127.0.0.1:80", "").status, 0);
  EXPECT_EQ(check_request(c, "[::1]:8765", "http://[::1]:8765", "").status, 0);
  EXPECT_EQ(check_request(c, "127.0.0.1:8765", "https://127.0.0.1:8765", "").status, 403);
  EXPECT_EQ(check_request(c, "127.0.0.1:8765", "http://127.0.0.1:8765/x", "").status, 403);
  GuardConfig listed = c;
  listed.allowed_origins = {"http://localhost:6274", "null"};
  EXPECT_EQ(check_request(listed, "127.0.0.1:8765", "http://localhost:6274", "").status, 0);
  EXPECT_EQ(check_request(listed, "127.0.0.1:8765", "null", "").status, 0);
  EXPECT_TRUE(is_state_changing("POST"));
  EXPECT_TRUE(is_state_changing("DELETE"));
  EXPECT_FALSE(is_state_changing("GET"));
}

TEST(HttpGuard, TokenIsRequiredWhenSet) {
  GuardConfig c;
  c.loopback_bind = false;
  c.token = "s3cret";
  EXPECT_EQ(check_request(c, "10.0.0.5:8765", "", "").status, 401);
  EXPECT_EQ(check_request(c, "10.0.0.5:8765", "", "Bearer nope").status, 401);
  EXPECT_EQ(check_request(c, "10.0.0.5:8765", "", "Bearer s3cret").status, 0);
}

}  // namespace guard_test
}  // namespace regreader::http
