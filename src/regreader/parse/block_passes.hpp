#pragma once
// Passes over classified blocks that need their neighbours: a term or an appendix titled by the
// next line, a chapter number misread by OCR taken from its sections, unnumbered chapters by
// type size, and tables that are really formulas or carry their 注 as a row. Used by
// block_classifier.cpp; pure functions, tested through the structure builder.

#include <string>
#include <vector>

#include "regreader/model/table_meta.hpp"
#include "regreader/parse/block_classifier.hpp"
#include "regreader/parse/notes.hpp"

namespace regreader::parse {

/// The Chinese term of a term line, without the English term after it.
std::string chinese_term(const std::string& line);

/// A "table" without a caption most of whose rows end in a formula number (……（3）).
bool is_formula_layout(const model::TableMeta& t);
/// The text of a formula block, row by row, each cell once.
std::string formula_text(const model::TableMeta& t);

/// Removes the rows at the end of a table that hold only a note, and returns those notes.
std::vector<NoteMatch> take_note_rows(model::TableMeta& t);

/// A top-level number between chapter N's clauses and (N+1).1 is chapter N+1 (OCR misread it).
void infer_misread_chapters(std::vector<ClassifiedBlock>& items);
/// A bare number (2.1, 附录A) takes its title from the next short line.
void join_term_titles(std::vector<ClassifiedBlock>& items);
/// In a document that numbers fewer than 3 chapters, short large-type lines are chapters.
void promote_font_headings(std::vector<ClassifiedBlock>& items);

}  // namespace regreader::parse
