#pragma once
// The borders of ruled tables on a PDF page: where vertical rules group into regions, which
// horizontal rules separate rows, which borders a cell's shading or a double rule adds, and
// whether framed boxes are a table's cells or a chart's. pdf_tables.hpp builds the tables.

#include <vector>

#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

/// Rule positions closer than this (points) are the same border.
constexpr float kRuleMergeTolerance = 2.0f;

struct RuledRegion {
  float x0, x1, y0, y1;
  std::vector<float> xs;  ///< column borders, left to right
  std::vector<float> hi;  ///< the rightmost rule position each border stands for (drop_slivers)
};

/// `v` sorted, values closer than `tol` to the one before dropped.
std::vector<float> distinct(std::vector<float> v, float tol);

/// Vertical rules that touch each other (overlapping in y) belong to one region; a region has
/// at least `min_borders` distinct rule positions (3: two columns, a table; 2: a frame).
std::vector<RuledRegion> ruled_regions(const PdfPage& page, size_t min_borders = 3);

/// Rows each cell spans downwards (0 = merged into the cell above); `ys` the row borders,
/// `row_band` the band between them each row sits in.
std::vector<std::vector<int>> vertical_spans(const PdfPage& page, const RuledRegion& g,
                                             const std::vector<float>& ys,
                                             const std::vector<long>& row_band);

/// For each column, the first column of the cell it belongs to at height y.
std::vector<int> merged_columns(const PdfPage& page, const RuledRegion& g, float y);

/// Of the horizontal rules `ys`, those that separate rows.
std::vector<float> row_borders(const PdfPage& page, const RuledRegion& g,
                               const std::vector<float>& ys);

/// Keeps only the borders drawn beside lines first..last of the page.
void keep_borders_beside(const PdfPage& page, size_t first, size_t last, RuledRegion& g);

/// Drops the borders of empty sliver columns (a cell's shading, a double rule).
void drop_slivers(const PdfPage& page, size_t first, size_t last, RuledRegion& g);

/// The heights of the horizontal rules inside a region, top to bottom.
std::vector<float> inner_rules(const PdfPage& page, const RuledRegion& g);

/// Whether the region's cells share borders (a table) rather than stand apart (a chart's boxes).
bool cells_share_borders(const PdfPage& page, const RuledRegion& g);

}  // namespace regreader::parse
