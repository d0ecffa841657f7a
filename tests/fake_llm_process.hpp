#pragma once
// ../shared/tools/fake-llm-server.mjs (a scripted Anthropic/OpenAI endpoint) as a child process
// on a free loopback port, for tests of the LLM clients, the agents and `regreader ask`.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>

namespace regreader::testing {

inline int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  const bool ok = bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
                  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0;
  close(fd);
  return ok ? ntohs(addr.sin_port) : 0;
}

inline bool port_open(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<uint16_t>(port));
  const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  close(fd);
  return ok;
}

class FakeLlmProcess {
 public:
  /// Why it cannot run here (no node, no script), or nullopt.
  static std::optional<std::string> unavailable() {
    if (!node()) return "needs node";
    if (!std::filesystem::exists(script())) return "needs " + script().string();
    return std::nullopt;
  }

  /// Starts the server; the fake model calls `tool` once with `input` (JSON), then answers.
  FakeLlmProcess(const std::string& tool, const std::string& input) {
    port_ = free_port();
    log_ = std::filesystem::temp_directory_path() / ("fake-llm-" + std::to_string(port_) + ".log");
    pid_ = fork();
    if (pid_ == 0) {
      setenv("PORT", std::to_string(port_).c_str(), 1);
      setenv("FAKE_TOOL", tool.c_str(), 1);
      setenv("FAKE_TOOL_INPUT", input.c_str(), 1);
      if (!freopen(log_.c_str(), "w", stderr)) _exit(126);
      execl(node()->c_str(), "node", script().c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 100 && !port_open(port_); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ~FakeLlmProcess() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    std::filesystem::remove(log_);
  }
  bool running() const { return port_ != 0 && port_open(port_); }
  int port() const { return port_; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  const std::filesystem::path& log() const { return log_; }

 private:
  static std::optional<std::filesystem::path> node() {
    for (const char* dir : {"/usr/bin", "/usr/local/bin", "/bin"})
      if (std::filesystem::exists(std::filesystem::path(dir) / "node"))
        return std::filesystem::path(dir) / "node";
    return std::nullopt;
  }
  static std::filesystem::path script() {
    return std::filesystem::path(REGREADER_SOURCE_DIR) / ".." / "shared" / "tools" /
           "fake-llm-server.mjs";
  }
  int port_ = 0;
  pid_t pid_ = -1;
  std::filesystem::path log_;
};

}  // namespace regreader::testing
