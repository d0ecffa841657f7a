#pragma once
// Layout rules for PDF text, kept apart from MuPDF so they can be tested on plain data: which lines
// are running headers, footers and page numbers, and how lines join into paragraphs and headings.

#include <algorithm>
#include <string>
#include <vector>

#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// One character as MuPDF's structured text gives it (page coordinates, y down).
struct PdfChar {
  char32_t c = 0;
  float x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  float baseline = 0;
  float size = 0;
  bool bold = false;
  float conf = 100;  ///< recognition confidence 0-100 (OCR); 100 for a text layer
  char32_t alt = 0;  ///< another engine's reading of the same place (a scan's text layer), or 0
  char32_t runner_up = 0;     ///< the recogniser's second choice for an unsure character, or 0
  char32_t third = 0;         ///< its third choice, or 0
  bool space_before = false;  ///< a word space precedes it that its box cannot show (glyph_repair)
};

/// How surely OCR read a run of characters: the lowest confidence of its digits, of its
/// separators (`.`, `、`, `,`) and the mean of all its characters (100 for a text layer).
struct ReadConf {
  float digit = 100;
  float separator = 100;
  int digits = 0;
  float sum = 0;
  int chars = 0;
  void add(char32_t c, float conf);
  void add(const ReadConf& o);
  float mean() const { return chars ? sum / static_cast<float>(chars) : 100.0f; }
  /// How surely its numbers were read: digits and, where there are digits, the separators
  /// between them (`20.35` and `20、35` are other numbers).
  float number() const { return digits ? std::min(digit, separator) : 100.0f; }
};

/// A run of a line separated from the next by a wide gap: a table cell, in a table row.
struct LineSegment {
  float x0 = 0, x1 = 0;
  std::string text;
  ReadConf conf;
};

/// One visual line of text.
struct PdfLine {
  std::string text;  ///< as extracted (not yet width-folded)
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  float size = 0;                     ///< dominant font size of the line
  bool bold = false;                  ///< most characters in a bold (or heading-face) font
  std::vector<LineSegment> segments;  ///< split at gaps wider than a column gap
  std::vector<PdfChar> chars;         ///< left to right
  float mean_conf = 100;              ///< mean OCR confidence of the characters
};

/// A straight ruling line drawn on a page (table borders), in page coordinates, y down.
struct PdfRule {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool horizontal() const { return y1 - y0 < x1 - x0; }
};

struct PdfPage {
  int number = 1;  ///< 1-based
  float width = 0, height = 0;
  std::vector<PdfLine> lines;
  std::vector<PdfRule> rules;
  /// Where full text lines start and end on the page (set from all lines before the page is cut
  /// into pieces around tables); negative when unknown.
  float text_left = -1, text_right = -1;
};

/// ASCII or full-width digit.
bool is_digit(char32_t c);
/// A mark that separates the parts of a number (`0.70`, `20、35`, `1,000`), full width too.
bool is_number_separator(char32_t c);
/// True when `c` continues a number across a gap OCR put in it: a digit after "<digit>." or
/// "<capital letter>.", or a dot after a digit ("0. 70" is 0.70, "4. 1. 1" is 4.1.1, "E. 1" E.1).
bool inside_number(char32_t before_prev, char32_t prev, char32_t c);

/// Font size used by most characters of the document (the body text size).
float body_font_size(const std::vector<PdfPage>& pages);

/// The body text size of one page: its most used size when smaller than the document's (a
/// manual sets some sections' text smaller, and their headings at the others' body size), else
/// the document's. A page with little text keeps the document's.
float page_body_size(const PdfPage& page, float doc_body);

/// True for a line that is only a page number: "3", "- 3 -", "第3页", "第 3 页 共 27 页", "Ⅲ".
bool is_page_number_line(const std::string& text);

/// Removes running headers, footers and page numbers: lines in the top or bottom band of a page
/// that are page numbers or repeat (digits ignored) on many pages.
void remove_running_lines(std::vector<PdfPage>& pages);

/// Builds visual lines from characters: characters sharing a baseline form one line, ordered left
/// to right, with a space where the gap is wide. MuPDF's own lines are not used because PDF
/// writers such as LibreOffice emit a line in several runs (one per font), out of order.
std::vector<PdfLine> build_lines(std::vector<PdfChar> chars);

/// Sets a line's text, segments, box, size, weight and confidence from its characters (ordered
/// left to right), as build_lines does: after a pass has changed them.
void assemble_line(PdfLine& l);

/// Joins a page's lines into paragraphs (RawBlocks on `page.number`), marking larger or bold
/// short paragraphs as styled headings.
std::vector<RawBlock> lines_to_paragraphs(const PdfPage& page, float body_size);

}  // namespace regreader::parse
