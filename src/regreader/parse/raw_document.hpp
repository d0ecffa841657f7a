#pragma once
// What a format parser hands to the structure builder: paragraphs and tables in reading order with
// their page, and the layout hints each format can give. Parsers extract; they do not decide
// what is a chapter (structure_builder.cpp does, the same way for every format).

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "regreader/model/regulation_info.hpp"
#include "regreader/model/table_meta.hpp"

namespace regreader::parse {

struct RawBlock {
  enum class Kind { kParagraph, kTable };
  Kind kind = Kind::kParagraph;
  std::string text;             ///< paragraph text (Markdown inline) or the table's caption
  int page = 1;                 ///< 1-based
  int heading_level = 0;        ///< from markup (Markdown #, Word heading style/outline); 0 = none
  bool styled_heading = false;  ///< looks like a heading (larger or bold font) in a PDF
  bool larger_font = false;     ///< set in a font larger than the body text (PDF)
  /// Set in a font clearly smaller than the body text (a PDF's text layer): a footnote, a note, a
  /// label; never a heading.
  bool smaller_font = false;
  bool list_item = false;  ///< a list item by markup (Markdown "- ", Word numbering)
  /// A PDF line that was split off its paragraph only because it starts with a number or
  /// marker; if the number turns out not to be a section, it is joined back.
  bool soft_start = false;
  /// The rest of a paragraph that runs over a page break (Word): text, never a heading.
  bool continued = false;
  /// Set apart in a frame or on shading (a Word paragraph border or shading, a frame drawn round
  /// it in a PDF): a call-out, which is a note when it opens with 注意：/说明：.
  bool boxed = false;
  std::optional<model::TableMeta> table;
};

/// A footnote or endnote and the page its reference mark is on.
struct RawFootnote {
  std::string id;  ///< "注1" style id given by the parser
  std::string text;
  int page = 1;
};

/// A printed page's characters with their boxes (x0, y0, x1, y1 in points, y down), in reading
/// order: what locates each block on the page (block_rects.hpp).
struct PageGlyphs {
  float width = 0, height = 0;
  std::u32string chars;
  std::vector<std::array<float, 4>> boxes;
};

struct RawDocument {
  std::string format;  ///< "pdf", "docx", "markdown", "text", "doc", ...
  std::string title;   ///< from metadata or the first heading; may be empty
  /// The title is a paragraph in Word's Title style: no heading is taken for the title, every
  /// Heading 1 stays a chapter.
  bool title_styled = false;
  int page_count = 0;
  model::Paging paging = model::Paging::kReal;
  std::vector<RawBlock> blocks;
  std::vector<RawFootnote> footnotes;
  /// Where each page's text came from ("text_layer", "ocr", "none"), index = page - 1; empty
  /// for formats without a text layer question (Word, Markdown).
  std::vector<std::string> page_sources;
  /// Whether page `page` (1-based) was read by OCR.
  bool read_by_ocr(int page) const {
    return page >= 1 && static_cast<size_t>(page) <= page_sources.size() &&
           page_sources[static_cast<size_t>(page) - 1] == "ocr";
  }
  /// Mean OCR confidence (0-100) of each page read by OCR, -1 for the others; index = page - 1.
  std::vector<float> page_confidence;
  /// The OCR engine that read the "ocr" pages ("paddle", "tesseract"; "" when none).
  std::string ocr_engine;
  /// Each printed page's characters (PDF, or a Word file's rendering), index = page - 1; empty
  /// for formats without a layout.
  std::vector<PageGlyphs> layout;
  std::vector<std::string> warnings;
};

}  // namespace regreader::parse
