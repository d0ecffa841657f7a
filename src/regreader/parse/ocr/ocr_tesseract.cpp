#include "regreader/parse/ocr/ocr_tesseract.hpp"

// tesseract is opened with dlopen when a page is first read, through its C API (capi.h gives
// the declarations; nothing is linked): linked, it and the libraries it pulls in (libarchive,
// libgomp …) cost every command 3-4 ms of start-up, and libgomp read its thread limit before
// main could set it, so `ingest` started itself twice.
#include <tesseract/capi.h>

#include <algorithm>
#include <cstdlib>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/core/shared_library.hpp"
#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {
// Symbols recognised with less confidence than this (0-100) are dropped as noise.
constexpr float kMinConfidence = 20.0f;

constexpr const char* kInstallHint =
    "(apt-get install libtesseract5 tesseract-ocr-chi-sim tesseract-ocr-eng)";

// The C API functions used, looked up once per process.
// clang-format off
#define REGREADER_TESSERACT(X) \
  X(TessBaseAPICreate) X(TessBaseAPIDelete) \
  X(TessBaseAPIInit3) X(TessBaseAPIEnd) \
  X(TessBaseAPISetPageSegMode) X(TessBaseAPISetVariable) \
  X(TessBaseAPISetImage) X(TessBaseAPISetSourceResolution) \
  X(TessBaseAPIRecognize) X(TessBaseAPIGetIterator) \
  X(TessResultIteratorDelete) X(TessResultIteratorGetPageIteratorConst) \
  X(TessResultIteratorNext) X(TessResultIteratorGetUTF8Text) \
  X(TessResultIteratorConfidence) X(TessPageIteratorBoundingBox) \
  X(TessPageIteratorBaseline) X(TessDeleteText)
// clang-format on

REGREADER_FUNCTION_TABLE(TessApi, REGREADER_TESSERACT)

const TessApi& tess_api() {
  // tesseract's OpenMP threads spin on small machines and make OCR several times slower (one
  // page: 5 s instead of 1 s on 2 cores); libgomp reads the limit when it is loaded, here.
  static const bool limited = setenv("OMP_THREAD_LIMIT", "1", 0) == 0;
  (void)limited;
  return opened<TessApi>("libtesseract.so.5");
}

}  // namespace

struct TesseractEngine::Impl {
  const TessApi& api = tess_api();
  TessBaseAPI* handle = nullptr;
};

TesseractEngine::TesseractEngine() : impl_(std::make_unique<Impl>()) {
  const TessApi& api = impl_->api;
  if (!api.failure.empty())
    throw Error(ErrorCode::kConversion,
                "tesseract cannot be used: " + api.failure + " " + kInstallHint);
  const std::string& configured = settings().get("parse.ocr_langs");
  const std::string languages = configured.empty() ? "chi_sim" : configured;
  impl_->handle = api.TessBaseAPICreate();
  if (api.TessBaseAPIInit3(impl_->handle, nullptr, languages.c_str()) != 0) {
    api.TessBaseAPIDelete(impl_->handle);
    throw Error(ErrorCode::kConversion,
                "tesseract cannot load the '" + languages + "' models " + kInstallHint);
  }
  api.TessBaseAPISetPageSegMode(impl_->handle, tesseract::PSM_AUTO);
  api.TessBaseAPISetVariable(impl_->handle, "debug_file",
                             "/dev/null");  // its chatter stays off stderr
}

TesseractEngine::~TesseractEngine() {
  impl_->api.TessBaseAPIEnd(impl_->handle);
  impl_->api.TessBaseAPIDelete(impl_->handle);
}

std::vector<PdfChar> TesseractEngine::recognize(const GrayImage& image) {
  return read(image, 0, 0);
}

std::vector<PdfChar> TesseractEngine::recognize_block(const GrayImage& image, float x, float y) {
  impl_->api.TessBaseAPISetPageSegMode(impl_->handle, tesseract::PSM_SINGLE_BLOCK);
  auto out = read(image, x, y);
  impl_->api.TessBaseAPISetPageSegMode(impl_->handle, tesseract::PSM_AUTO);
  return out;
}

std::vector<PdfChar> TesseractEngine::recognize_line(const GrayImage& image, float x, float y) {
  impl_->api.TessBaseAPISetPageSegMode(impl_->handle, tesseract::PSM_SINGLE_LINE);
  auto out = read(image, x, y);
  impl_->api.TessBaseAPISetPageSegMode(impl_->handle, tesseract::PSM_AUTO);
  return out;
}

std::vector<PdfChar> TesseractEngine::read(const GrayImage& img, float x, float y) {
  const TessApi& api = impl_->api;
  TessBaseAPI* h = impl_->handle;
  if (img.width == 0 || img.height == 0) return {};
  api.TessBaseAPISetImage(h, img.pixels.data(), img.width, img.height, 1, img.stride);
  api.TessBaseAPISetSourceResolution(h, img.dpi);
  std::vector<PdfChar> out;
  if (api.TessBaseAPIRecognize(h, nullptr) != 0) return out;
  const float scale = 72.0f / static_cast<float>(img.dpi);
  const std::unique_ptr<TessResultIterator, decltype(api.TessResultIteratorDelete)> it(
      api.TessBaseAPIGetIterator(h), api.TessResultIteratorDelete);
  if (!it) return out;
  const TessPageIterator* page = api.TessResultIteratorGetPageIteratorConst(it.get());
  do {
    // An empty symbol has no confidence (0). A symbol's own confidence stays high on many
    // misreadings (勤 for 勘 at 90+); its word's, which the LSTM computes over the whole
    // path, does not.
    const float symbol_conf = api.TessResultIteratorConfidence(it.get(), tesseract::RIL_SYMBOL);
    if (symbol_conf < kMinConfidence) continue;
    const float conf =
        std::min(symbol_conf, api.TessResultIteratorConfidence(it.get(), tesseract::RIL_WORD));
    const std::unique_ptr<char, decltype(api.TessDeleteText)> sym(
        api.TessResultIteratorGetUTF8Text(it.get(), tesseract::RIL_SYMBOL), api.TessDeleteText);
    int l = 0, t = 0, r = 0, b = 0;
    if (!sym || !api.TessPageIteratorBoundingBox(page, tesseract::RIL_SYMBOL, &l, &t, &r, &b))
      continue;
    int bx1 = 0, by1 = 0, bx2 = 0, by2 = 0;
    float baseline = static_cast<float>(b);
    if (api.TessPageIteratorBaseline(page, tesseract::RIL_TEXTLINE, &bx1, &by1, &bx2, &by2))
      baseline = (by1 + by2) / 2.0f;
    int line_l = 0, line_t = 0, line_r = 0, line_b = 0;
    api.TessPageIteratorBoundingBox(page, tesseract::RIL_TEXTLINE, &line_l, &line_t, &line_r,
                                    &line_b);
    const float size = static_cast<float>(line_b - line_t) * scale;
    // Tesseract returns a blank "symbol" for a table rule or a picture it found no text in, with
    // the box of the whole rule: kept, it stretched the line it joined over several rows and
    // the line no longer met the scan's text layer. Spaces come from the gaps between glyphs.
    for (char32_t c : text::to_codepoints(sym.get()))
      if (c != U' ')
        out.push_back({c, x + l * scale, x + r * scale, y + t * scale, y + b * scale,
                       y + baseline * scale, size, false, conf});
  } while (api.TessResultIteratorNext(it.get(), tesseract::RIL_SYMBOL));
  return out;
}

}  // namespace regreader::parse
