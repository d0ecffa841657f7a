#include "regreader/core/error.hpp"

namespace regreader {

std::string_view error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::kInvalidArgument:
      return "invalid_argument";
    case ErrorCode::kNotFound:
      return "not_found";
    case ErrorCode::kUnsupportedFormat:
      return "unsupported_format";
    case ErrorCode::kCorruptFile:
      return "corrupt_file";
    case ErrorCode::kLimit:
      return "limit_exceeded";
    case ErrorCode::kEncryptedFile:
      return "encrypted_file";
    case ErrorCode::kEmptyDocument:
      return "empty_document";
    case ErrorCode::kNoTextLayer:
      return "no_text_layer";
    case ErrorCode::kConversion:
      return "conversion_failed";
    case ErrorCode::kIo:
      return "io_error";
    case ErrorCode::kStorage:
      return "storage_error";
    case ErrorCode::kNetwork:
      return "network_error";
    case ErrorCode::kRemote:
      return "remote_error";
    case ErrorCode::kInternal:
      return "internal_error";
  }
  return "internal_error";
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
