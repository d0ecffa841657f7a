#include "regreader/parse/tables/table_names.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace table_names_test {

TEST(TableNames, ALeadInLineNamesTheTableAfterIt) {
  EXPECT_EQ(lead_in_name("各电池簇的告警阈值如下："), "各电池簇的告警阈值");
  EXPECT_EQ(lead_in_name("5.2.1 设备不停电时的安全距离见下表:"), "设备不停电时的安全距离");
  EXPECT_EQ(lead_in_name("（2）主要技术参数："), "主要技术参数");
  EXPECT_EQ(lead_in_name("巡视周期为："), "巡视周期");
}

TEST(TableNames, SentencesAndBarePointersNameNothing) {
  EXPECT_EQ(lead_in_name("见下表："), "") << "points at the table, names nothing";
  EXPECT_EQ(lead_in_name("各电池簇的告警阈值如下"), "") << "no colon: not a lead-in";
  EXPECT_EQ(lead_in_name("当电池温度超过45℃时，应按下表执行："), "") << "a sentence";
  EXPECT_EQ(
      lead_in_name("运行值班人员应通过监控系统连续监视电池堆储能变流器和消防系统的下列全部内容："),
      "")
      << "too long for a name";
  EXPECT_EQ(lead_in_name("10kV："), "") << "no words";
}

model::TableMeta table_with_header(std::vector<std::string> header) {
  model::TableMeta t;
  t.row_count = 2;
  t.col_count = static_cast<int>(header.size());
  for (int c = 0; c < t.col_count; ++c) {
    t.cells.push_back({0, c, header[static_cast<size_t>(c)]});
    t.cells.push_back({1, c, "x"});
  }
  return t;
}

TEST(TableNames, AHeaderRowOfWordsNamesATableWithNoLeadIn) {
  EXPECT_EQ(header_name(table_with_header({"巡视项目", "周期", "责任人"})), "巡视项目/周期/责任人");
  EXPECT_EQ(header_name(table_with_header({"10", "20", "35"})), "") << "figures are no name";
  EXPECT_EQ(header_name(table_with_header({"项目", ""})), "") << "one filled cell";
}

TEST(TableNames, OnlyABareContinuationCaptionContinuesTheTableBefore) {
  for (const char* s : {"续表", "续 表：", "（续）", "续上表", "表(续)"})
    EXPECT_TRUE(bare_continuation(s)) << s;
  for (const char* s : {"续表3", "表3（续）", "继续执行"})
    EXPECT_FALSE(bare_continuation(s)) << s;
}

TEST(TableNames, UntitledTablesTakeTheLineAboveElseTheirHeader) {
  std::vector<ClassifiedBlock> blocks(4);
  blocks[0].text = "各电池簇的告警阈值如下：";
  blocks[1].type = model::BlockType::kTable;
  blocks[1].table = table_with_header({"告警项目", "一级告警"});
  blocks[2].text = "说明：遇恶劣天气时应增加特殊巡视。";
  blocks[3].type = model::BlockType::kTable;
  blocks[3].table = table_with_header({"巡视项目", "周期"});
  name_untitled_tables(blocks);
  EXPECT_EQ(blocks[1].table->name, "各电池簇的告警阈值");
  EXPECT_EQ(blocks[1].table->named_by, "line above");
  EXPECT_EQ(blocks[3].table->name, "巡视项目/周期");
  EXPECT_EQ(blocks[3].table->named_by, "header");
}

TEST(TableNames, AChapterThatOpensWithTheTableNamesIt) {
  std::vector<ClassifiedBlock> blocks(6);
  blocks[0].type = model::BlockType::kHeading;
  blocks[0].starts_node = true;
  blocks[0].node_title = "作业步骤及标准";
  blocks[1].type = model::BlockType::kTable;
  blocks[1].table = table_with_header({"序号", "作业步骤"});
  // A numbered clause that is a sentence names nothing; the table keeps its header.
  blocks[2].starts_node = true;
  blocks[2].text = "3.2.2 验电器应与线路电压等级相符，使用前在有电设备上确认良好。";
  blocks[2].node_title = "验电器应与线路电压等级相符，使用前在有电设备上确认良好。";
  blocks[3].type = model::BlockType::kTable;
  blocks[3].table = table_with_header({"项目", "周期"});
  // A heading on the page before names nothing: the table may be one announced above it.
  blocks[4] = blocks[0];
  blocks[4].node_title = "停电";
  blocks[5].type = model::BlockType::kTable;
  blocks[5].page = 2;
  blocks[5].table = table_with_header({"带电体电压", "安全距离"});
  name_untitled_tables(blocks);
  EXPECT_EQ(blocks[1].table->name, "作业步骤及标准");
  EXPECT_EQ(blocks[1].table->named_by, "heading");
  EXPECT_EQ(blocks[3].table->name, "项目/周期");
  EXPECT_EQ(blocks[3].table->named_by, "header");
  EXPECT_EQ(blocks[5].table->name, "带电体电压/安全距离");
  EXPECT_EQ(blocks[5].table->named_by, "header");
}

}  // namespace table_names_test
}  // namespace regreader::parse
