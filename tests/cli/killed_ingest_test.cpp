// Issue 41: the kept source was copied after the regulation's commit, so an ingest killed in
// between left a PDF regulation without page images. SIGKILL at points spread over an ingest:
// every time, the library holds nothing of it, or the regulation with its kept source.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "regreader/index/library.hpp"
#include "test_support.hpp"

namespace regreader::testing {
namespace killed_ingest_test {

TEST(KilledIngest, ARegulationIsNeverStoredWithoutItsKeptSource) {
  parse::TempDir dir;
  const auto data = dir.path() / "data";
  const std::string cmd = std::string(REGREADER_BINARY) + " -q --data-dir " + quote(data) +
                          " ingest " + quote(sample_pdf()) + " --reg-id K --ocr never";
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(std::system((cmd + " >/dev/null 2>&1").c_str()), 0);
  const auto full = std::chrono::steady_clock::now() - t0;
  int stored = 0, absent = 0;
  for (int i = 0; i < 16; ++i) {
    std::filesystem::remove_all(data);
    const pid_t pid = fork();
    if (pid == 0) {
      execl("/bin/sh", "sh", "-c", ("exec " + cmd + " >/dev/null 2>&1").c_str(),
            static_cast<char*>(nullptr));
      _exit(127);
    }
    std::this_thread::sleep_for(full * (i + 1) / 16);
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    if (!std::filesystem::exists(data / "regreader.db")) {
      ++absent;
      continue;
    }
    const index::Library lib(data, index::Library::Mode::kRead);
    const auto info = lib.documents().find("K");
    if (!info) {
      ++absent;
      continue;
    }
    ++stored;
    EXPECT_TRUE(lib.page_pdf(*info)) << "kill " << i << ": stored without its kept source";
  }
  std::cerr << "killed 16 ingests: " << absent << " left nothing, " << stored
            << " the regulation\n";
}

}  // namespace killed_ingest_test
}  // namespace regreader::testing
