// An MCP server as a child process: requests on its stdin, responses read from its stdout by a
// reader thread. When the child exits, every waiting request fails at once (no hang).

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <future>
#include <map>
#include <mutex>
#include <thread>

#include "regreader/agent/mcp_connection.hpp"
#include "regreader/core/error.hpp"

extern char** environ;

namespace regreader::agent {

namespace {

using nlohmann::json;

class StdioConnection : public McpConnection {
 public:
  StdioConnection(const std::vector<std::string>& argv, bool quiet_stderr) {
    int in[2], out[2];
    if (::pipe(in) != 0 || ::pipe(out) != 0)
      throw Error(ErrorCode::kIo, "cannot create pipes for the MCP server");
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    if (quiet_stderr) posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    for (int fd : {in[0], in[1], out[0], out[1]})
      posix_spawn_file_actions_addclose(&fa, fd);
    std::vector<char*> args;
    for (const auto& a : argv)
      args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const int rc = ::posix_spawnp(&pid_, args[0], &fa, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    ::close(in[0]);
    ::close(out[1]);
    if (rc != 0) {
      ::close(in[1]);
      ::close(out[0]);
      throw Error(ErrorCode::kNotFound, "cannot start the MCP server '" + argv[0] + "'");
    }
    to_child_ = ::fdopen(in[1], "w");
    from_child_ = ::fdopen(out[0], "r");
    reader_ = std::thread([this] { read_loop(); });
  }

  ~StdioConnection() override {
    if (to_child_) std::fclose(to_child_);  // EOF: the server finishes and exits
    reader_.join();
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == 0) {
      ::kill(pid_, SIGTERM);
      ::waitpid(pid_, &status, 0);
    }
    std::fclose(from_child_);
  }

  json roundtrip(const json& request, std::chrono::milliseconds timeout) override {
    std::future<json> reply;
    {
      std::lock_guard lock(m_);
      if (dead_) throw Error(ErrorCode::kRemote, "the MCP server has exited");
      reply = pending_[request["id"].dump()].get_future();
    }
    write(request);
    if (reply.wait_for(timeout) != std::future_status::ready) {
      std::lock_guard lock(m_);
      pending_.erase(request["id"].dump());
      throw Error(ErrorCode::kNetwork,
                  "the MCP server did not answer " + request.value("method", "") + " in time");
    }
    return reply.get();
  }

  void notify(const json& n) override { write(n); }

 private:
  void write(const json& m) {
    std::lock_guard lock(write_m_);
    const std::string line = m.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
    if (std::fwrite(line.data(), 1, line.size(), to_child_) != line.size() ||
        std::fflush(to_child_) != 0)
      throw Error(ErrorCode::kRemote, "the MCP server has exited");
  }

  void read_loop() {
    std::string line;
    int c = 0;
    while ((c = std::fgetc(from_child_)) != EOF) {
      if (c != '\n') {
        line += static_cast<char>(c);
        continue;
      }
      handle_line(line);
      line.clear();
    }
    std::lock_guard lock(m_);
    dead_ = true;
    for (auto& [id, p] : pending_)
      p.set_value({{"error", {{"code", -32603}, {"message", "the MCP server exited"}}}});
    pending_.clear();
  }

  void handle_line(const std::string& line) {
    json m;
    try {
      m = json::parse(line);
    } catch (const json::parse_error&) {
      return;  // not protocol: ignore
    }
    if (!m.is_object() || !m.contains("id")) return;  // a notification
    if (m.contains("method")) {                       // a request from the server
      try {
        write({{"jsonrpc", "2.0"},
               {"id", m["id"]},
               {"error", {{"code", -32601}, {"message", "not supported by this client"}}}});
      } catch (const Error&) {
        // the server is gone; read_loop sees EOF next
      }
      return;
    }
    std::lock_guard lock(m_);
    const auto it = pending_.find(m["id"].dump());
    if (it == pending_.end()) return;
    it->second.set_value(m);
    pending_.erase(it);
  }

  pid_t pid_ = 0;
  FILE* to_child_ = nullptr;
  FILE* from_child_ = nullptr;
  std::thread reader_;
  std::mutex m_, write_m_;
  std::map<std::string, std::promise<json>> pending_;
  bool dead_ = false;
};

}  // namespace

std::unique_ptr<McpConnection> make_stdio_connection(const std::vector<std::string>& argv,
                                                     bool quiet_stderr) {
  if (argv.empty()) throw Error(ErrorCode::kInvalidArgument, "no MCP server command");
  // A write to a dead child must be an error, not SIGPIPE.
  ::signal(SIGPIPE, SIG_IGN);
  return std::make_unique<StdioConnection>(argv, quiet_stderr);
}

}  // namespace regreader::agent
