#pragma once
// Where a page's blocks lie on the printed page: each block's text is found again among the
// page's characters (MuPDF's structured text, or OCR's word boxes on a scan) and the characters
// it covers give its rectangle, in PDF user space (points, y down). Done at ingest for every page
// with a layout (PDF, Word rendered by LibreOffice) and stored with the block; the reading room
// draws these over the page image. A block is located only when both its opening and its
// closing characters are found in order; otherwise it has no rectangle (never a guessed one).

#include <optional>
#include <string>
#include <vector>

#include "regreader/model/parsed_document.hpp"
#include "regreader/parse/pdf/pdf_document.hpp"
#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

struct BlockRect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

/// The characters of a page as MuPDF gives them.
PageGlyphs glyphs_of(const PdfPageContent& page);
/// The characters of a page's lines (text layer or OCR), running headers already removed.
PageGlyphs glyphs_of(const PdfPage& page);

/// Rectangles of `texts` (block Markdown, in reading order) on `page`; nullopt for a text that
/// is not found with its beginning and end.
std::vector<std::optional<BlockRect>> locate_texts(const PageGlyphs& page,
                                                   const std::vector<std::string>& texts);

/// Sets the rect of each of the page's blocks found among `glyphs`, and the page's size. Returns
/// the number of blocks located.
int attach_page_rects(model::PageDocument& page, const PageGlyphs& glyphs);
/// attach_page_rects for every page from `layout` (index = page - 1).
int attach_rects(model::ParsedDocument& doc, const std::vector<PageGlyphs>& layout);

}  // namespace regreader::parse
