#pragma once
// Cells of a scanned table that span rows or columns (pdf_tables.hpp builds scanned tables row by
// row).

#include <vector>

#include "regreader/parse/pdf/pdf_layout.hpp"
#include "regreader/parse/tables/cell_grid.hpp"
#include "regreader/parse/tables/ruled_regions.hpp"

namespace regreader::parse {

/// Cells of a scanned table that span rows: a sub-table's rows (表E.1's voltages under one test)
/// are drawn beside a column whose cell spans them all (说明: `试验电压加在护环` / `与紧固头之间`),
/// and cut into rows at the sub-table's borders, its text is cut into pieces. Where no rule runs
/// under a column at a row's lower border while the border is drawn across other columns, and
/// both pieces are prose (a value never wraps, and a seal's gap in a border must not join two
/// numbers) with the lower one starting right under the upper one's last line (the cell below
/// would start past both cells' padding), the lower piece joins the cell above. `ys` are the
/// table's horizontal borders, `row_bands` the band between them each row of `rows` was read in.
/// Returns each cell's row span (0 = joined upwards).
std::vector<std::vector<int>> join_unruled_prose(const PdfPage& page, const RuledRegion& g,
                                                 const std::vector<float>& ys,
                                                 const std::vector<size_t>& row_bands,
                                                 CellGrid& rows);

/// The columns one line of a scanned table joins: a number or a word whose glyphs stand on both
/// sides of a border with no rule drawn at the line's height belongs to one cell (`30` centred in
/// a cell spanning two columns of the sub-table above it was stored `3 | 0`; a cell's sentence
/// across a sub-table's columns `最低动作电压应达 | 0.25倍额 | 定电压` was cut at each border,
/// GB 26859's 表E.1). Printed text never runs across a drawn border, and the glyphs of one word
/// stand closer than the texts of two cells. A word and a number (`达 | 0.25`) join only in a line
/// whose words run across another such border: a label filling its cell stands as close to the
/// value beside it (`110kV线路 | 5.50`) where a seal's ink hides the border between them.
/// `char_columns` holds the column of each of `l`'s characters; returns, for each column, the
/// first column of the cell it belongs to on this line.
std::vector<int> columns_a_line_joins(const PdfPage& page, const RuledRegion& g, const PdfLine& l,
                                      const std::vector<int>& char_columns);

}  // namespace regreader::parse
