#pragma once
// The tesseract engine (chi_sim, from Debian's tesseract-ocr-* packages).

#include <memory>

#include "regreader/parse/ocr/ocr.hpp"

namespace regreader::parse {

class TesseractEngine final : public OcrEngine {
 public:
  /// Loads the language models ($REGREADER_OCR_LANGS, default chi_sim: it reads digits and
  /// Latin letters too, and adding eng makes it misread bold Chinese headings as Latin); throws
  /// Error(kConversion) when tesseract or a model is missing.
  TesseractEngine();
  ~TesseractEngine() override;

  std::string name() const override { return "tesseract"; }
  std::vector<PdfChar> recognize(const GrayImage& image) override;
  std::vector<PdfChar> recognize_block(const GrayImage& image, float x, float y) override;
  std::vector<PdfChar> recognize_line(const GrayImage& image, float x, float y) override;
  bool rereads() const override { return true; }

 private:
  std::vector<PdfChar> read(const GrayImage& image, float x, float y);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace regreader::parse
