#include "regreader/parse/tables/prose_cells.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace prose_cells_test {

// Rows of cells, each cell's paragraphs separated by "\n".
model::TableMeta grid(const std::vector<std::vector<std::string>>& rows) {
  model::TableMeta t;
  t.row_count = static_cast<int>(rows.size());
  for (size_t r = 0; r < rows.size(); ++r) {
    for (size_t c = 0; c < rows[r].size(); ++c)
      t.cells.push_back({static_cast<int>(r), static_cast<int>(c), rows[r][c]});
    t.col_count = std::max(t.col_count, static_cast<int>(rows[r].size()));
  }
  return t;
}

// Numbered items laid out in two columns, as a PDF-to-Word converter writes them: the number in
// the first, the text in the second, and the end of a wrapped sentence back in the first column.
model::TableMeta converted_items() {
  return grid({{"NB/T", "31147—2018\n2 年。"},
               {"2", "风向传感器应符合下列规定：\n1)测量范围应为0°~360°。"},
               {"3", "湿度计应符合下列规定：\n1)在相对湿度20%～80%范围内测量误差不应超过"},
               {"±3%。\n4", "\n数据采集器应符合下列规定：\n1)应具备采集、计算和记录测量参数的"},
               {"功能。", ""},
               {"", "2)应具备数据拷贝功能。"}});
}

TEST(ProseCells, SentencesWrappingBackToTheFirstColumnMakeAGridProse) {
  EXPECT_EQ(sentences_wrapped_back(converted_items()), 2);
  EXPECT_TRUE(laid_out_prose(converted_items()));
}

TEST(ProseCells, RealTablesAreNoProse) {
  // Long cells, a sentence running on in its own column (a wrapped cell), figures and labels.
  EXPECT_FALSE(laid_out_prose(grid({{"巡视项目", "周期", "责任人"},
                                    {"电池舱", "每日一次", "运行值班员"},
                                    {"变流器舱", "每日一次", "运行值班员"}})));
  EXPECT_FALSE(laid_out_prose(grid({{"项目", "要求"},
                                    {"接地线", "装设接地线应先接接地端，后接导体端，拆除的"},
                                    {"", "顺序相反。"},
                                    {"验电", "验电前应在有电设备上确认验电器良好，验电时"},
                                    {"", "应戴绝缘手套。"}})))
      << "a cell continued in its own column is a table's wrapped cell";
  EXPECT_EQ(sentences_wrapped_back(grid({{"设备", "额定值"}, {"变压器额定容量", "5000 kVA"}})), 0);
}

TEST(ProseCells, TheGridReadsAsItsParagraphs) {
  const auto p = prose_paragraphs(converted_items());
  const std::vector<std::string> want = {"NB/T 31147—2018",
                                         "2 年。",
                                         "2 风向传感器应符合下列规定：",
                                         "1)测量范围应为0°~360°。",
                                         "3 湿度计应符合下列规定：",
                                         "1)在相对湿度20%～80%范围内测量误差不应超过±3%。",
                                         "4 数据采集器应符合下列规定：",
                                         "1)应具备采集、计算和记录测量参数的功能。",
                                         "2)应具备数据拷贝功能。"};
  EXPECT_EQ(p, want);
}

TEST(ProseCells, MidSentenceAndSentenceTails) {
  EXPECT_TRUE(ends_mid_sentence("在相对湿度20%～80%范围内测量误差不应超过"));
  EXPECT_TRUE(ends_mid_sentence("应具备采集、计算的"));
  EXPECT_FALSE(ends_mid_sentence("运行值班员")) << "a label";
  EXPECT_FALSE(ends_mid_sentence("NB/T 31147—2018")) << "ends on a figure";
  EXPECT_FALSE(ends_mid_sentence("测量误差不应超过±3%。"));
  EXPECT_TRUE(finishes_a_sentence("±3%。"));
  EXPECT_TRUE(finishes_a_sentence("功能。其余"));
  EXPECT_FALSE(finishes_a_sentence("应具备数据拷贝、有线传输及无线传输功能。"));
}

}  // namespace prose_cells_test
}  // namespace regreader::parse
