#pragma once
// Table borders printed on a scanned page. MuPDF sees a scan as one image, so a scanned table
// has no vector rules and, without these, its rows and columns can only be guessed from where
// OCR put the words (which merges a label and its value, `10 及以下 0.7`, into one cell).

#include <vector>

#include "regreader/parse/colour_ink.hpp"
#include "regreader/parse/pdf_layout.hpp"

namespace regreader::parse {

/// Straight dark lines in a page image (the grey OCR rendering, seals already dropped), in page
/// points: horizontal ones at least a tenth of the page wide, vertical ones at least
/// kMinScanRuleHeight high, both thin. Text never forms such runs: a CJK stroke is at most an
/// em long, and leader dots and dashes are broken. (The rules stay in the image tesseract reads:
/// painting their ink white made it misread more of GB 26859's table cells, not fewer.)
std::vector<PdfRule> rules_in_scan(const PixelImage& gray);

/// Drops the characters OCR read a rule as. Tesseract reads a cell's border as a glyph of the
/// cell beside it, and `6.50` next to a border becomes `16.50`: a `|` within an em of a vertical
/// rule goes, and so does a `1`, `l` or `[` there whose box lies inside its neighbour's (the
/// glyph has no place of its own on the page); `一`, `_` or `-` lying along a horizontal rule goes.
void drop_rule_glyphs(std::vector<PdfChar>& chars, const std::vector<PdfRule>& rules);

/// Pixels of the grey OCR rendering darker than this (0-255) are ink. Rules in ~100 dpi scans
/// upscaled for OCR are grey (170-200 where they are thinnest), and so is print under a seal once
/// the ink filter dropped the seal's red; paper is above 220.
constexpr int kScanInkLevel = 200;

/// The shortest vertical rule taken from a scan, in points (about two lines of body text: a
/// row of a ruled table; a glyph's longest stroke is one em).
constexpr float kMinScanRuleHeight = 20.0f;

}  // namespace regreader::parse
