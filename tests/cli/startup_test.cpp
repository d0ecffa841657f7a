// What every command pays before main: the libraries only some commands need (OCR, the HTTP
// clients, PostgreSQL, a local encoder) are opened when first used, not loaded at start.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>

namespace regreader::testing {
namespace startup_test {

// Under LD_TRACE_LOADED_OBJECTS the dynamic loader lists what it loads and stops before main
// (how ldd works).
std::string libraries_loaded_at_start() {
  const std::string cmd =
      std::string("LD_TRACE_LOADED_OBJECTS=1 '") + REGREADER_BINARY + "' --version 2>&1";
  std::string listed;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    std::array<char, 4096> buf{};
    size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0)
      listed.append(buf.data(), n);
    ::pclose(p);
  }
  return listed;
}

TEST(StartUp, LibrariesOnlySomeCommandsNeedAreNotLoadedAtStart) {
  const std::string listed = libraries_loaded_at_start();
  ASSERT_NE(listed.find("libc.so"), std::string::npos) << listed;  // the loader did list them
  for (const char* lib :
       {"libpq.so", "libcurl.so", "libopenblas.so", "liblept.so", "libtesseract.so"})
    EXPECT_EQ(listed.find(lib), std::string::npos) << lib << " is loaded at start:\n" << listed;
}

}  // namespace startup_test
}  // namespace regreader::testing
