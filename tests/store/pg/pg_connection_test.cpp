// A connection string as it may be shown or logged: never its password.

#include "regreader/store/pg/pg_connection.hpp"

#include <gtest/gtest.h>

namespace regreader::store::pg {
namespace {

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

}  // namespace
}  // namespace regreader::store::pg
