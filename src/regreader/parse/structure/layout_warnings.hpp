#pragma once
// Signs of a layout read wrongly that `regreader check` warns about, seen in Word/WPS exports and
// publishers' files alike: a table whose cells cut sentences in pieces (prose read as a grid), a
// numbered heading sequence with a gap (a heading read as text), a title that is also a chapter
// (the document's name taken from, or given to, its first heading), a block written several times
// on its page (a converter that repeated a heading and its clause).

#include <string>
#include <vector>

#include "regreader/model/document_structure.hpp"
#include "regreader/model/page_document.hpp"
#include "regreader/model/table_entry.hpp"

namespace regreader::parse {

struct LayoutWarning {
  std::string kind;  ///< "split_sentences", "heading_gap", "title_is_chapter", "repeated_block"
  int page = 0;      ///< where to look first
  std::string detail;
};

/// Tables where a cell stops mid-sentence and the next cell (reading row by row) finishes it:
/// `…测量误差不应超过` then `±3%。`.
std::vector<LayoutWarning> split_sentence_tables(const std::vector<model::TableEntry>& tables);

/// Siblings whose numbers skip (5.2.1 then 5.2.3, 一、 then 三、, 第二条 then 第四条).
std::vector<LayoutWarning> heading_gaps(const model::DocumentStructure& structure);

/// Chapters whose title is the document's title, spaces and width aside.
std::vector<LayoutWarning> title_chapters(const model::DocumentStructure& structure,
                                          const std::string& title);

/// Pages where one heading, or one clause or list item of twelve Han characters or more, is
/// written more than once: a transcript or export that repeated text. Search cites such a block
/// once; a reader sees it each time.
std::vector<LayoutWarning> repeated_blocks(const std::vector<model::PageDocument>& pages);

}  // namespace regreader::parse
