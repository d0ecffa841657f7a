#pragma once
// The only door to MuPDF. Every MuPDF call runs inside fz_try in pdf_document.cpp and only records
// a failure; C++ exceptions are thrown after fz_catch, never across it.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "regreader/parse/ocr/colour_ink.hpp"
#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

/// What one page holds for layout analysis.
struct PdfPageContent {
  float width = 0, height = 0;
  std::vector<PdfChar> chars;
  std::vector<PdfRule> rules;
  float largest_image_area = 0;  ///< of the images drawn on the page, in square points
  bool ocr_layer = false;  ///< the text is in an invisible OCR font (HiddenHorzOCR, GlyphLessFont)
  /// Latin characters whose word spaces are learnt from their advances (LatinAdvances): those
  /// mapped back from GBK row 0xA0 and those of fonts that set Latin an ideograph wide
  /// (glyph_repair.hpp).
  int spaced_latin = 0;
  int unreadable_glyphs = 0;  ///< replacement, private-use or control characters, narrow ideographs
};

/// An 8-bit grey rendering of a page (for OCR): a PixelImage with one channel.
using GrayImage = PixelImage;

class LatinAdvances;

class PdfDocument {
 public:
  /// Opens a PDF. Throws ParseError: kCorruptFile (unreadable, no pages), kEncryptedFile.
  explicit PdfDocument(const std::filesystem::path& path);
  ~PdfDocument();
  PdfDocument(const PdfDocument&) = delete;
  PdfDocument& operator=(const PdfDocument&) = delete;

  int page_count() const;
  /// The Info dictionary's title ("" when none).
  std::string title() const;
  /// Characters and ruling lines of page `index` (0-based). Throws ParseError naming the page.
  PdfPageContent read_page(int index) const;
  /// Every page as read_page reads it, shared among up to `threads` threads: each opens the file
  /// in a MuPDF context of its own (a context and its documents serve one thread at a time).
  /// `read(done)` after each page, from any thread, one call at a time. Throws the ParseError of
  /// the first page, in page order, that cannot be read.
  std::vector<PdfPageContent> read_pages(int threads,
                                         const std::function<void(int)>& read = {}) const;
  /// Most pixels one rendering of a page may have: a page declared 14400 pt square would take
  /// gigabytes at the asked dpi, so its resolution is lowered to fit (GrayImage::dpi and
  /// PngPage::dpi say what was used). 40 Mpx holds an A2 sheet at 300 dpi.
  static constexpr double kMaxRenderPixels = 40e6;

  /// Renders page `index` in grey at `dpi` (lowered to fit `max_pixels`) for OCR, coloured
  /// ink (seals) dropped (colour_ink.hpp); `stats` says how much was dropped. Throws ParseError
  /// naming the page.
  GrayImage render_gray(int index, int dpi, InkFilterStats* stats = nullptr,
                        double max_pixels = kMaxRenderPixels) const;
  /// A page drawn in colour as PNG bytes (the reading room's page images).
  struct PngPage {
    std::string png;
    int dpi = 0;  ///< the resolution used: the one asked for, or lower to fit max_pixels
  };
  /// Renders page `index` in colour at `dpi`, lowered to fit `max_pixels`.
  PngPage render_png(int index, int dpi, double max_pixels = kMaxRenderPixels) const;
  /// The resolution at which page `index` has at most `max_pixels` pixels: `dpi`, or lower.
  int fitting_dpi(int index, int dpi, double max_pixels) const;
  /// Page `index`'s size in points (PDF user space).
  std::pair<float, float> page_size(int index) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  /// Widths of repaired Latin letters (glyph_repair.hpp), learnt once, from page `from` on.
  const LatinAdvances& latin_advances(int from) const;
  /// read_page before the spaces between repaired Latin letters are set; `repaired` marks the
  /// repaired characters.
  PdfPageContent read_unspaced(int index, std::vector<bool>& repaired) const;
};

}  // namespace regreader::parse
