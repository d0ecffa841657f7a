#include "regreader/parse/ocr/ocr_tesseract.hpp"

#include <tesseract/baseapi.h>

#include <algorithm>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {
// Symbols recognised with less confidence than this (0-100) are dropped as noise.
constexpr float kMinConfidence = 20.0f;
}  // namespace

struct TesseractEngine::Impl {
  tesseract::TessBaseAPI api;
};

TesseractEngine::TesseractEngine() : impl_(std::make_unique<Impl>()) {
  const std::string& configured = settings().get("parse.ocr_langs");
  const std::string languages = configured.empty() ? "chi_sim" : configured;
  if (impl_->api.Init(nullptr, languages.c_str(), tesseract::OEM_DEFAULT) != 0)
    throw Error(ErrorCode::kConversion,
                "tesseract cannot load the '" + languages +
                    "' models (apt-get install tesseract-ocr-chi-sim tesseract-ocr-eng)");
  impl_->api.SetPageSegMode(tesseract::PSM_AUTO);
  impl_->api.SetVariable("debug_file", "/dev/null");  // tesseract's own chatter stays off stderr
}

TesseractEngine::~TesseractEngine() {
  impl_->api.End();
}

std::vector<PdfChar> TesseractEngine::recognize(const GrayImage& image) {
  return read(image, 0, 0);
}

std::vector<PdfChar> TesseractEngine::recognize_block(const GrayImage& image, float x, float y) {
  impl_->api.SetPageSegMode(tesseract::PSM_SINGLE_BLOCK);
  auto out = read(image, x, y);
  impl_->api.SetPageSegMode(tesseract::PSM_AUTO);
  return out;
}

std::vector<PdfChar> TesseractEngine::read(const GrayImage& img, float x, float y) {
  auto& api = impl_->api;
  if (img.width == 0 || img.height == 0) return {};
  api.SetImage(img.pixels.data(), img.width, img.height, 1, img.stride);
  api.SetSourceResolution(img.dpi);
  std::vector<PdfChar> out;
  if (api.Recognize(nullptr) != 0) return out;
  const float scale = 72.0f / static_cast<float>(img.dpi);
  std::unique_ptr<tesseract::ResultIterator> it(api.GetIterator());
  if (!it) return out;
  do {
    if (it->Empty(tesseract::RIL_SYMBOL)) continue;
    // A symbol's own confidence stays high on many misreadings (勤 for 勘 at 90+); its word's
    // confidence, which the LSTM computes over the whole path, does not.
    const float symbol_conf = it->Confidence(tesseract::RIL_SYMBOL);
    if (symbol_conf < kMinConfidence) continue;
    const float conf = std::min(symbol_conf, it->Confidence(tesseract::RIL_WORD));
    std::unique_ptr<char[]> sym(it->GetUTF8Text(tesseract::RIL_SYMBOL));
    int l = 0, t = 0, r = 0, b = 0;
    if (!sym || !it->BoundingBox(tesseract::RIL_SYMBOL, &l, &t, &r, &b)) continue;
    int bx1 = 0, by1 = 0, bx2 = 0, by2 = 0;
    float baseline = static_cast<float>(b);
    if (it->Baseline(tesseract::RIL_TEXTLINE, &bx1, &by1, &bx2, &by2))
      baseline = (by1 + by2) / 2.0f;
    int line_l = 0, line_t = 0, line_r = 0, line_b = 0;
    it->BoundingBox(tesseract::RIL_TEXTLINE, &line_l, &line_t, &line_r, &line_b);
    const float size = static_cast<float>(line_b - line_t) * scale;
    // Tesseract returns a blank "symbol" for a table rule or a picture it found no text in, with
    // the box of the whole rule: kept, it stretched the line it joined over several rows and
    // the line no longer met the scan's text layer. Spaces come from the gaps between glyphs.
    for (char32_t c : text::to_codepoints(sym.get()))
      if (c != U' ')
        out.push_back({c, x + l * scale, x + r * scale, y + t * scale, y + b * scale,
                       y + baseline * scale, size, false, conf});
  } while (it->Next(tesseract::RIL_SYMBOL));
  return out;
}

}  // namespace regreader::parse
