#pragma once
// Leptonica images for the OCR pipeline: the one place grey PixelImages become PIX and back.

#include <memory>

#include "regreader/parse/ocr/colour_ink.hpp"

struct Pix;

namespace regreader::parse {

struct PixDeleter {
  void operator()(Pix* p) const;
};
using PixPtr = std::unique_ptr<Pix, PixDeleter>;

/// An 8-bit leptonica image of a one-channel PixelImage (its resolution kept).
PixPtr to_pix(const PixelImage& gray);

/// A one-channel PixelImage of an 8-bit leptonica image at `dpi`.
PixelImage from_pix(Pix* pix, int dpi);

/// Throws Error(kInternal) with `what` when a leptonica call returned nothing.
PixPtr checked(Pix* pix, const char* what);

}  // namespace regreader::parse
