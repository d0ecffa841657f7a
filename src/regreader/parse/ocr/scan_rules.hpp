#pragma once
// Table borders printed on a scanned page. MuPDF sees a scan as one image, so a scanned table
// has no vector rules and, without these, its rows and columns can only be guessed from where
// OCR put the words (which merges a label and its value, `10 及以下 0.7`, into one cell).

#include <vector>

#include "regreader/parse/ocr/colour_ink.hpp"
#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

/// Straight dark lines in a page image (the grey OCR rendering, seals already dropped), in page
/// points: horizontal ones at least a tenth of the page wide, vertical ones at least
/// kMinScanRuleHeight high, both thin. Text never forms such runs: a CJK stroke is at most an
/// em long, and leader dots and dashes are broken. (The rules stay in the image tesseract reads:
/// painting their ink white made it misread more of GB 26859's table cells, not fewer.)
std::vector<PdfRule> rules_in_scan(const PixelImage& gray);

/// The rules of a scanned page's own drawing that its image shows: those with ink
/// (kSeenInkLevel) within a pixel or two of most of their length (kSeenShare) in the grey OCR
/// rendering, which MuPDF draws with the page's clips, colours and order. Scanning suites add
/// a hidden vector layer beside their hidden text: GB 26859's pages draw table borders inside
/// an empty clip, some where the scan has a border and some where it has none (x = 335 beside
/// the printed 341.6, borders of one sub-table repeated in the next); taken as columns they
/// cut `30` into `3 | 0`. A rule the reader cannot see is no border.
std::vector<PdfRule> rules_seen(std::vector<PdfRule> rules, const PixelImage& gray);

/// Drops the characters OCR read a rule as. Tesseract reads a cell's border as a glyph of the
/// cell beside it, and `6.50` next to a border becomes `16.50`: a `|` within an em of a vertical
/// rule goes, and so does a `1`, `l` or `[` there whose box lies inside its neighbour's (the
/// glyph has no place of its own on the page); `一`, `_` or `-` lying along a horizontal rule goes.
void drop_rule_glyphs(std::vector<PdfChar>& chars, const std::vector<PdfRule>& rules);

/// Drops the vertical rules found in a scan that are strokes of a large character OCR read there:
/// a rule inside the middle of a CJK glyph's box (not at its edges, where a border may touch
/// it) and no longer than the glyph is high. kMinScanRuleHeight keeps body text's strokes out,
/// but a cover's title is set in 20-26 pt type: GB 26859's `电力安全工作规程` gave seven 22 pt
/// "rules" that made the title a table of six cells and left the regulation without its name.
void drop_glyph_strokes(std::vector<PdfRule>& rules, const std::vector<PdfChar>& chars);

/// Pixels of the grey OCR rendering darker than this (0-255) are ink. Rules in ~100 dpi scans
/// upscaled for OCR are grey (170-200 where they are thinnest), and so is print under a seal once
/// the ink filter dropped the seal's red; paper is above 220.
constexpr int kScanInkLevel = 200;

/// Pixels darker than this (0-255) count as a drawn rule's ink in `rules_seen`: paper is above
/// 220, a faint ~100 dpi border upscaled for OCR is 200-215 where it is thinnest.
constexpr int kSeenInkLevel = 220;
/// The share of a rule's length that must have ink beside it to be seen. Measured on GB 26859
/// p27 (ink levels 215-225): the hidden rules the image does not show have ink along at most
/// 0.40 of their length, the printed ones along 0.96-1.00 (0.66-1.00 for a 14 pt piece).
constexpr float kSeenShare = 0.5f;

/// The shortest vertical rule taken from a scan, in points (about two lines of body text: a
/// row of a ruled table; a glyph's longest stroke is one em).
constexpr float kMinScanRuleHeight = 20.0f;

}  // namespace regreader::parse
