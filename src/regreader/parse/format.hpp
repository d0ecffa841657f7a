#pragma once
#include <filesystem>
#include <string_view>

namespace regreader::parse {

enum class DocFormat { kPdf, kDocx, kOffice, kMarkdown, kText };

/// Chooses the format from the extension (case-insensitive). Office formats other than DOCX
/// (.doc .wps .odt .rtf) need LibreOffice. Throws Error(kUnsupportedFormat) for anything else.
DocFormat detect_format(const std::filesystem::path& path);

std::string_view format_name(DocFormat f);

/// True when the path has an extension RegReader reads (used when walking directories).
bool is_supported_path(const std::filesystem::path& path);

}  // namespace regreader::parse
