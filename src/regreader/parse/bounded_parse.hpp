#pragma once
// Parsing one untrusted file without letting it take the process down: the file is checked
// before it is opened (a regular file, under the size limit), then parsed in a child process
// with a bounded address space and a wall-clock deadline. A crash, a limit or a timeout fails
// that file with a reason (`parser crashed (SIGSEGV)`, `exceeds the memory limit of 2048 MiB`,
// `timed out after 900 s`); a directory run goes on with the next file.

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>

#include "regreader/model/parsed_document.hpp"
#include "regreader/parse/parse_options.hpp"

namespace regreader::parse {

/// Refuses what must not be opened or read: missing files, directories, FIFOs, devices and
/// sockets (also behind a symlink: `/dev/zero` named `.md`), empty files and files over
/// `limits.max_file_mb`. Opens nothing, so a FIFO cannot block it.
void check_input_file(const std::filesystem::path& path, const ParseLimits& limits);

/// parse_document in a child process, within `options.limits`. Throws ParseError naming the file
/// and the reason.
model::ParsedDocument parse_document_bounded(const std::filesystem::path& path,
                                             const std::string& reg_id,
                                             const ParseOptions& options);

/// parse_document_bounded in two steps: the child starts, the caller does other work meanwhile
/// (stores the file before), then takes the document. The deadline runs from the start. A parse
/// dropped before it is taken kills its child and removes the rendering it may have written.
class BoundedParse {
 public:
  /// Checks the file and starts the child. Throws ParseError (check_input_file, no process).
  BoundedParse(const std::filesystem::path& path, const std::string& reg_id,
               const ParseOptions& options);
  ~BoundedParse();
  BoundedParse(const BoundedParse&) = delete;
  BoundedParse& operator=(const BoundedParse&) = delete;

  const std::filesystem::path& path() const { return path_; }
  const std::string& reg_id() const { return reg_id_; }
  const ParseOptions& options() const { return options_; }
  /// Waits for the document, telling `progress` the child's steps. Throws ParseError. Once only.
  model::ParsedDocument take(const ProgressFn& progress);
  /// Stops an untaken parse now (what the destructor does): its child is killed and the
  /// rendering it may have written removed.
  void cancel();

 private:
  std::filesystem::path path_;
  std::string reg_id_;
  ParseOptions options_;
  pid_t pid_ = -1;
  int fd_ = -1, progress_fd_ = -1;
  std::chrono::steady_clock::time_point started_;
};

/// Undoes the child's soft limits, for a program it starts (LibreOffice keeps its own timeout
/// and maps more address space than a parser should).
void lift_parse_limits();

}  // namespace regreader::parse
