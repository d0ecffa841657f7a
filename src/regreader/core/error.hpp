#pragma once
// The one error type of RegReader: every failure carries an ErrorCode, and one table (error.cpp,
// error_traits()) says what each edge makes of it -- the CLI's exit code, the JSON-RPC error code,
// the HTTP status, the name in JSON output and whether the caller can fix it. Every edge (the CLI,
// MCP, the reading room's API, tool isError results, agent events) maps through it.

#include <filesystem>
#include <optional>
#include <span>
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
  kNotConfigured,      ///< a command needs what is not set up (no LLM for ask/chat)
  kInternal,           ///< a bug
};

/// The CLI's exit codes.
enum ExitCode : int {
  kExitOk = 0,
  kExitFailed = 1,     ///< some of the work failed (e.g. one file of several), or a peer did
  kExitUsage = 2,      ///< bad arguments
  kExitNotFound = 3,   ///< unknown regulation, page out of range, missing file
  kExitBadInput = 4,   ///< a file RegReader cannot read (type, corrupt, encrypted, empty)
  kExitStorage = 5,    ///< database or filesystem error
  kExitConfig = 78,    ///< not configured for this (sysexits' EX_CONFIG): no LLM for ask/chat
  kExitInternal = 70,  ///< a bug
};

/// JSON-RPC 2.0 error codes a failed request gets.
inline constexpr int kRpcInvalidParams = -32602;
inline constexpr int kRpcInternalError = -32603;

/// A row of the error table: what every edge makes of one code.
struct ErrorTraits {
  ErrorCode code;
  std::string_view name;  ///< stable lower-case name in JSON output ("not_found")
  int exit_code;          ///< the CLI's exit code
  int json_rpc;           ///< the JSON-RPC error code of a request that failed with it
  int http_status;        ///< the HTTP status of an API reply
  bool caller_fault;      ///< the caller can fix it (bad input); else the server's side
};

/// The row of `code`.
const ErrorTraits& error_traits(ErrorCode code);
/// Every row, one per code, in the order of ErrorCode.
std::span<const ErrorTraits> error_table();

/// The code of a name of the table ("not_found"); nullopt for any other text.
std::optional<ErrorCode> error_code_named(std::string_view name);

/// Stable lower-case name of a code ("not_found"), used in JSON output.
inline std::string_view error_code_name(ErrorCode code) {
  return error_traits(code).name;
}

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
