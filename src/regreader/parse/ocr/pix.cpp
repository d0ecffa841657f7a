#include "regreader/parse/ocr/pix.hpp"

#include <cstddef>
#include <string>

#include "regreader/core/error.hpp"
#include "regreader/parse/ocr/leptonica.hpp"

namespace regreader::parse {

void PixDeleter::operator()(Pix* p) const {
  lept().pixDestroy(&p);
}

PixPtr checked(Pix* pix, const char* what) {
  if (!pix) throw Error(ErrorCode::kInternal, std::string("leptonica cannot ") + what);
  return PixPtr(pix);
}

PixPtr to_pix(const PixelImage& gray) {
  PixPtr pix = checked(lept().pixCreate(gray.width, gray.height, 8), "create a page image");
  lept().pixSetResolution(pix.get(), gray.dpi, gray.dpi);
  l_uint32* data = lept().pixGetData(pix.get());
  const int wpl = lept().pixGetWpl(pix.get());
  for (int y = 0; y < gray.height; ++y) {
    l_uint32* line = data + static_cast<ptrdiff_t>(y) * wpl;
    const uint8_t* row = gray.pixels.data() + static_cast<ptrdiff_t>(y) * gray.stride;
    for (int x = 0; x < gray.width; ++x)
      SET_DATA_BYTE(line, x, row[x]);
  }
  return pix;
}

PixelImage from_pix(Pix* pix, int dpi) {
  PixelImage out;
  out.width = static_cast<int>(lept().pixGetWidth(pix));
  out.height = static_cast<int>(lept().pixGetHeight(pix));
  out.stride = out.width;
  out.dpi = dpi;
  out.pixels.resize(static_cast<size_t>(out.width) * static_cast<size_t>(out.height));
  const l_uint32* data = lept().pixGetData(pix);
  const int wpl = lept().pixGetWpl(pix);
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x)
      out.pixels[static_cast<size_t>(y) * static_cast<size_t>(out.width) + static_cast<size_t>(x)] =
          static_cast<uint8_t>(GET_DATA_BYTE(data + static_cast<ptrdiff_t>(y) * wpl, x));
  return out;
}

}  // namespace regreader::parse
