#pragma once
// Whether OCR found text on a page at all. A recogniser asked to read noise, a photograph or
// blank paper still answers: scattered single characters read unsurely (a 160 KB random-noise
// scan came back as a 250-column "table" of letters at confidence 42 and was stored as a
// regulation). Printed text, however poor the scan, comes back as runs of characters side by
// side, some of them read surely.

#include <vector>

#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

/// Characters side by side (one segment of a line) that make a run of text.
inline constexpr int kTextRunChars = 4;
/// Confidence (0-100) of a character counted in a run.
inline constexpr float kTextRunConf = 60;
/// Runs a page needs before its reading is text.
inline constexpr int kTextRuns = 2;

/// The page source (RawDocument::page_sources) of a page OCR read and found no text on.
inline constexpr const char* kOcrFoundNoText = "ocr_no_text";

/// True when `chars` (one page's OCR reading) hold at least kTextRuns runs of kTextRunChars
/// characters read with kTextRunConf or more.
bool ocr_found_text(const std::vector<PdfChar>& chars);

}  // namespace regreader::parse
