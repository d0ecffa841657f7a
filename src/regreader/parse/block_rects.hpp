#pragma once
// Where a page's stored blocks lie on the printed page: each block's text is found again among
// the page's characters (MuPDF's structured text) and the characters it covers give its
// rectangle, in PDF user space (points, y down). The reading room draws these over the page
// image. A block is located only when both its opening and its closing characters are found in
// order; otherwise it has no rectangle (never a guessed one).

#include <optional>
#include <string>
#include <vector>

#include "regreader/parse/pdf_document.hpp"

namespace regreader::parse {

struct BlockRect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

/// Rectangles of `texts` (block Markdown, in reading order) on `page`; nullopt for a text that
/// is not found with its beginning and end.
std::vector<std::optional<BlockRect>> locate_texts(const PdfPageContent& page,
                                                   const std::vector<std::string>& texts);

}  // namespace regreader::parse
