#pragma once
// Grey conversion for OCR that drops coloured ink (red seals, blue stamps) and keeps black print.

#include <cstdint>
#include <vector>

namespace regreader::parse {

/// An 8-bit image, `channels` samples per pixel (1 grey, 3 RGB), rows `stride` bytes apart.
struct PixelImage {
  int width = 0, height = 0, stride = 0, channels = 1, dpi = 0;
  std::vector<uint8_t> pixels;
};

/// What `to_ocr_gray` did to a page.
struct InkFilterStats {
  long long coloured_pixels = 0;  ///< saturated pixels turned light (seal, stamp, coloured mark)
  long long pixels = 0;
};

/// Grey image for OCR from an RGB rendering. Chinese regulations are scanned with official seals
/// (红章) stamped across tables and clauses; in plain luminance the seal's red is as dark as
/// mid-grey print and tesseract reads the clauses under it as noise or drops them. A saturated
/// pixel (channel spread above a threshold) is coloured ink, so it takes its brightest channel: the
/// seal turns near-white while black print under it stays dark (dark red = dark in every channel).
/// Unsaturated pixels (print, paper, yellowed paper, JPEG fringes) keep their luminance.
/// A one-channel input is returned as is. No library does this particular channel rule (leptonica's
/// pixConvertRGBToGray weighs channels globally, which cannot tell seal red from print).
PixelImage to_ocr_gray(const PixelImage& rgb, InkFilterStats* stats = nullptr);

}  // namespace regreader::parse
