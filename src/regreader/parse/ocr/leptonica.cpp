#include "regreader/parse/ocr/leptonica.hpp"

#include "regreader/core/error.hpp"
#include "regreader/core/shared_library.hpp"

namespace regreader::parse {

const Leptonica& lept() {
  static const auto loaded = [] {
    std::pair<Leptonica, std::string> out;
    Leptonica& a = out.first;
    SharedLibrary lib("liblept.so.5");
    lib.bind(a.boxCreate, "boxCreate");
    lib.bind(a.boxDestroy, "boxDestroy");
    lib.bind(a.boxaDestroy, "boxaDestroy");
    lib.bind(a.boxaGetBoxGeometry, "boxaGetBoxGeometry");
    lib.bind(a.boxaGetCount, "boxaGetCount");
    lib.bind(a.pixClipRectangle, "pixClipRectangle");
    lib.bind(a.pixConnComp, "pixConnComp");
    lib.bind(a.pixConnCompBB, "pixConnCompBB");
    lib.bind(a.pixCountPixels, "pixCountPixels");
    lib.bind(a.pixCreate, "pixCreate");
    lib.bind(a.pixDestroy, "pixDestroy");
    lib.bind(a.pixDilateBrick, "pixDilateBrick");
    lib.bind(a.pixGetData, "pixGetData");
    lib.bind(a.pixGetHeight, "pixGetHeight");
    lib.bind(a.pixGetWidth, "pixGetWidth");
    lib.bind(a.pixGetWpl, "pixGetWpl");
    lib.bind(a.pixOpenBrick, "pixOpenBrick");
    lib.bind(a.pixScale, "pixScale");
    lib.bind(a.pixScaleToSize, "pixScaleToSize");
    lib.bind(a.pixSetResolution, "pixSetResolution");
    lib.bind(a.pixThresholdToBinary, "pixThresholdToBinary");
    lib.bind(a.pixaDestroy, "pixaDestroy");
    lib.bind(a.pixaGetPix, "pixaGetPix");
    out.second = lib.failure();
    return out;
  }();
  if (!loaded.second.empty())
    throw Error(
        ErrorCode::kNotConfigured,
        "leptonica, which OCR needs, is missing (apt-get install liblept5): " + loaded.second);
  return loaded.first;
}

}  // namespace regreader::parse
