#pragma once
// Leptonica, opened with dlopen when a scan is first read (core/shared_library.hpp): linked, it
// and the image libraries it needs (TIFF, WebP, GIF, JBIG, LERC …) were loaded and bound by every
// command. The functions are leptonica's own declarations (allheaders.h), called as
// `lept().pixCreate(…)`.

#include <leptonica/allheaders.h>

namespace regreader::parse {

struct Leptonica {
  decltype(&::boxCreate) boxCreate = nullptr;
  decltype(&::boxDestroy) boxDestroy = nullptr;
  decltype(&::boxaDestroy) boxaDestroy = nullptr;
  decltype(&::boxaGetBoxGeometry) boxaGetBoxGeometry = nullptr;
  decltype(&::boxaGetCount) boxaGetCount = nullptr;
  decltype(&::pixClipRectangle) pixClipRectangle = nullptr;
  decltype(&::pixConnComp) pixConnComp = nullptr;
  decltype(&::pixConnCompBB) pixConnCompBB = nullptr;
  decltype(&::pixCountPixels) pixCountPixels = nullptr;
  decltype(&::pixCreate) pixCreate = nullptr;
  decltype(&::pixDestroy) pixDestroy = nullptr;
  decltype(&::pixDilateBrick) pixDilateBrick = nullptr;
  decltype(&::pixGetData) pixGetData = nullptr;
  decltype(&::pixGetHeight) pixGetHeight = nullptr;
  decltype(&::pixGetWidth) pixGetWidth = nullptr;
  decltype(&::pixGetWpl) pixGetWpl = nullptr;
  decltype(&::pixOpenBrick) pixOpenBrick = nullptr;
  decltype(&::pixScale) pixScale = nullptr;
  decltype(&::pixScaleToSize) pixScaleToSize = nullptr;
  decltype(&::pixSetResolution) pixSetResolution = nullptr;
  decltype(&::pixThresholdToBinary) pixThresholdToBinary = nullptr;
  decltype(&::pixaDestroy) pixaDestroy = nullptr;
  decltype(&::pixaGetPix) pixaGetPix = nullptr;
};

/// Leptonica's functions, looked up once per process. Throws Error (kNotConfigured) saying what
/// to install when the library cannot be loaded.
const Leptonica& lept();

}  // namespace regreader::parse
