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

// OCR reads the 、 between two voltages of a label as a point or a comma (`20.35`, `66,110`): in a
// column of whole numbers they are the page's list again, marked unsure. A decimal or a thousands
// separator that is no pair of nominal voltages stays as read, and so does a column of decimals.
TEST(TableNumbers, TwoVoltagesJoinedByAPointAreTheListThePagePrints) {
  auto t = two_columns({{"电压等级", "安全距离"},
                        {"10及以下", "0.70"},
                        {"20.35", "1.00"},
                        {"66,110", "1.50"},
                        {"220", "3.00"},
                        {"0.38", "0.40"},
                        {"1,000", "9.50"}});
  mark_numbers_not_read(t);
  EXPECT_EQ(t.cell_text(2, 0), "20、35");
  EXPECT_EQ(t.cell_text(3, 0), "66、110");
  EXPECT_TRUE(t.cell_unsure(2, 0));
  EXPECT_TRUE(t.cell_unsure(3, 0));
  EXPECT_EQ(t.cell_text(5, 0), "0.38");
  EXPECT_EQ(t.cell_text(6, 0), "1,000");
  EXPECT_EQ(t.cell_text(2, 1), "1.00") << "a column of decimals keeps its points";
  auto decimals = two_columns({{"a", "20.35"}, {"b", "1.50"}, {"c", "3.00"}, {"d", "6.80"}});
  mark_numbers_not_read(decimals);
  EXPECT_EQ(decimals.cell_text(0, 1), "20.35");
}

// OCR loses the thin ± of a direct-current row (`50` for ±50) or its bar (`+500`): beside the ±
// rows it comes back, marked unsure. A bare nominal voltage there (`500`, the last AC row) stays,
// and so does a column without ± rows.
TEST(TableNumbers, APlusMinusLostBesideTheDirectCurrentRowsComesBack) {
  auto t = two_columns({{"电压等级", "安全距离"},
                        {"500", "6.0"},
                        {"1000", "10.5"},
                        {"50", "3.0"},
                        {"±500", "7.8"},
                        {"+660", "10.0"},
                        {"±800", "11.1"}});
  mark_numbers_not_read(t);
  EXPECT_EQ(t.cell_text(3, 0), "±50");
  EXPECT_TRUE(t.cell_unsure(3, 0));
  EXPECT_EQ(t.cell_text(5, 0), "±660");
  EXPECT_TRUE(t.cell_unsure(5, 0));
  EXPECT_EQ(t.cell_text(2, 0), "1000");
  EXPECT_FALSE(t.cell_unsure(2, 0));
  EXPECT_EQ(t.cell_text(1, 0), "500");
  auto last_ac = two_columns({{"电压等级", "安全距离"},
                              {"330", "5.0"},
                              {"500", "6.0"},
                              {"±500", "7.8"},
                              {"±800", "11.1"}});
  mark_numbers_not_read(last_ac);
  EXPECT_EQ(last_ac.cell_text(2, 0), "500") << "a nominal AC voltage beside the ± rows stays";
  auto ac = two_columns(
      {{"电压等级", "安全距离"}, {"35", "1.0"}, {"50", "1.2"}, {"110", "1.5"}, {"220", "3.0"}});
  mark_numbers_not_read(ac);
  EXPECT_EQ(ac.cell_text(2, 0), "50") << "no ± rows: nothing to give back";
}

// OCR reads a digit as the Latin letter it resembles (`±B00` for ±800): in a column of numbers
// the digit comes back, marked unsure; a cell with other letters, or more letters than digits,
// stays as read.
TEST(TableNumbers, ALetterReadForADigitInAColumnOfNumbersIsTheDigit) {
  auto t = two_columns({{"电压等级kV", "安全距离m"},
                        {"500", "6.0"},
                        {"±B00", "11.1"},
                        {"1O00", "1O.5"},
                        {"B级", "3.0"},
                        {"SOO", "4.0"},
                        {"750", "9.0"}});
  mark_numbers_not_read(t);
  EXPECT_EQ(t.cell_text(2, 0), "±800");
  EXPECT_TRUE(t.cell_unsure(2, 0));
  EXPECT_EQ(t.cell_text(3, 0), "1000");
  EXPECT_EQ(t.cell_text(3, 1), "10.5");
  EXPECT_TRUE(t.cell_unsure(3, 1));
  EXPECT_EQ(t.cell_text(4, 0), "B级") << "not a number";
  EXPECT_EQ(t.cell_text(5, 0), "SOO") << "more letters than digits";
  EXPECT_FALSE(t.cell_unsure(1, 0));
  EXPECT_FALSE(t.cell_unsure(6, 1));
  // Outside a column of numbers nothing is mended.
  auto words = two_columns({{"项目", "说明"}, {"B00", "甲"}, {"乙", "丙"}, {"丁", "戊"}});
  mark_numbers_not_read(words);
  EXPECT_EQ(words.cell_text(1, 0), "B00");
}

// A column of voltages runs up the table, and so do the distances beside them: a number outside
// the two around it (`1051` between 100 and 110: a seal's stroke read as a digit; `9.75` between
// 4.50 and 5.00) is unsure. Where the order restarts (the direct-current rows after 1000) the
// neighbours do not keep it, and nothing there is marked.
TEST(TableNumbers, ANumberOutOfItsColumnsOrderIsUnsure) {
  auto t = two_columns({{"电压等级", "安全距离"},
                        {"90kV线路", "4.50"},
                        {"100kV线路", "9.75"},
                        {"1051kV线路", "5.25"},
                        {"110kV线路", "5.50"},
                        {"115kV线路", "5.75"}});
  mark_numbers_not_read(t);
  EXPECT_TRUE(t.cell_unsure(3, 0)) << t.cell_text(3, 0);
  EXPECT_TRUE(t.cell_unsure(2, 1)) << t.cell_text(2, 1);
  for (int r : {1, 2, 4, 5})
    EXPECT_FALSE(t.cell_unsure(r, 0)) << t.cell_text(r, 0);
  for (int r : {1, 3, 4, 5})
    EXPECT_FALSE(t.cell_unsure(r, 1)) << t.cell_text(r, 1);
  auto restart = two_columns({{"电压等级", "安全距离"},
                              {"500", "5.0"},
                              {"750", "8.0"},
                              {"1000", "9.5"},
                              {"±50", "1.5"},
                              {"±500", "6.8"},
                              {"±800", "10.1"}});
  mark_numbers_not_read(restart);
  for (int r = 1; r < 7; ++r)
    EXPECT_FALSE(restart.cell_unsure(r, 0) || restart.cell_unsure(r, 1)) << r;
}

// Tesseract reads a seal's edge beside a value as a quote glued to it (`”4.00`): in a column whose
// numbers start their cells the quote goes and the value is marked unsure; a quote after a number
// (an inch mark) and a quoted word stay as read.
TEST(TableNumbers, AQuoteBeforeANumberInAColumnOfNumbersGoes) {
  auto t = two_columns({{"电压等级", "安全距离"},
                        {"75kV线路", "3.75"},
                        {"80kV线路", "”4.00"},
                        {"85kV线路", "4.25\""},
                        {"90kV线路", "4.50"},
                        {"95kV线路", "“见注”"}});
  mark_numbers_not_read(t);
  EXPECT_EQ(t.cell_text(2, 1), "4.00");
  EXPECT_TRUE(t.cell_unsure(2, 1));
  EXPECT_EQ(t.cell_text(3, 1), "4.25\"");
  EXPECT_EQ(t.cell_text(5, 1), "“见注”");
  EXPECT_FALSE(t.cell_unsure(1, 1));
}

}  // namespace table_numbers_test
}  // namespace regreader::parse
