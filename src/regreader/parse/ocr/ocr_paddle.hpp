#pragma once
// The PP-OCRv4 engine: PaddleOCR's Chinese text detector (DB) and line recogniser (CTC), run on
// ONNX Runtime (onnx_runtime.hpp). A page is read once: lines are detected on the page scaled
// to at most kDetectSide pixels, each line is cut out of the full-resolution page, scaled to the
// recogniser's height of 48 pixels and read in batches; characters are placed on the line by the
// time steps the decoder gave them.

#include <memory>
#include <string>

#include "regreader/parse/ocr/ctc_decode.hpp"
#include "regreader/parse/ocr/ocr.hpp"

namespace regreader::parse {

/// Where PP-OCR's files are: the folder of $REGREADER_OCR_MODELS (setting parse.ocr_models), or
/// else the first of deps/ocr in the source tree (scripts/fetch-ocr-models.sh) and
/// share/regreader/ocr of the installation that holds them all.
struct PaddleFiles {
  std::string runtime;     ///< libonnxruntime.so.1
  std::string detector;    ///< ch_PP-OCRv4_det_infer.onnx
  std::string recogniser;  ///< ch_PP-OCRv4_rec_infer.onnx
  std::string keys;        ///< ppocr_keys_v1.txt
  std::string missing;     ///< what is not there ("" when complete)
};
PaddleFiles find_paddle_files();

/// A gap in a line's reading where the recogniser skipped a glyph: after character `after`,
/// from x0 to x1 (the line's units).
struct SkippedGlyph {
  size_t after = 0;
  float x0 = 0, x1 = 0;
};

/// Where the reading `chars` of a line of Chinese skipped a glyph (`紧线与线` for 紧线与撤线,
/// `威到` for 威胁到): two neighbours, neither a Latin letter nor a digit (the gaps of `1 000`
/// are thin spaces), further apart than about half the line's height, with ink between them in
/// `crop`, the line's image, whose left edge lies at `crop_x` in the characters' units.
std::vector<SkippedGlyph> skipped_glyphs(const GrayImage& crop, float crop_x,
                                         const std::vector<PdfChar>& chars);

/// The characters of a decoded line on the box (x0, y0)-(x1, y1) it was cut from, each time step
/// `step` wide in the box's units: a character is centred on its steps, about as wide as the line
/// is high (Han) or half that (Latin, digits), never past the middle between it and its
/// neighbours; a space sets the next character's `space_before`. Confidence is the lower of the
/// character's and the line's probability, 0-100.
std::vector<PdfChar> line_chars(const CtcLine& line, float x0, float y0, float x1, float y1,
                                float step);

class PaddleEngine final : public OcrEngine {
 public:
  /// Loads the runtime and both models; throws Error(kConversion) when one cannot be loaded.
  explicit PaddleEngine(const PaddleFiles& files);
  ~PaddleEngine() override;

  std::string name() const override { return "paddle"; }
  std::vector<PdfChar> recognize(const GrayImage& image) override;
  std::vector<PdfChar> recognize_block(const GrayImage& image, float x, float y) override;
  /// The recogniser alone on `image` as one line (no detection).
  std::vector<PdfChar> recognize_line(const GrayImage& image, float x, float y) override;
  bool rereads() const override { return false; }

 private:
  std::vector<PdfChar> read(const GrayImage& image, float x, float y);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace regreader::parse
