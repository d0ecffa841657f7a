#pragma once
// Passes over classified blocks that need their neighbours: a term or an appendix titled by the
// next line, a chapter number misread by OCR taken from its sections, unnumbered chapters by
// type size, and tables that are really formulas or carry their 注 as a row. Used by
// block_classifier.cpp; pure functions, tested through the structure builder.

#include <set>
#include <string>
#include <vector>

#include "regreader/model/table_meta.hpp"
#include "regreader/parse/structure/block_classifier.hpp"
#include "regreader/parse/structure/notes.hpp"

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
/// An appendix heading whose letter OCR misread ("附录各" over "(资料性附录)"): a line of 附录
/// and one glyph right above an appendix designation is the next appendix (after the last
/// one accepted, or A). Only blocks of `ocr_pages` are mended.
void infer_misread_appendices(std::vector<ClassifiedBlock>& items, const std::set<int>& ocr_pages);
/// A clause number OCR could not read at all ("了洒" where 3.3 is printed): between N.k and
/// N.(k+2) on OCR pages, a short unreadable line followed by a term line is N.(k+1), titled by
/// the term (join_term_titles). One gap of one number only; anything else stays text.
void infer_unreadable_numbers(std::vector<ClassifiedBlock>& items, const std::set<int>& ocr_pages);
/// 前言 / 引言 with one glyph misread ("前 ]") on an OCR page before the first chapter.
void infer_misread_front_matter(std::vector<ClassifiedBlock>& items,
                                const std::set<int>& ocr_pages);
/// Marks OCR misreads in a title on `ocr_pages`: a quote mark alone at its start or end (a
/// speck of a seal or a rule, `” 装表接电`) goes; in a short title without a sentence's
/// punctuation, a point between two ideographs is the enumeration comma (`装设接地线. 个人保安线`
/// -> `装设接地线、个人保安线`). Must run after join_term_titles.
void mend_ocr_title_marks(std::vector<ClassifiedBlock>& items, const std::set<int>& ocr_pages);
/// A bare number (2.1, 附录A) takes its title from the next short line.
void join_term_titles(std::vector<ClassifiedBlock>& items);
/// In a document that numbers fewer than 3 chapters, short large-type lines are chapters.
void promote_font_headings(std::vector<ClassifiedBlock>& items);

}  // namespace regreader::parse
