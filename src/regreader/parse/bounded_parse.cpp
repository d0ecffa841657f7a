#include "regreader/parse/bounded_parse.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <new>
#include <vector>

#include "regreader/core/error.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/parse_document.hpp"

namespace regreader::parse {

namespace fs = std::filesystem;

namespace {

constexpr size_t kMiB = 1024 * 1024;

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
// ASan and TSan reserve terabytes of address space (TSan's allocator fails under a 4 GB
// RLIMIT_AS): no address-space limit in those builds.
constexpr bool kSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kSanitizer = true;
#else
constexpr bool kSanitizer = false;
#endif
#else
constexpr bool kSanitizer = false;
#endif

std::string signal_name(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  return abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(sig);
}

void write_all(int fd, const void* data, size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) _exit(3);
    p += w;
    n -= static_cast<size_t>(w);
  }
}

nlohmann::json error_reply(ErrorCode code, const std::string& reason) {
  return {{"ok", false}, {"code", static_cast<int>(code)}, {"reason", reason}};
}

// The child: parse, then send one CBOR message (length-prefixed) and leave without running
// the parent's atexit handlers or destructors.
[[noreturn]] void run_child(int fd, int progress_fd, const fs::path& path,
                            const std::string& reg_id, const ParseOptions& parent_options) {
  // The child's steps (pages read, OCR, LibreOffice) go to the parent as lines
  // "done<TAB>total<TAB>what", so the parent alone draws the progress line.
  ParseOptions options = parent_options;
  if (options.progress)
    options.progress = [progress_fd](int done, int total, const std::string& what) {
      const std::string line =
          std::to_string(done) + "\t" + std::to_string(total) + "\t" + what + "\n";
      (void)!::write(progress_fd, line.data(), line.size());  // lost progress is harmless
    };
  const ParseLimits& limits = options.limits;
  if (limits.memory_mb > 0 && !kSanitizer) {
    rlimit rl{};
    getrlimit(RLIMIT_AS, &rl);
    rl.rlim_cur = static_cast<rlim_t>(limits.memory_mb) * kMiB;
    setrlimit(RLIMIT_AS, &rl);  // soft limit only: lift_parse_limits() restores it for soffice
  }
  nlohmann::json reply;
  try {
    reply = {{"ok", true}, {"doc", parse_document(path, reg_id, options)}};
  } catch (const ParseError& e) {
    reply = error_reply(e.code(), e.reason());
    if (e.page()) reply["page"] = *e.page();
  } catch (const Error& e) {
    reply = error_reply(e.code(), e.what());
  } catch (const std::bad_alloc&) {
    reply = error_reply(ErrorCode::kLimit,
                        "exceeds the memory limit of " + std::to_string(limits.memory_mb) + " MiB");
  } catch (const std::exception& e) {
    reply = error_reply(ErrorCode::kInternal, std::string("parser failed: ") + e.what());
  }
  std::vector<std::uint8_t> bytes;
  try {
    bytes = nlohmann::json::to_cbor(reply);
  } catch (const std::bad_alloc&) {
    bytes = nlohmann::json::to_cbor(error_reply(
        ErrorCode::kLimit,
        "the result exceeds the memory limit of " + std::to_string(limits.memory_mb) + " MiB"));
  }
  // Parsed: the parent's deadline no longer runs while it has yet to read the result.
  ::close(progress_fd);
  const std::uint64_t n = bytes.size();
  write_all(fd, &n, sizeof n);
  write_all(fd, bytes.data(), bytes.size());
  ::close(fd);
  _exit(0);
}

struct ChildResult {
  std::vector<std::uint8_t> bytes;
  bool timed_out = false;
  int status = 0;
};

// The latest step the child reported; passed on to the caller's progress function, and passed
// again about four times a second while nothing new arrives (a spinner, elapsed time).
struct Relay {
  const ProgressFn& fn;
  std::string pending;
  int done = 0, total = 0;
  std::string what = "parsing";

  void read(int fd) {
    char buf[4096];
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got <= 0) return;
    pending.append(buf, static_cast<size_t>(got));
    for (size_t nl; (nl = pending.find('\n')) != std::string::npos;) {
      const std::string line = pending.substr(0, nl);
      pending.erase(0, nl + 1);
      const size_t a = line.find('\t'), b = line.find('\t', a == std::string::npos ? a : a + 1);
      if (a == std::string::npos || b == std::string::npos) continue;
      done = std::atoi(line.substr(0, a).c_str());
      total = std::atoi(line.substr(a + 1, b - a - 1).c_str());
      what = line.substr(b + 1);
    }
  }
  void tell() const {
    if (fn) fn(done, total, what);
  }
};

// Reads the child's message until it closes the pipe or the deadline passes (then kills it),
// relaying its progress meanwhile. The deadline is the parse's: a child closes its progress pipe
// when it has parsed, and may then wait to be read for as long as the run stores the files
// before (a parse started ahead of them).
ChildResult collect(pid_t pid, int fd, int progress_fd, int timeout_seconds,
                    std::chrono::steady_clock::time_point started, const ProgressFn& progress) {
  ChildResult r;
  Relay relay{progress, {}, 0, 0, "parsing"};
  const auto deadline = started + std::chrono::seconds(timeout_seconds);
  bool parsed = false;  // the progress pipe is closed: the result is on its way
  std::uint8_t buf[1 << 16];
  for (;;) {
    int wait_ms = progress ? 250 : 1000;
    bool late = false;
    if (timeout_seconds > 0 && !parsed) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      late = left.count() <= 0;
      wait_ms = late ? 0 : static_cast<int>(std::min<long long>(left.count(), wait_ms));
    }
    pollfd p[2] = {{fd, POLLIN, 0}, {progress_fd, POLLIN, 0}};
    const int ready = ::poll(p, progress_fd >= 0 ? 2 : 1, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    const bool progress_read = progress_fd >= 0 && (p[1].revents & POLLIN);
    if (progress_read) {
      relay.read(progress_fd);
    } else if (progress_fd >= 0 && (p[1].revents & (POLLHUP | POLLERR))) {
      progress_fd = -1;
      parsed = true;
    }
    relay.tell();
    if (late && !parsed && !progress_read) {
      r.timed_out = true;
      break;
    }
    if (ready <= 0 || !(p[0].revents & (POLLIN | POLLHUP))) continue;
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    r.bytes.insert(r.bytes.end(), buf, buf + got);
  }
  ::close(fd);
  if (r.timed_out) ::kill(pid, SIGKILL);
  while (::waitpid(pid, &r.status, 0) < 0 && errno == EINTR) {
  }
  return r;
}

model::ParsedDocument decode(const ChildResult& r, const fs::path& path) {
  std::uint64_t n = 0;
  if (r.bytes.size() < sizeof n)
    throw ParseError(ErrorCode::kInternal, path, "parser sent nothing");
  std::memcpy(&n, r.bytes.data(), sizeof n);
  if (r.bytes.size() - sizeof n != n)
    throw ParseError(ErrorCode::kInternal, path, "parser sent a truncated result");
  const auto reply = nlohmann::json::from_cbor(r.bytes.begin() + sizeof n, r.bytes.end());
  if (!reply.at("ok").get<bool>()) {
    std::optional<int> page;
    if (reply.contains("page")) page = reply["page"].get<int>();
    throw ParseError(static_cast<ErrorCode>(reply.at("code").get<int>()), path,
                     reply.at("reason").get<std::string>(), page);
  }
  return reply.at("doc").get<model::ParsedDocument>();
}

// The child's exit, read: the document, or why there is none.
model::ParsedDocument result_of(const ChildResult& r, const fs::path& path, int timeout_seconds) {
  if (r.timed_out) {
    clean_stale_temp_dirs();  // the child's LibreOffice folder
    throw ParseError(
        ErrorCode::kLimit, path,
        "timed out after " + std::to_string(timeout_seconds) + " s (REGREADER_PARSE_TIMEOUT)");
  }
  if (WIFSIGNALED(r.status)) {
    clean_stale_temp_dirs();
    const int sig = WTERMSIG(r.status);
    throw ParseError(sig == SIGKILL ? ErrorCode::kLimit : ErrorCode::kCorruptFile, path,
                     "parser crashed (" + signal_name(sig) + ")" +
                         (sig == SIGKILL ? ", killed by the system (out of memory?)" : ""));
  }
  if (!WIFEXITED(r.status) || WEXITSTATUS(r.status) != 0)
    throw ParseError(ErrorCode::kInternal, path,
                     "parser exited with status " + std::to_string(WEXITSTATUS(r.status)));
  try {
    return decode(r, path);
  } catch (const nlohmann::json::exception& e) {
    throw ParseError(ErrorCode::kInternal, path,
                     std::string("parser result unreadable: ") + e.what());
  }
}

}  // namespace

void check_input_file(const fs::path& path, const ParseLimits& limits) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);  // follows symlinks
  if (ec || !fs::exists(st)) throw ParseError(ErrorCode::kNotFound, path, "no such file");
  if (fs::is_directory(st)) throw ParseError(ErrorCode::kInvalidArgument, path, "is a directory");
  if (!fs::is_regular_file(st))
    throw ParseError(ErrorCode::kInvalidArgument, path,
                     "not a regular file (a FIFO, device or socket): only files are read");
  const auto size = fs::file_size(path, ec);
  if (ec) throw ParseError(ErrorCode::kIo, path, "cannot read the file size: " + ec.message());
  if (size == 0) throw ParseError(ErrorCode::kEmptyDocument, path, "file is empty");
  if (limits.max_file_mb > 0 && size > limits.max_file_mb * kMiB)
    throw ParseError(ErrorCode::kLimit, path,
                     "file is " + std::to_string(size / kMiB) + " MiB, over the limit of " +
                         std::to_string(limits.max_file_mb) + " MiB (REGREADER_MAX_FILE_MB)");
}

model::ParsedDocument parse_document_bounded(const fs::path& path, const std::string& reg_id,
                                             const ParseOptions& options) {
  return BoundedParse(path, reg_id, options).take(options.progress);
}

BoundedParse::BoundedParse(const fs::path& path, const std::string& reg_id,
                           const ParseOptions& options)
    : path_(path), reg_id_(reg_id), options_(options) {
  check_input_file(path, options.limits);
  int fds[2], pfds[2];
  // Close-on-exec: LibreOffice, started by the child, must not hold the pipes open.
  if (::pipe2(fds, O_CLOEXEC) != 0) throw ParseError(ErrorCode::kIo, path, "cannot create a pipe");
  if (::pipe2(pfds, O_CLOEXEC) != 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw ParseError(ErrorCode::kIo, path, "cannot create a pipe");
  }
  started_ = std::chrono::steady_clock::now();
  pid_ = ::fork();
  if (pid_ < 0) {
    for (int f : {fds[0], fds[1], pfds[0], pfds[1]})
      ::close(f);
    throw ParseError(ErrorCode::kIo, path, "cannot start the parsing process");
  }
  if (pid_ == 0) {
    ::close(fds[0]);
    ::close(pfds[0]);
    run_child(fds[1], pfds[1], path, reg_id, options);
  }
  ::close(fds[1]);
  ::close(pfds[1]);
  fd_ = fds[0];
  progress_fd_ = pfds[0];
}

BoundedParse::~BoundedParse() {
  cancel();
}

void BoundedParse::cancel() {
  if (pid_ <= 0) return;  // taken or cancelled
  ::kill(pid_, SIGKILL);
  ::close(fd_);
  ::close(progress_fd_);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  clean_stale_temp_dirs();
  std::error_code ec;
  if (!options_.keep_rendering.empty()) fs::remove(options_.keep_rendering, ec);
}

model::ParsedDocument BoundedParse::take(const ProgressFn& progress) {
  if (pid_ <= 0)
    throw ParseError(ErrorCode::kInternal, path_, "the parse was taken or cancelled already");
  const ChildResult r =
      collect(pid_, fd_, progress_fd_, options_.limits.timeout_seconds, started_, progress);
  ::close(progress_fd_);
  pid_ = -1;
  return result_of(r, path_, options_.limits.timeout_seconds);
}

void lift_parse_limits() {
  rlimit rl{};
  if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != rl.rlim_max) {
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_AS, &rl);
  }
}

}  // namespace regreader::parse
