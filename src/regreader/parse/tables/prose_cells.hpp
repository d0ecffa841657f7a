#pragma once
// Prose laid out in a table's cells. PDF-to-Word converters (and people aligning a numbered list
// by hand) put items in a grid: the item number in one column, its text in the next, and where a
// line of the page wrapped, the rest of the sentence back in the first column of the next row
// (`…测量误差不应超过 | ±3%。`). A real table never runs a sentence from one column back into an
// earlier column of the next row; such a grid is read as the paragraphs it lays out.

#include <string>
#include <vector>

#include "regreader/model/table_meta.hpp"

namespace regreader::parse {

/// A paragraph ends mid-sentence: it ends on a Chinese character with no sentence mark after it
/// (`…测量误差不应超过`), and is long enough to be prose (`NB/T 31147—2018`, a label, is not).
bool ends_mid_sentence(const std::string& paragraph);

/// A paragraph begins with the rest of a sentence: a 。 or ； within its first few characters
/// (`±3%。`, `功能。`).
bool finishes_a_sentence(const std::string& paragraph);

/// How many sentences run from a cell back into an earlier column of a later row (the page's
/// line wrapping, read through a grid).
int sentences_wrapped_back(const model::TableMeta& t);

/// True when the table is prose laid out in a grid: two sentences or more wrap back, or one does
/// and the first column holds nothing but item numbers and sentence ends (a list's margin).
bool laid_out_prose(const model::TableMeta& t);

/// The paragraphs a prose grid lays out, in reading order (row by row, each cell's paragraphs in
/// turn): an item number alone at the end of a cell leads the next cell's first paragraph
/// (`2` + `风向传感器应符合下列规定：`), and the rest of a sentence joins the paragraph it ends.
/// `cells` are the table's cells, each cell's paragraphs separated by "\n".
std::vector<std::string> prose_paragraphs(const model::TableMeta& t);

}  // namespace regreader::parse
