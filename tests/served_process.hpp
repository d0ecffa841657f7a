#pragma once
// `regreader serve --transport sse --port 0` in the background for end-to-end tests (the MCP
// endpoints, the reading room); stops it with SIGTERM.

#include <re2/re2.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace regreader::testing {

/// `regreader serve --transport sse --port 0` in the background; stops it with SIGTERM.
inline std::string slurp_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class Served {
 public:
  explicit Served(const std::string& data_dir, const std::vector<std::string>& extra = {},
                  const std::string& env = "") {
    static int counter = 0;
    err_ = std::filesystem::temp_directory_path() /
           ("rr-serve-" + std::to_string(::getpid()) + "-" + std::to_string(++counter) + ".err");
    std::filesystem::remove(err_);
    pid_ = ::fork();
    if (pid_ == 0) {
      if (!env.empty()) ::putenv(const_cast<char*>(env.c_str()));
      FILE* e = std::freopen(err_.c_str(), "w", stderr);
      (void)e;
      std::vector<std::string> args = {REGREADER_BINARY, "--data-dir", data_dir, "serve",
                                       "--transport",    "sse",        "--port", "0"};
      args.insert(args.end(), extra.begin(), extra.end());
      std::vector<char*> argv;
      for (auto& a : args)
        argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(REGREADER_BINARY, argv.data());
      ::_exit(127);
    }
    const RE2 re("http://[0-9.]+:([0-9]+)/mcp");
    for (int i = 0; i < 100 && port_ == 0; ++i) {
      const std::string s = slurp_file(err_);
      if (!RE2::PartialMatch(s, re, &port_))
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  ~Served() {
    stop();
    std::filesystem::remove(err_);
  }
  int stop() {
    if (pid_ <= 0) return exit_;
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = 0;
    exit_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return exit_;
  }
  int port() const { return port_; }
  std::string url(const std::string& path) const {
    return "http://127.0.0.1:" + std::to_string(port_) + path;
  }
  std::string stderr_text() const { return slurp_file(err_); }

 private:
  std::filesystem::path err_;
  pid_t pid_ = 0;
  int port_ = 0;
  int exit_ = -1;
};

}  // namespace regreader::testing
