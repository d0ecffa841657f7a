// Which numbers of a table read by OCR are unsure, told by the table itself.

#include "regreader/parse/tables/table_numbers.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace table_numbers_test {

model::TableMeta two_columns(const std::vector<std::pair<std::string, std::string>>& rows) {
  model::TableMeta t;
  t.row_count = static_cast<int>(rows.size());
  t.col_count = 2;
  for (size_t r = 0; r < rows.size(); ++r) {
    t.cells.push_back({static_cast<int>(r), 0, rows[r].first});
    t.cells.push_back({static_cast<int>(r), 1, rows[r].second});
  }
  return t;
}

// A reading that lost the header's words leaves the first row of data on top: its empty value
// is as unsure as any other row's would be, never a row read as having no value.
TEST(TableNumbers, AFirstRowOfFiguresIsDataAndItsMissingValueIsUnsure) {
  auto t = two_columns({{"10及以下", ""}, {"220", "4.0"}, {"500", "6.0"}, {"750", "9.0"}});
  mark_numbers_not_read(t);
  EXPECT_TRUE(t.cell_unsure(0, 0));
  EXPECT_TRUE(t.cell_unsure(0, 1));
  for (int r = 1; r < 4; ++r)
    EXPECT_FALSE(t.cell_unsure(r, 1)) << t.cell_text(r, 1);
  // Under a header of words, the first row is the header and is not checked.
  auto headed = two_columns(
      {{"电压等级", "安全距离"}, {"10及以下", ""}, {"220", "4.0"}, {"500", "6.0"}, {"750", "9.0"}});
  mark_numbers_not_read(headed);
  EXPECT_FALSE(headed.cell_unsure(0, 0));
  EXPECT_FALSE(headed.cell_unsure(0, 1));
  EXPECT_TRUE(headed.cell_unsure(1, 1)) << "an empty value in a column of numbers";
  EXPECT_FALSE(headed.cell_unsure(2, 1));
}

}  // namespace table_numbers_test
}  // namespace regreader::parse
