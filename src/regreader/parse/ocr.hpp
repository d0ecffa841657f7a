#pragma once
// OCR of scanned pages with tesseract (chi_sim + eng, from Debian's tesseract-ocr-* packages).
// Recognised characters come back as PdfChars in page points, so scanned pages go through the
// same line, table and paragraph rules as pages with a text layer.

#include <memory>
#include <string>
#include <vector>

#include "regreader/parse/parse_options.hpp"
#include "regreader/parse/pdf_document.hpp"

namespace regreader::parse {

/// "auto" | "always" | "never"; throws Error(kInvalidArgument) otherwise.
OcrMode parse_ocr_mode(const std::string& name);

/// Resolution pages are rendered at for OCR: GB 26859's ~100 dpi scans read well at 300.
constexpr int kOcrDpi = 300;

class OcrEngine {
 public:
  /// Loads the language models ($REGREADER_OCR_LANGS, default chi_sim: it reads digits and
  /// Latin letters too, and adding eng makes it misread bold Chinese headings as Latin); throws
  /// Error(kConversion) when tesseract or a model is missing.
  OcrEngine();
  ~OcrEngine();
  OcrEngine(const OcrEngine&) = delete;
  OcrEngine& operator=(const OcrEngine&) = delete;

  /// Recognises a rendered page; characters are placed in points (1/72 inch) on the page.
  std::vector<PdfChar> recognize(const GrayImage& image);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The garbage test of a page's text layer, for --ocr auto. A page is read by OCR when it has no
/// text at all, or when it is a scan — one image covering most of the page — whose text is an
/// invisible OCR layer (fonts such as Acrobat's HiddenHorzOCR or tesseract's GlyphLessFont) or
/// whose characters are mostly unreadable (replacement, private-use or control characters).
bool needs_ocr(const PdfPageContent& page);

}  // namespace regreader::parse
