#pragma once
// Cells of a scanned table that span rows (pdf_tables.hpp builds scanned tables row by row).

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

}  // namespace regreader::parse
