#pragma once
#include <filesystem>

#include "regreader/parse/parse_options.hpp"
#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// Reads a .docx (libzip + pugixml): paragraphs with heading levels from styles and outline
/// levels, list paragraphs, tables, footnotes and the core title. Pages come from LibreOffice's
/// rendering when it is available (office_renderer.hpp), else they are synthetic.
RawDocument parse_docx(const std::filesystem::path& path, const ParseOptions& options);

/// Only the content of a .docx, without pagination (pages all 1).
RawDocument read_docx_content(const std::filesystem::path& path, const ParseLimits& limits = {});

/// .doc / .wps / .odt / .rtf: converted to .docx by LibreOffice, then read as DOCX with
/// LibreOffice's pagination. Throws kUnsupportedFormat when LibreOffice is not installed.
RawDocument parse_office(const std::filesystem::path& path, const ParseOptions& options);

}  // namespace regreader::parse
