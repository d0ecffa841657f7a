#pragma once
#include <string>

namespace regreader::cli {

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
class Progress {
 public:
  explicit Progress(bool enabled);
  ~Progress();
  void update(int done, int total, const std::string& label);
  void clear();

 private:
  bool enabled_;
  bool drawn_ = false;
};

/// True when stderr is a terminal (and TERM is not "dumb").
bool stderr_is_terminal();

}  // namespace regreader::cli
