// The error table: one row per code, in order, and the edges agree with each other.

#include "regreader/core/error.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace regreader {
namespace error_test {

TEST(ErrorTable, EveryCodeHasItsRowInOrder) {
  const auto table = error_table();
  ASSERT_EQ(table.size(), static_cast<size_t>(ErrorCode::kInternal) + 1);
  for (size_t i = 0; i < table.size(); ++i) {
    const auto code = static_cast<ErrorCode>(i);
    EXPECT_EQ(table[i].code, code) << "row " << i;
    EXPECT_EQ(&error_traits(code), &table[i]);
  }
}

TEST(ErrorTable, NamesAreUniqueAndReadBack) {
  std::set<std::string_view> names;
  for (const auto& row : error_table()) {
    EXPECT_TRUE(names.insert(row.name).second) << row.name;
    EXPECT_EQ(error_code_named(row.name), row.code);
    EXPECT_EQ(error_code_name(row.code), row.name);
  }
  EXPECT_FALSE(error_code_named("internal"));  // one name per code: internal_error
  EXPECT_FALSE(error_code_named(""));
}

// The caller's fault is a 4xx reply, invalid params over JSON-RPC and never exit code 70 or 5;
// the server's side is 5xx and an internal error over JSON-RPC.
TEST(ErrorTable, TheEdgesAgreeOnWhoseFaultItIs) {
  for (const auto& row : error_table()) {
    SCOPED_TRACE(std::string(row.name));
    if (row.caller_fault) {
      EXPECT_GE(row.http_status, 400);
      EXPECT_LT(row.http_status, 500);
      EXPECT_EQ(row.json_rpc, kRpcInvalidParams);
      EXPECT_NE(row.exit_code, kExitInternal);
      EXPECT_NE(row.exit_code, kExitStorage);
    } else {
      EXPECT_GE(row.http_status, 500);
      EXPECT_EQ(row.json_rpc, kRpcInternalError);
    }
    EXPECT_NE(row.exit_code, kExitOk);
  }
  EXPECT_EQ(error_traits(ErrorCode::kStorage).json_rpc, kRpcInternalError);
  EXPECT_EQ(error_traits(ErrorCode::kNotFound).exit_code, kExitNotFound);
}

}  // namespace error_test
}  // namespace regreader
