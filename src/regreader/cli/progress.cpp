#include "regreader/cli/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "regreader/core/settings.hpp"

namespace regreader::cli {

bool stderr_is_terminal() {
  return isatty(STDERR_FILENO) && environment_variable("TERM").value_or("") != "dumb";
}

Progress::Progress(bool enabled) : enabled_(enabled && stderr_is_terminal()) {}
Progress::~Progress() {
  clear();
}

namespace {

// The terminal's width in columns (80 when it cannot tell).
int terminal_columns() {
  winsize ws{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 80;
}

// `s` cut to `columns` on the screen (CJK characters take two): a line that wrapped could not
// be redrawn in place.
std::string fit(const std::string& s, int columns) {
  std::string out;
  int used = 0;
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    const int w = c < 0x80 ? 1 : 2;
    if (used + w > columns) break;
    out.append(s, i, len);
    used += w;
    i += len;
  }
  return out;
}

}  // namespace

void Progress::update(int done, int total, const std::string& label) {
  if (!enabled_ || total <= 0) return;
  constexpr int kWidth = 28;
  const int filled = done * kWidth / total;
  char head[96];
  std::snprintf(head, sizeof head, "[%.*s%*s] %d/%d ", filled, "############################",
                kWidth - filled, "", done, total);
  const std::string line = fit(head + label, terminal_columns() - 1);
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::clear() {
  if (drawn_) std::fprintf(stderr, "\r\033[K");
  drawn_ = false;
}

RunProgress::RunProgress(bool enabled, std::vector<RunEstimate::File> files)
    : bar_(enabled), count_(files.size()), estimate_(std::move(files)) {}

double RunProgress::seconds() const {
  return std::chrono::duration<double>(Clock::now() - t0_).count();
}

void RunProgress::start_file(size_t index, const std::string& name) {
  index_ = index;
  name_ = name;
  file_t0_ = Clock::now();
  estimate_.start(index, seconds());
  draw("");
}

void RunProgress::step(int done, int total, const std::string& what) {
  estimate_.step(done, total, seconds(), what.find("OCR") != std::string::npos);
  std::string s = what;
  if (total > 1) s += " " + std::to_string(done) + "/" + std::to_string(total);
  draw(s);
}

void RunProgress::finish_file() {
  estimate_.finish(seconds());
}

std::string RunProgress::eta() const {
  const auto left = estimate_.seconds_left(seconds());
  return left ? format_eta(*left) : "";
}

void RunProgress::draw(const std::string& what) {
  static const char kSpin[] = {'|', '/', '-', '\\'};
  const auto now = Clock::now();
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now - file_t0_).count();
  std::string label =
      "[" + std::to_string(index_ + 1) + "/" + std::to_string(count_) + "] " + name_;
  if (!what.empty() || ms >= 1000) {
    label += "  ";
    label += kSpin[(ms / 250) % 4];
    label += " " + (what.empty() ? std::string("parsing") : what) + " " +
             std::to_string(ms / 1000) + " s";
  }
  if (const std::string e = eta(); !e.empty()) label += "  ETA " + e;
  bar_.update(static_cast<int>(index_), static_cast<int>(count_), label);
}

}  // namespace regreader::cli
