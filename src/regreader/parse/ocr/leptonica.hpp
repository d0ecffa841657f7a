#pragma once
// Leptonica, opened with dlopen when a scan is first read (core/shared_library.hpp): linked, it
// and the image libraries it needs (TIFF, WebP, GIF, JBIG, LERC …) were loaded and bound by every
// command. The functions are leptonica's own declarations (allheaders.h), called as
// `lept().pixCreate(…)`.

#include <leptonica/allheaders.h>

#include <string>

#include "regreader/core/shared_library.hpp"

namespace regreader::parse {

// clang-format off
#define REGREADER_LEPTONICA(X) \
  X(boxCreate) X(boxDestroy) X(boxaDestroy) \
  X(boxaGetBoxGeometry) X(boxaGetCount) X(pixClipRectangle) \
  X(pixConnComp) X(pixConnCompBB) X(pixCountPixels) \
  X(pixCreate) X(pixDestroy) X(pixDilateBrick) \
  X(pixGetData) X(pixGetHeight) X(pixGetWidth) \
  X(pixGetWpl) X(pixOpenBrick) X(pixScale) \
  X(pixScaleToSize) X(pixSetResolution) X(pixThresholdToBinary) \
  X(pixaDestroy) X(pixaGetPix)
// clang-format on

REGREADER_FUNCTION_TABLE(Leptonica, REGREADER_LEPTONICA)

/// Leptonica's functions, looked up once per process. Throws Error (kNotConfigured) saying what
/// to install when the library cannot be loaded.
const Leptonica& lept();

}  // namespace regreader::parse
