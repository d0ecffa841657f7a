#pragma once
// Parsing one untrusted file without letting it take the process down: the file is checked
// before it is opened (a regular file, under the size limit), then parsed in a child process
// with a bounded address space and a wall-clock deadline. A crash, a limit or a timeout fails
// that file with a reason (`parser crashed (SIGSEGV)`, `exceeds the memory limit of 2048 MiB`,
// `timed out after 900 s`); a directory run goes on with the next file.

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

/// Undoes the child's soft limits, for a program it starts (LibreOffice keeps its own timeout
/// and maps more address space than a parser should).
void lift_parse_limits();

}  // namespace regreader::parse
