#pragma once
#include <filesystem>

#include "regreader/parse/parse_options.hpp"
#include "regreader/parse/pdf/pdf_layout.hpp"
#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// Reads the text lines of every page with MuPDF's structured text — or, for scanned pages, with
/// OCR as `ocr` says. Throws ParseError for files MuPDF cannot open (kCorruptFile) and
/// password-protected files (kEncryptedFile). `title` receives the PDF's Info title; `sources`
/// (when given) where each page's text came from. With `only_page` (1-based) that page alone is
/// read and returned (OCR readings are then checked against that page's text alone). `engine`
/// chooses the OCR engine (ocr.hpp); `engine_used` receives the name of the one that read pages
/// ("" when none did). A file of more than `max_pages` pages (0: no limit) is refused with
/// kLimit before any page is read. `library_pairs`: see ParseOptions::library_pairs.
std::vector<PdfPage> read_pdf_lines(const std::filesystem::path& path, std::string* title,
                                    const ProgressFn& progress = {}, OcrMode ocr = OcrMode::kNever,
                                    std::vector<std::string>* sources = nullptr, int only_page = 0,
                                    OcrEngineChoice engine = OcrEngineChoice::kAuto,
                                    std::string* engine_used = nullptr, int max_pages = 0,
                                    const CharPairs* library_pairs = nullptr);

/// PDF -> RawDocument: running lines removed, paragraphs and styled headings found. A PDF whose
/// pages carry no text at all is rejected with kNoTextLayer.
RawDocument parse_pdf(const std::filesystem::path& path, const ParseOptions& options);

}  // namespace regreader::parse
