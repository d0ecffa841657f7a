// A connection string as it may be shown or logged: never its password.

#include "regreader/store/pg/pg_connection.hpp"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>

#include "regreader/core/error.hpp"

namespace regreader::store::pg {
namespace pg_connection_test {

TEST(PgConninfo, ShownWithoutItsPassword) {
  EXPECT_EQ(conninfo_without_password("postgresql://rr:s3cret@db.local:5432/lib"),
            "postgresql://rr@db.local:5432/lib");
  EXPECT_EQ(conninfo_without_password("postgres://rr:s3cret@db/lib?sslmode=require&password=x"),
            "postgres://rr@db/lib");
  EXPECT_EQ(conninfo_without_password("postgresql://db.local:5432/lib"),
            "postgresql://db.local:5432/lib");
  EXPECT_EQ(conninfo_without_password("postgresql:///lib?host=/tmp&user=postgres"),
            "postgresql:///lib");
  EXPECT_EQ(conninfo_without_password("host=db user=rr password=s3cret dbname=lib"),
            "host=db user=rr dbname=lib");
}

TEST(PgConninfo, PasswordsAreMaskedInMessages) {
  EXPECT_EQ(mask_password("bad token \"s3cr%et\"", "postgresql://rr:s3cr%et@db/lib"),
            "bad token \"***\"");
  EXPECT_EQ(mask_password("x pw1 y pw2", "postgres://db/lib?password=pw1 password=pw2"),
            "x *** y ***");
  EXPECT_EQ(mask_password("nothing here", "postgresql://rr@db/lib"), "nothing here");
}

// Issue 41: a malformed URL was echoed with its password.
TEST(PgConnection, AMalformedUrlIsRefusedWithoutItsPassword) {
  try {
    PgConnection c("postgresql://rr:s3cr%zzet@127.0.0.1:1/lib");
    FAIL() << "connected";
  } catch (const StorageError& e) {
    EXPECT_EQ(std::string(e.what()).find("s3cr"), std::string::npos) << e.what();
  }
}

// Issue 41: a server that accepts the connection and never answers hung `--store` forever. The
// listening socket here never accepts: the kernel completes the handshake, nothing replies.
TEST(PgConnection, AServerThatNeverAnswersIsGivenUp) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ASSERT_EQ(::listen(fd, 8), 0);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  const std::string url =
      "postgresql://rr:s3cret@127.0.0.1:" + std::to_string(ntohs(addr.sin_port)) + "/lib";
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_THROW(PgConnection c(url), StorageError) << "the default connect_timeout";
  const auto waited = std::chrono::steady_clock::now() - t0;
  EXPECT_LT(waited, std::chrono::seconds(kConnectTimeoutSeconds + 20));
  ::close(fd);
}

}  // namespace pg_connection_test
}  // namespace regreader::store::pg
