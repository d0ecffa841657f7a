#include "regreader/parse/ocr/ocr.hpp"

#include <algorithm>
#include <array>

#include "regreader/core/error.hpp"
#include "regreader/parse/ocr/leptonica.hpp"
#include "regreader/parse/ocr/ocr_paddle.hpp"
#include "regreader/parse/ocr/ocr_tesseract.hpp"
#include "regreader/parse/ocr/pix.hpp"
#include "regreader/parse/pdf/glyph_repair.hpp"

namespace regreader::parse {

namespace {
// A scanned page is one image over at least this share of the page.
constexpr float kScanCoverage = 0.6f;
// A text layer with more unreadable characters than this share is garbage.
constexpr double kMaxUnreadableShare = 0.1;
// Resolutions a scan is read at again (ocr.hpp).
constexpr std::array<int, 2> kRereadDpis = {120, 150};
}  // namespace

OcrMode parse_ocr_mode(const std::string& name) {
  if (name == "auto") return OcrMode::kAuto;
  if (name == "always") return OcrMode::kAlways;
  if (name == "never") return OcrMode::kNever;
  throw Error(ErrorCode::kInvalidArgument,
              "--ocr must be auto, always or never (got '" + name + "')");
}

OcrEngineChoice parse_ocr_engine(const std::string& name) {
  if (name == "auto") return OcrEngineChoice::kAuto;
  if (name == "paddle") return OcrEngineChoice::kPaddle;
  if (name == "tesseract") return OcrEngineChoice::kTesseract;
  throw Error(ErrorCode::kInvalidArgument,
              "--ocr-engine must be auto, paddle or tesseract (got '" + name + "')");
}

std::unique_ptr<OcrEngine> make_ocr_engine(OcrEngineChoice choice, std::string* why_not_paddle) {
  if (choice != OcrEngineChoice::kTesseract) {
    const PaddleFiles files = find_paddle_files();
    if (files.missing.empty()) {
      try {
        return std::make_unique<PaddleEngine>(files);
      } catch (const Error& e) {
        if (choice == OcrEngineChoice::kPaddle) throw;
        if (why_not_paddle) *why_not_paddle = e.what();
      }
    } else if (choice == OcrEngineChoice::kPaddle) {
      throw Error(ErrorCode::kConversion,
                  "PP-OCR is not installed: " + files.missing +
                      " (make ocr-models, or set REGREADER_OCR_MODELS to their folder)");
    } else if (why_not_paddle) {
      *why_not_paddle = files.missing;
    }
  }
  return std::make_unique<TesseractEngine>();
}

bool is_scan(const PdfPageContent& page) {
  const float area = std::max(1.0f, page.width * page.height);
  return page.largest_image_area / area >= kScanCoverage;
}

std::vector<int> ocr_rereading_dpis(const PdfPageContent& page) {
  if (!is_scan(page)) return {};
  return {kRereadDpis.begin(), kRereadDpis.end()};
}

GrayImage downscaled(const GrayImage& image, int dpi) {
  if (dpi >= image.dpi || image.width == 0 || image.height == 0) return image;
  const PixPtr src = to_pix(image);
  const float factor = static_cast<float>(dpi) / static_cast<float>(image.dpi);
  const PixPtr small =
      checked(lept().pixScale(src.get(), factor, factor), "scale a page image for OCR");
  return from_pix(small.get(), dpi);
}

bool needs_ocr(const PdfPageContent& page) {
  if (page.chars.empty()) return true;
  if (!is_scan(page)) return false;
  if (page.ocr_layer) return true;
  size_t unreadable = 0;
  for (const auto& c : page.chars)
    unreadable += is_unreadable(c.c) ? 1 : 0;
  return static_cast<double>(unreadable) >
         kMaxUnreadableShare * static_cast<double>(page.chars.size());
}

}  // namespace regreader::parse
