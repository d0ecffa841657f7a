#pragma once
// The rows of ruled tables on a scanned page, read again one row at a time.
//
// Read as part of the whole page, a ruled table defeats tesseract twice: its layout analysis
// cuts the wide gap between a label and its value into separate blocks and merges lines across
// rows, and its single threshold for the page drops the print under a seal, which the ink
// filter (colour_ink.hpp) leaves grey (130-190) where print elsewhere is near black. GB 26859's
// 表5 (`1~10 | 3.0` under the seal) came out as `1 下1 | 评0`. Cut out between its borders,
// with the vertical rules painted over and binarised at the ink level the rules are found at,
// each row is one block of text tesseract reads as such (`1一10 3.0`).

#include <vector>

#include "regreader/parse/ocr/colour_ink.hpp"
#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

/// A band of a ruled table between two horizontal rules, in page points.
struct ScanRow {
  float x0 = 0, x1 = 0, y0 = 0, y1 = 0;
};

/// The rows of the ruled tables among a scan's rules: bands between consecutive horizontal rules
/// that each cross most of a frame of vertical rules (a rule broken by a seal or a faint stretch
/// still counts by the length it has). Rows less than a line of small print high are left out.
std::vector<ScanRow> ruled_rows(const std::vector<PdfRule>& rules);

/// Row borders a scan lost (a seal's red over a rule, a faint stretch of a 100 dpi scan), as
/// horizontal rules across their frame: a body row (not the frame's first, where headings wrap)
/// about k times as high as the frame's usual row holding, in its first column, k lines of text
/// one above the other, each with a digit (`20、35` over `66、110`) and none a note's or a
/// sentence's (注 first, or a sentence's punctuation) unless it is short of half the frame: a
/// label column can be half the frame wide (`110 kV 线路` beside `5.50`), a note runs across
/// it. A number never wraps inside a cell, so such lines are rows of their own; the border goes
/// halfway between them. Without it the two rows are one cell each side (`20、35 66、110`
/// against nothing).
std::vector<PdfRule> lost_row_borders(const std::vector<PdfRule>& rules,
                                      const std::vector<PdfChar>& chars);

/// A row's image and where its top left lies on the page (points).
struct RowCut {
  PixelImage image;
  float x = 0, y = 0;
};

/// The row's image cut from the page's grey OCR rendering inside its borders: the vertical rules
/// across it painted paper white, every pixel darker than the scan's ink level black, the rest
/// white. Same resolution as `page`; empty when the row has no room inside its borders.
RowCut row_image(const PixelImage& page, const ScanRow& row, const std::vector<PdfRule>& rules);

/// Pixels of the grey OCR rendering darker than this are print when a stretch of a row is read
/// alone: the ink filter leaves a seal's solid red as light texture (233-250 on GB 26859's 表4)
/// and the print under it mid-grey (170-215), lighter than kScanInkLevel.
constexpr int kFaintInkLevel = 222;

/// The stretches of `row` holding print (pixels under kFaintInkLevel of the grey OCR rendering
/// `page`) that no character of the reading `chars` lies over: runs of print across the row's
/// height, apart from the next by more than the row is high, and holding at least a full stop's
/// ink. A seal can hide the vertical rule between two columns (the row is then one cell, whose
/// reading holds the label only) and the value beside it, too faint for the line detector.
std::vector<ScanRow> unread_print(const PixelImage& page, const ScanRow& row,
                                  const std::vector<PdfChar>& chars);

/// The image of `piece` (a stretch of a row) to read as one line: cut from the grey OCR
/// rendering `page` inside the row's borders, trimmed to its print with a margin of half the
/// print's height, and its grey stretched so that the darkest tenth of the print is black and
/// anything as light as kFaintInkLevel white. Empty when it holds less print than a full stop.
/// Binarised at kScanInkLevel (as `row_image` is), faint print under a seal loses half its
/// strokes; on GB 26859's 表4 the stretch read 5.0 where binarising read nothing, and other
/// levels (white at 210-228, black at the 5th-50th percentile) read no more values right.
RowCut cell_image(const PixelImage& page, const ScanRow& piece);

/// Whether a cut-out row holds no ink to read (an empty row of a form): fewer black pixels than
/// a full stop has, or no image at all.
bool blank(const RowCut& cut);

/// A row the page's reading holds characters in with at least this mean confidence is not read
/// again: a row's own reading would have to be surer still to replace it.
constexpr float kSureRowConf = 90.0f;

/// The page reading's characters inside `row`.
std::vector<PdfChar> row_chars(const std::vector<PdfChar>& page, const ScanRow& row);

/// The mean confidence of the page reading's characters inside `row`; 0 when it has none there.
float row_confidence(const std::vector<PdfChar>& page, const ScanRow& row);

/// The cells of `row`: its pieces between the vertical rules across it, left to right.
std::vector<ScanRow> row_cells(const ScanRow& row, const std::vector<PdfRule>& rules);

/// The cells of `row` the page reading left without a character.
std::vector<ScanRow> empty_cells(const std::vector<PdfChar>& page, const ScanRow& row,
                                 const std::vector<PdfRule>& rules);

/// Those of `cells` in which the row's image `cut` has ink: a value the page's layout analysis
/// passed over (tesseract drops a column of figures beside a seal as a picture, and its labels
/// read with confidence 90 say nothing of it), not an empty cell of a form.
std::vector<ScanRow> with_ink(std::vector<ScanRow> cells, const RowCut& cut);

/// Adds to `page` the characters of `reading` (the row read on its own) that lie in `cells`,
/// after the page reading's characters of the row; the page's own reading of the other cells
/// stays. Returns whether it added any.
bool fill_cells(std::vector<PdfChar>& page, const ScanRow& row, const std::vector<ScanRow>& cells,
                const std::vector<PdfChar>& reading);

/// Puts `reading` (a row read on its own) in place of the page reading's characters inside the
/// row when it is the surer of the two (higher mean confidence; a row the page reading left
/// empty takes any reading). Returns whether it did.
bool take_row_reading(std::vector<PdfChar>& page, const ScanRow& row,
                      const std::vector<PdfChar>& reading);

}  // namespace regreader::parse
