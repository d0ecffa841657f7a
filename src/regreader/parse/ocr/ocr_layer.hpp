#pragma once

#include <vector>

#include "regreader/parse/parse_options.hpp"
#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

// A scan's hidden text layer (Acrobat's Paper Capture, an earlier tesseract run) is a second
// reading of the same image. These rules combine it with our OCR of the page: neither reading
// is trusted over the other where the OCR is confident, and a value either could have misread
// stays marked unsure.
//
// - the two readings of a line are aligned character by character; where they differ on a
//   digit, the OCR digit is made unsure, and replaced by the layer's when the OCR is unsure of
//   it; where they differ on a letter or Han character, the layer's reading is kept as the
//   character's alternative (`PdfChar::alt`) for `resolve_alternatives`;
// - a layer line where the OCR recognised nothing is added, at a low confidence.
void combine_with_text_layer(std::vector<PdfChar>& ocr, const std::vector<PdfChar>& layer);

// A scan read several times by OCR, at other resolutions (ocr.hpp: each misreads other glyphs):
// lines are aligned as with a text layer, and each character takes the reading most agree on,
// the more confident on a tie; a digit any reading disputes is unsure. `ocr`'s lines and
// positions stay (it is the reading the structure is built from).
void combine_ocr_readings(std::vector<PdfChar>& ocr,
                          const std::vector<std::vector<PdfChar>>& others);

// Each number of `ocr` (digits with the separators between them) that one of `others`, other
// readings of the same image, reads differently at its place is unsure (its digits' confidence
// lowered), however far the two readings of its line are apart otherwise: `1.3` where another
// reading has `1.5`, `10` where another has `1.0`.
void dispute_numbers(std::vector<PdfChar>& ocr, const std::vector<std::vector<PdfChar>>& others);

// Decides between each character and its alternatives (another reading's, `PdfChar::alt`, then
// the recogniser's second and third choices, `PdfChar::runner_up` and `third`) by the document's
// own confident text:
// the reading that forms the bigrams with its Han neighbours seen more often elsewhere in the
// document wins, the OCR's on a tie. `验电` read 30 times with confidence beats a layer's `瞌电`;
// a layer's `勘察` beats an unsure `勤察` when 勘察 is read elsewhere; an unsure `撒杆` whose
// second choice was 撤 becomes `撤杆`. A character changed keeps its (low) confidence. Lines are
// rebuilt.
/// `library`: pairs of the library's other text; where the document's own pairs tie, an unsure
/// reading (under 95) yields to an alternative forming more of them (場方 → 塌方 where the library
/// holds 塌方).
void resolve_alternatives(std::vector<PdfPage>& pages, const CharPairs* library = nullptr);

// chi_sim reads the sign ± as the character 士, which looks the same in most typefaces
// (`士800` for ±800 kV): a 士 that starts a word (nothing or no Han character right before it)
// and stands right before a digit is ±. After a Han character it stays (`护士2名`).
void mend_plus_minus(std::vector<PdfChar>& ocr);

// OCR reads the dash of a standard's number before its year as the character 一 (`GB/T 1.1一2009`,
// `DL/T 5352一2018`): a 一 right after a standard number (letters, an optional /T, digits) and
// right before four digits of a year is —.
void mend_year_dashes(std::vector<PdfChar>& ocr);

// An appendix's tables and figures are numbered by the appendix letter, a point and a number
// (表A.1, 图B.2: GB/T 1.1); OCR of a small type loses the point (`表A1`). A 表 or 图 followed on
// its line by one capital letter and one digit, and no further digit or point, gets the point
// back, as unsure as the less sure of its neighbours.
void mend_appendix_numbers(std::vector<PdfChar>& ocr);

}  // namespace regreader::parse
