#include "regreader/core/error.hpp"

namespace regreader {

namespace {

// The error table. A code's row says how it reaches each edge; a new code needs a row here (the
// table's test checks every code has one, in order).
// clang-format off
constexpr ErrorTraits kTable[] = {
  // code                          name                  exit code      JSON-RPC           HTTP caller
  {ErrorCode::kInvalidArgument,   "invalid_argument",   kExitUsage,    kRpcInvalidParams, 400, true},
  {ErrorCode::kNotFound,          "not_found",          kExitNotFound, kRpcInvalidParams, 404, true},
  {ErrorCode::kUnsupportedFormat, "unsupported_format", kExitBadInput, kRpcInvalidParams, 400, true},
  {ErrorCode::kCorruptFile,       "corrupt_file",       kExitBadInput, kRpcInvalidParams, 400, true},
  {ErrorCode::kLimit,             "limit_exceeded",     kExitBadInput, kRpcInvalidParams, 413, true},
  {ErrorCode::kEncryptedFile,     "encrypted_file",     kExitBadInput, kRpcInvalidParams, 400, true},
  {ErrorCode::kEmptyDocument,     "empty_document",     kExitBadInput, kRpcInvalidParams, 400, true},
  {ErrorCode::kNoTextLayer,       "no_text_layer",      kExitBadInput, kRpcInvalidParams, 400, true},
  {ErrorCode::kConversion,        "conversion_failed",  kExitBadInput, kRpcInternalError, 500, false},
  {ErrorCode::kIo,                "io_error",           kExitStorage,  kRpcInternalError, 500, false},
  {ErrorCode::kStorage,           "storage_error",      kExitStorage,  kRpcInternalError, 500, false},
  {ErrorCode::kNetwork,           "network_error",      kExitFailed,   kRpcInternalError, 502, false},
  {ErrorCode::kRemote,            "remote_error",       kExitFailed,   kRpcInternalError, 502, false},
  {ErrorCode::kNotConfigured,     "not_configured",     kExitConfig,   kRpcInternalError, 503, false},
  {ErrorCode::kInternal,          "internal_error",     kExitInternal, kRpcInternalError, 500, false},
};
// clang-format on

}  // namespace

const ErrorTraits& error_traits(ErrorCode code) {
  const auto i = static_cast<size_t>(code);
  return i < std::size(kTable) ? kTable[i] : kTable[std::size(kTable) - 1];
}

std::span<const ErrorTraits> error_table() {
  return kTable;
}

std::optional<ErrorCode> error_code_named(std::string_view name) {
  for (const auto& row : kTable)
    if (row.name == name) return row.code;
  return std::nullopt;
}

namespace {
std::string parse_message(const std::filesystem::path& file, const std::string& reason,
                          std::optional<int> page) {
  std::string msg = file.string();
  if (page) msg += " (page " + std::to_string(*page) + ")";
  return msg + ": " + reason;
}
}  // namespace

ParseError::ParseError(ErrorCode code, const std::filesystem::path& file, const std::string& reason,
                       std::optional<int> page)
    : Error(code, parse_message(file, reason, page)), file_(file), reason_(reason), page_(page) {}

}  // namespace regreader
