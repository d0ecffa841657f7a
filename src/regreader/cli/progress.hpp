#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "regreader/cli/eta.hpp"

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

/// The progress of a run over many files: the bar counts files, the ETA comes from each kind's
/// own rate (cli/eta.hpp), and the file being parsed shows its step -- pages, OCR, LibreOffice --
/// with a spinner and its own seconds, so a long step never looks like a hang.
class RunProgress {
 public:
  RunProgress(bool enabled, std::vector<RunEstimate::File> files);
  void start_file(size_t index, const std::string& name);
  /// A step of the current file; called several times a second while it is parsed.
  void step(int done, int total, const std::string& what);
  void finish_file();
  void clear() { bar_.clear(); }
  /// "1:05", "12 s", or "" while too little is done to tell.
  std::string eta() const;

 private:
  using Clock = std::chrono::steady_clock;
  void draw(const std::string& what);
  double seconds() const;
  Progress bar_;
  size_t count_ = 0;
  RunEstimate estimate_;
  size_t index_ = 0;
  std::string name_;
  Clock::time_point t0_ = Clock::now(), file_t0_ = Clock::now();
};

/// True when stderr is a terminal (and TERM is not "dumb").
bool stderr_is_terminal();

}  // namespace regreader::cli
