#pragma once
// The one error type of RegReader: every failure carries an ErrorCode, and exactly one function per
// edge (CLI exit code, later JSON-RPC / MCP isError) maps the code to what that edge needs.

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace regreader {

enum class ErrorCode {
  kInvalidArgument,    ///< bad flag or argument value given by the user
  kNotFound,           ///< unknown regulation, missing file, page out of range
  kUnsupportedFormat,  ///< file type RegReader cannot read
  kCorruptFile,        ///< file claims a format but cannot be read as it
  kLimit,              ///< input over a size, memory or time limit (a setting)
  kEncryptedFile,      ///< password-protected document
  kEmptyDocument,      ///< file has no content at all
  kNoTextLayer,        ///< scanned PDF without usable text (until OCR exists)
  kConversion,         ///< an external converter (LibreOffice) failed
  kIo,                 ///< filesystem error
  kStorage,            ///< SQLite error
  kNetwork,            ///< an HTTP peer could not be reached or timed out
  kRemote,             ///< an HTTP peer answered with an error (bad key, rate limit, bad model)
  kInternal,           ///< a bug
};

/// Stable lower-case name of a code ("not_found"), used in JSON output.
std::string_view error_code_name(ErrorCode code);

/// Base of every exception RegReader throws on purpose.
class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ErrorCode code() const { return code_; }

 private:
  ErrorCode code_;
};

/// A document could not be parsed; names the file and, when known, the page.
class ParseError : public Error {
 public:
  ParseError(ErrorCode code, const std::filesystem::path& file, const std::string& reason,
             std::optional<int> page = std::nullopt);
  const std::filesystem::path& file() const { return file_; }
  const std::string& reason() const { return reason_; }
  std::optional<int> page() const { return page_; }

 private:
  std::filesystem::path file_;
  std::string reason_;
  std::optional<int> page_;
};

/// SQLite reported an error.
class StorageError : public Error {
 public:
  explicit StorageError(const std::string& message) : Error(ErrorCode::kStorage, message) {}
};

}  // namespace regreader
