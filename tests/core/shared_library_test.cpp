// A library opened when first needed: its functions are bound by name, and what is missing is
// said, never a null function called.

#include "regreader/core/shared_library.hpp"

#include <gtest/gtest.h>

#include <cstring>

namespace regreader {
namespace shared_library_test {

TEST(SharedLibrary, BindsAFunctionByNameWithItsDeclaredType) {
  SharedLibrary libc("libc.so.6");
  decltype(&std::strlen) length = nullptr;
  libc.bind(length, "strlen");
  ASSERT_TRUE(libc.failure().empty()) << libc.failure();
  ASSERT_NE(length, nullptr);
  EXPECT_EQ(length("变压器"), 9u);
}

TEST(SharedLibrary, AMissingLibrarySaysWhichAndBindsNothing) {
  SharedLibrary none("libregreader-absent.so.9");
  EXPECT_NE(none.failure().find("libregreader-absent.so.9"), std::string::npos) << none.failure();
  decltype(&std::strlen) length = &std::strlen;
  none.bind(length, "strlen");
  EXPECT_EQ(length, nullptr);
}

TEST(SharedLibrary, AMissingFunctionIsAFailureNamingIt) {
  SharedLibrary libc("libc.so.6");
  decltype(&std::strlen) length = nullptr, absent = nullptr;
  libc.bind(length, "strlen");
  libc.bind(absent, "regreader_no_such_function");
  EXPECT_NE(length, nullptr);
  EXPECT_EQ(absent, nullptr);
  EXPECT_NE(libc.failure().find("regreader_no_such_function"), std::string::npos) << libc.failure();
}

// Each table type is opened once per process (opened<Api>), so a library and a missing one need
// two types.
#define SHARED_LIBRARY_TEST_LIBC(X) X(strlen)
REGREADER_FUNCTION_TABLE(Libc, SHARED_LIBRARY_TEST_LIBC)
REGREADER_FUNCTION_TABLE(Absent, SHARED_LIBRARY_TEST_LIBC)

TEST(SharedLibrary, ARequiredTableIsBoundOrTheGivenErrorSayingWhatToInstall) {
  const Libc& libc = required<Libc>("libc.so.6", ErrorCode::kNotConfigured, "libc is missing");
  EXPECT_EQ(libc.strlen("变压器"), 9u);
  try {
    required<Absent>("libregreader-absent.so.9", ErrorCode::kStorage,
                     "the absent library is missing (apt-get install absent9)");
    FAIL() << "no error for a missing library";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kStorage);
    const std::string what = e.what();
    EXPECT_NE(what.find("apt-get install absent9"), std::string::npos) << what;
    EXPECT_NE(what.find("libregreader-absent.so.9"), std::string::npos) << what;
  }
}

}  // namespace shared_library_test
}  // namespace regreader
