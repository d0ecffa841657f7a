#pragma once
#include <filesystem>

#include "regreader/parse/parse_options.hpp"
#include "regreader/parse/pdf/pdf_layout.hpp"
#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// How read_pdf_lines reads a file.
struct PdfLinesOptions {
  ProgressFn progress;
  OcrMode ocr = OcrMode::kNever;
  /// 1-based: that page alone is read and returned (OCR readings are then checked against that
  /// page's text alone); 0: every page.
  int only_page = 0;
  OcrEngineChoice engine = OcrEngineChoice::kAuto;  ///< the OCR engine (ocr.hpp)
  /// A file of more pages is refused with kLimit before any page is read; 0: no limit.
  int max_pages = 0;
  const CharPairs* library_pairs = nullptr;  ///< see ParseOptions::library_pairs
  int threads = 0;                           ///< see ParseOptions::page_threads
};

/// Reads the text lines of every page with MuPDF's structured text — or, for scanned pages, with
/// OCR as `o.ocr` says. Throws ParseError for files MuPDF cannot open (kCorruptFile) and
/// password-protected files (kEncryptedFile). `title` receives the PDF's Info title; `sources`
/// (when given) where each page's text came from; `engine_used` the name of the OCR engine that
/// read pages ("" when none did).
std::vector<PdfPage> read_pdf_lines(const std::filesystem::path& path, std::string* title,
                                    const PdfLinesOptions& o = {},
                                    std::vector<std::string>* sources = nullptr,
                                    std::string* engine_used = nullptr);

/// PDF -> RawDocument: running lines removed, paragraphs and styled headings found. A PDF whose
/// pages carry no text at all is rejected with kNoTextLayer.
RawDocument parse_pdf(const std::filesystem::path& path, const ParseOptions& options);

}  // namespace regreader::parse
