#include "regreader/parse/format.hpp"

#include <algorithm>
#include <string>

#include "regreader/core/error.hpp"

namespace regreader::parse {

namespace {
std::string lower_ext(const std::filesystem::path& p) {
  std::string e = p.extension().string();
  std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return std::tolower(c); });
  return e;
}
}  // namespace

DocFormat detect_format(const std::filesystem::path& path) {
  const std::string e = lower_ext(path);
  if (e == ".pdf") return DocFormat::kPdf;
  if (e == ".docx") return DocFormat::kDocx;
  if (e == ".doc" || e == ".wps" || e == ".odt" || e == ".rtf") return DocFormat::kOffice;
  if (e == ".md" || e == ".markdown") return DocFormat::kMarkdown;
  if (e == ".txt" || e == ".text") return DocFormat::kText;
  throw ParseError(ErrorCode::kUnsupportedFormat, path,
                   "unsupported file type '" + (e.empty() ? std::string("(none)") : e) +
                       "' (supported: .pdf .docx .doc .wps .odt .rtf .md .markdown .txt)");
}

std::string_view format_name(DocFormat f) {
  switch (f) {
    case DocFormat::kPdf:
      return "pdf";
    case DocFormat::kDocx:
      return "docx";
    case DocFormat::kOffice:
      return "office";
    case DocFormat::kMarkdown:
      return "markdown";
    case DocFormat::kText:
      return "text";
  }
  return "text";
}

bool is_supported_path(const std::filesystem::path& path) {
  try {
    detect_format(path);
    return true;
  } catch (const Error&) {
    return false;
  }
}

}  // namespace regreader::parse
