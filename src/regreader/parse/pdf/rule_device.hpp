#pragma once
// The device a PDF page runs into once (pdf_document.cpp): it records the page's straight lines
// (table rules), the largest image and the glyphs drawn with a stroke, and passes what MuPDF's
// text device reads on to it. MuPDF has no device that forwards to two others, and a display
// list replayed twice cost its recording and a bound for every glyph (FreeType outlines).

#include <mupdf/fitz.h>

#include <vector>

#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

/// A device recording rules into `rules`, the largest image's area into `largest_image_area` and
/// the origins of stroked glyphs into `stroked` (page coordinates from `bounds`), passing text,
/// clips and images on to `text`. Dropped with fz_drop_device; `text` is not owned.
fz_device* new_rule_device(fz_context* ctx, fz_device* text, fz_rect bounds,
                           std::vector<PdfRule>& rules, float& largest_image_area,
                           std::vector<fz_point>& stroked);

/// Characters whose glyph was also stroked (render mode 2, how Word-to-PDF printers set bold in
/// a regular font) are bold.
void mark_stroked_bold(std::vector<PdfChar>& chars, std::vector<fz_point> stroked);

}  // namespace regreader::parse
