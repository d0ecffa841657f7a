#include "regreader/parse/ocr/colour_ink.hpp"

#include <algorithm>

namespace regreader::parse {

namespace {

// Channel spread (max - min, 0-255) above which a pixel is coloured ink. Seal red spreads 120-200
// at its core but its anti-aliased, JPEG-blurred rim only 30-60, and a rim left grey is read as
// strokes; measured on GB 26859's seal pages (tesseract output on p7 under thresholds 72 and 30),
// the low threshold wins. Paper tint and print fringes it also catches only turn lighter.
constexpr int kColouredSpread = 16;

}  // namespace

PixelImage to_ocr_gray(const PixelImage& rgb, InkFilterStats* stats) {
  if (rgb.channels == 1) return rgb;
  PixelImage out;
  out.width = rgb.width;
  out.height = rgb.height;
  out.stride = rgb.width;
  out.channels = 1;
  out.dpi = rgb.dpi;
  out.pixels.resize(static_cast<size_t>(rgb.width) * static_cast<size_t>(rgb.height));
  long long coloured = 0;
  for (int y = 0; y < rgb.height; ++y) {
    const uint8_t* row =
        rgb.pixels.data() + static_cast<size_t>(y) * static_cast<size_t>(rgb.stride);
    uint8_t* dst = out.pixels.data() + static_cast<size_t>(y) * static_cast<size_t>(out.width);
    for (int x = 0; x < rgb.width; ++x) {
      const uint8_t* p = row + static_cast<size_t>(x) * static_cast<size_t>(rgb.channels);
      const int r = p[0], g = p[1], b = p[2];
      const int hi = std::max({r, g, b}), lo = std::min({r, g, b});
      if (hi - lo > kColouredSpread) {
        dst[x] = static_cast<uint8_t>(hi);
        ++coloured;
      } else {
        dst[x] = static_cast<uint8_t>((r * 299 + g * 587 + b * 114) / 1000);
      }
    }
  }
  if (stats) {
    stats->coloured_pixels = coloured;
    stats->pixels = static_cast<long long>(rgb.width) * rgb.height;
  }
  return out;
}

}  // namespace regreader::parse
