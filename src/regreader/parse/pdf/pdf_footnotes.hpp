#pragma once
// Footnotes printed at the foot of a PDF page, as Word and LibreOffice export them.

#include <vector>

#include "regreader/parse/pdf/pdf_layout.hpp"
#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// Takes a text-layer page's footnotes out of its lines: the lines in type smaller than the body
/// at the foot of the page that open with a label (1, ①, *) which a line above carries as a
/// raised mark after a word (not after a letter or digit: `m²` and `10⁶` are powers). Each
/// becomes a footnote `脚注<label>` of the page, and its mark is written `[脚注<label>]` where it
/// is printed, as a Word file's footnote marks are. Lines without such a mark stay as they are.
void take_footnotes(PdfPage& page, float body_size, std::vector<RawFootnote>& out);

}  // namespace regreader::parse
