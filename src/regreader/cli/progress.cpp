#include "regreader/cli/progress.hpp"

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

void Progress::update(int done, int total, const std::string& label) {
  if (!enabled_ || total <= 0) return;
  constexpr int kWidth = 28;
  const int filled = done * kWidth / total;
  std::fprintf(stderr, "\r\033[K[%.*s%*s] %d/%d %s", filled, "############################",
               kWidth - filled, "", done, total, label.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::clear() {
  if (drawn_) std::fprintf(stderr, "\r\033[K");
  drawn_ = false;
}

}  // namespace regreader::cli
