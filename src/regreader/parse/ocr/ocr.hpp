#pragma once
// OCR of scanned pages: which pages need it, the engine interface and its choice.
// Recognised characters come back as PdfChars in page points, so scanned pages go through the
// same line, table and paragraph rules as pages with a text layer.

#include <memory>
#include <string>
#include <vector>

#include "regreader/parse/parse_options.hpp"
#include "regreader/parse/pdf/pdf_document.hpp"

namespace regreader::parse {

/// "auto" | "always" | "never"; throws Error(kInvalidArgument) otherwise.
OcrMode parse_ocr_mode(const std::string& name);

/// Resolution a page without a scan image (vector text, outlines) is rendered at for OCR.
constexpr int kOcrDpi = 300;

/// Resolutions a scanned page (one image over most of it) is read at again after kOcrDpi, and
/// the readings vote per character (ocr_layer.hpp). Rendered at 120-150 dpi, body text is
/// 15-22 px high, where tesseract's chi_sim model misreads fewer glyphs than at 300 dpi, but
/// not the same ones. Measured on GB 26859 (98 and 300 ppi pages), character error rate on
/// the gold fragments with tesseract alone: 0.112 at 300 dpi, 0.099 at 100, 0.059-0.070 at
/// 110-140, 0.069 at 150; table 2 reads `10 及以下 0.70` at 120 only. The 300 dpi reading
/// stays the one lines and tables are built from: at 120-150 tesseract merges table rows and
/// adjacent lines more often (section recall 0.395 read at 1.25x the scan's resolution alone).
std::vector<int> ocr_rereading_dpis(const PdfPageContent& page);

/// `image` scaled down to `dpi` by area averaging (leptonica), for the rereadings: the page is
/// rendered and its seals dropped once, at kOcrDpi, where seal red and print are apart; rendered
/// at 120 dpi they blend into pixels the ink filter cannot separate.
GrayImage downscaled(const GrayImage& image, int dpi);

/// A recogniser of rendered pages: tesseract (ocr_tesseract.hpp) or PP-OCR on ONNX Runtime
/// (ocr_paddle.hpp). Characters come back in points (1/72 inch) on the page, with their
/// recognition confidence (0-100).
class OcrEngine {
 public:
  virtual ~OcrEngine() = default;
  /// "tesseract" or "paddle", as `check` and `list` name it.
  virtual std::string name() const = 0;
  /// Recognises a rendered page.
  virtual std::vector<PdfChar> recognize(const GrayImage& image) = 0;
  /// Recognises a piece cut out of a page (a table's row); characters are placed on the page as
  /// if the piece's top left were at (x, y) points.
  virtual std::vector<PdfChar> recognize_block(const GrayImage& image, float x, float y) = 0;
  /// Recognises a piece that holds one line of text (a table cell's value), without looking for
  /// lines in it first: print too faint for line detection (under a seal) is still read.
  virtual std::vector<PdfChar> recognize_line(const GrayImage& image, float x, float y) = 0;
  /// Whether reading a scan again at lower resolutions corrects this engine (tesseract: each
  /// resolution misreads other glyphs); PP-OCR reads a page once.
  virtual bool rereads() const = 0;
};

/// --ocr-engine: "auto" (PP-OCR when its runtime and models are installed, else tesseract),
/// "paddle" or "tesseract"; throws Error(kInvalidArgument) otherwise.
OcrEngineChoice parse_ocr_engine(const std::string& name);

/// The engine `choice` names. `auto` falls back to tesseract when PP-OCR's files are missing
/// (`why_not_paddle` says why); "paddle" throws Error(kConversion) then. Throws
/// Error(kConversion) when tesseract's models are missing too.
std::unique_ptr<OcrEngine> make_ocr_engine(OcrEngineChoice choice,
                                           std::string* why_not_paddle = nullptr);

/// A scan: one image covering most of the page.
bool is_scan(const PdfPageContent& page);

/// The garbage test of a page's text layer, for --ocr auto. A page is read by OCR when it has no
/// text at all, or when it is a scan — one image covering most of the page — whose text is an
/// invisible OCR layer (fonts such as Acrobat's HiddenHorzOCR or tesseract's GlyphLessFont) or
/// whose characters are mostly unreadable (replacement, private-use or control characters).
bool needs_ocr(const PdfPageContent& page);

}  // namespace regreader::parse
