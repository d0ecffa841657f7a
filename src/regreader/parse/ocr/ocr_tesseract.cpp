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
struct TessApi {
  decltype(&TessBaseAPICreate) create = nullptr;
  decltype(&TessBaseAPIDelete) destroy = nullptr;
  decltype(&TessBaseAPIInit3) init = nullptr;
  decltype(&TessBaseAPIEnd) end = nullptr;
  decltype(&TessBaseAPISetPageSegMode) set_page_seg_mode = nullptr;
  decltype(&TessBaseAPISetVariable) set_variable = nullptr;
  decltype(&TessBaseAPISetImage) set_image = nullptr;
  decltype(&TessBaseAPISetSourceResolution) set_source_resolution = nullptr;
  decltype(&TessBaseAPIRecognize) recognize = nullptr;
  decltype(&TessBaseAPIGetIterator) get_iterator = nullptr;
  decltype(&TessResultIteratorDelete) iterator_delete = nullptr;
  decltype(&TessResultIteratorGetPageIteratorConst) page_iterator = nullptr;
  decltype(&TessResultIteratorNext) next = nullptr;
  decltype(&TessResultIteratorGetUTF8Text) utf8_text = nullptr;
  decltype(&TessResultIteratorConfidence) confidence = nullptr;
  decltype(&TessPageIteratorBoundingBox) bounding_box = nullptr;
  decltype(&TessPageIteratorBaseline) baseline = nullptr;
  decltype(&TessDeleteText) delete_text = nullptr;
  std::string failure;  ///< why it could not be opened; empty when it was
};

const TessApi& tess_api() {
  static const TessApi api = [] {
    TessApi a;
    // tesseract's OpenMP threads spin on small machines and make OCR several times slower (one
    // page: 5 s instead of 1 s on 2 cores); libgomp reads the limit when it is loaded, here.
    setenv("OMP_THREAD_LIMIT", "1", 0);
    SharedLibrary lib("libtesseract.so.5");
    lib.bind(a.create, "TessBaseAPICreate");
    lib.bind(a.destroy, "TessBaseAPIDelete");
    lib.bind(a.init, "TessBaseAPIInit3");
    lib.bind(a.end, "TessBaseAPIEnd");
    lib.bind(a.set_page_seg_mode, "TessBaseAPISetPageSegMode");
    lib.bind(a.set_variable, "TessBaseAPISetVariable");
    lib.bind(a.set_image, "TessBaseAPISetImage");
    lib.bind(a.set_source_resolution, "TessBaseAPISetSourceResolution");
    lib.bind(a.recognize, "TessBaseAPIRecognize");
    lib.bind(a.get_iterator, "TessBaseAPIGetIterator");
    lib.bind(a.iterator_delete, "TessResultIteratorDelete");
    lib.bind(a.page_iterator, "TessResultIteratorGetPageIteratorConst");
    lib.bind(a.next, "TessResultIteratorNext");
    lib.bind(a.utf8_text, "TessResultIteratorGetUTF8Text");
    lib.bind(a.confidence, "TessResultIteratorConfidence");
    lib.bind(a.bounding_box, "TessPageIteratorBoundingBox");
    lib.bind(a.baseline, "TessPageIteratorBaseline");
    lib.bind(a.delete_text, "TessDeleteText");
    if (!lib.failure().empty()) a.failure = "tesseract cannot be used: " + lib.failure();
    return a;  // the library stays open for the process
  }();
  return api;
}

}  // namespace

struct TesseractEngine::Impl {
  const TessApi& api = tess_api();
  TessBaseAPI* handle = nullptr;
};

TesseractEngine::TesseractEngine() : impl_(std::make_unique<Impl>()) {
  const TessApi& api = impl_->api;
  if (!api.failure.empty()) throw Error(ErrorCode::kConversion, api.failure + " " + kInstallHint);
  const std::string& configured = settings().get("parse.ocr_langs");
  const std::string languages = configured.empty() ? "chi_sim" : configured;
  impl_->handle = api.create();
  if (api.init(impl_->handle, nullptr, languages.c_str()) != 0) {
    api.destroy(impl_->handle);
    throw Error(ErrorCode::kConversion,
                "tesseract cannot load the '" + languages + "' models " + kInstallHint);
  }
  api.set_page_seg_mode(impl_->handle, tesseract::PSM_AUTO);
  api.set_variable(impl_->handle, "debug_file", "/dev/null");  // its chatter stays off stderr
}

TesseractEngine::~TesseractEngine() {
  impl_->api.end(impl_->handle);
  impl_->api.destroy(impl_->handle);
}

std::vector<PdfChar> TesseractEngine::recognize(const GrayImage& image) {
  return read(image, 0, 0);
}

std::vector<PdfChar> TesseractEngine::recognize_block(const GrayImage& image, float x, float y) {
  impl_->api.set_page_seg_mode(impl_->handle, tesseract::PSM_SINGLE_BLOCK);
  auto out = read(image, x, y);
  impl_->api.set_page_seg_mode(impl_->handle, tesseract::PSM_AUTO);
  return out;
}

std::vector<PdfChar> TesseractEngine::read(const GrayImage& img, float x, float y) {
  const TessApi& api = impl_->api;
  TessBaseAPI* h = impl_->handle;
  if (img.width == 0 || img.height == 0) return {};
  api.set_image(h, img.pixels.data(), img.width, img.height, 1, img.stride);
  api.set_source_resolution(h, img.dpi);
  std::vector<PdfChar> out;
  if (api.recognize(h, nullptr) != 0) return out;
  const float scale = 72.0f / static_cast<float>(img.dpi);
  const std::unique_ptr<TessResultIterator, decltype(api.iterator_delete)> it(api.get_iterator(h),
                                                                              api.iterator_delete);
  if (!it) return out;
  const TessPageIterator* page = api.page_iterator(it.get());
  do {
    // An empty symbol has no confidence (0). A symbol's own confidence stays high on many
    // misreadings (勤 for 勘 at 90+); its word's, which the LSTM computes over the whole
    // path, does not.
    const float symbol_conf = api.confidence(it.get(), tesseract::RIL_SYMBOL);
    if (symbol_conf < kMinConfidence) continue;
    const float conf = std::min(symbol_conf, api.confidence(it.get(), tesseract::RIL_WORD));
    const std::unique_ptr<char, decltype(api.delete_text)> sym(
        api.utf8_text(it.get(), tesseract::RIL_SYMBOL), api.delete_text);
    int l = 0, t = 0, r = 0, b = 0;
    if (!sym || !api.bounding_box(page, tesseract::RIL_SYMBOL, &l, &t, &r, &b)) continue;
    int bx1 = 0, by1 = 0, bx2 = 0, by2 = 0;
    float baseline = static_cast<float>(b);
    if (api.baseline(page, tesseract::RIL_TEXTLINE, &bx1, &by1, &bx2, &by2))
      baseline = (by1 + by2) / 2.0f;
    int line_l = 0, line_t = 0, line_r = 0, line_b = 0;
    api.bounding_box(page, tesseract::RIL_TEXTLINE, &line_l, &line_t, &line_r, &line_b);
    const float size = static_cast<float>(line_b - line_t) * scale;
    // Tesseract returns a blank "symbol" for a table rule or a picture it found no text in, with
    // the box of the whole rule: kept, it stretched the line it joined over several rows and
    // the line no longer met the scan's text layer. Spaces come from the gaps between glyphs.
    for (char32_t c : text::to_codepoints(sym.get()))
      if (c != U' ')
        out.push_back({c, x + l * scale, x + r * scale, y + t * scale, y + b * scale,
                       y + baseline * scale, size, false, conf});
  } while (api.next(it.get(), tesseract::RIL_SYMBOL));
  return out;
}

}  // namespace regreader::parse
