#pragma once
#include <filesystem>

#include "regreader/parse/parse_options.hpp"
#include "regreader/parse/pdf_layout.hpp"
#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// Reads the text lines of every page with MuPDF's structured text. Throws ParseError for files
/// MuPDF cannot open (kCorruptFile), password-protected files (kEncryptedFile) and files without
/// pages (kEmptyDocument). `title` receives the PDF's Info title when it has one.
std::vector<PdfPage> read_pdf_lines(const std::filesystem::path& path, std::string* title,
                                    const ProgressFn& progress = {});

/// PDF -> RawDocument: running lines removed, paragraphs and styled headings found. A PDF whose
/// pages carry no text at all is rejected with kNoTextLayer.
RawDocument parse_pdf(const std::filesystem::path& path, const ParseOptions& options);

}  // namespace regreader::parse
