#include "regreader/model/table_entry.hpp"

#include <gtest/gtest.h>

namespace regreader::model {
namespace table_entry_test {

TableMeta grid(const std::vector<std::vector<std::string>>& rows) {
  TableMeta t;
  t.row_count = static_cast<int>(rows.size());
  t.col_count = static_cast<int>(rows.front().size());
  for (int r = 0; r < t.row_count; ++r)
    for (int c = 0; c < t.col_count; ++c)
      t.cells.push_back({r, c, rows[r][c], 1, 1});
  t.table_id = t.master_table_id = "表1";
  return t;
}

TEST(MergeSegments, RepeatedHeadersAreDroppedAndRowsKeepTheirOrder) {
  auto a = grid({{"电压等级 kV", "安全距离 m"}, {"10及以下", "0.70"}, {"20、35", "1.00"}});
  a.is_truncated = true;
  auto b = grid({{"电压等级 kV", "安全距离 m"}, {"66、110", "1.50"}});
  b.segment_index = 1;
  auto c = grid({{"士800", "9.30"}});  // a continuation without the header
  c.segment_index = 2;
  const auto m = merge_segments({a, b, c});
  EXPECT_EQ(m.row_count, 5);
  EXPECT_EQ(m.cell_text(0, 0), "电压等级 kV");
  EXPECT_EQ(m.cell_text(1, 0), "10及以下");
  EXPECT_EQ(m.cell_text(3, 1), "1.50");
  EXPECT_EQ(m.cell_text(4, 0), "士800");
  EXPECT_FALSE(m.is_truncated);
  EXPECT_EQ(m.table_id, "表1");
}

TEST(MergeSegments, OneSegmentIsItself) {
  auto a = grid({{"a", "b"}, {"1", "2"}});
  EXPECT_EQ(merge_segments({a}).cells, a.cells);
  EXPECT_EQ(merge_segments({}).row_count, 0);
}

}  // namespace table_entry_test
}  // namespace regreader::model
