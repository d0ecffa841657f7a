#include "regreader/parse/structure/layout_warnings.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace layout_warnings_test {

model::ChapterNode node(std::string id, std::string number, std::string title,
                        std::string parent = "", std::vector<std::string> children = {}) {
  model::ChapterNode n;
  n.node_id = std::move(id);
  n.section_number = std::move(number);
  n.title = std::move(title);
  n.parent_id = std::move(parent);
  n.children_ids = std::move(children);
  n.page_start = 3;
  return n;
}

model::TableEntry table_of(std::vector<std::vector<std::string>> rows) {
  model::TableEntry t;
  t.table_id = "T3";
  t.page_start = 16;
  t.merged.row_count = static_cast<int>(rows.size());
  t.merged.col_count = static_cast<int>(rows.front().size());
  for (size_t r = 0; r < rows.size(); ++r)
    for (size_t c = 0; c < rows[r].size(); ++c)
      t.merged.cells.push_back({static_cast<int>(r), static_cast<int>(c), rows[r][c]});
  return t;
}

TEST(LayoutWarnings, ATableWhoseCellsCutSentencesIsNamed) {
  const auto prose =
      table_of({{"4", "湿度计应符合下列规定：在相对湿度20%～80%范围内测量误差不应超过"},
                {"±3%。", "数据采集器应具备采集、计算、记录测量参数的"},
                {"功能。", ""}});
  const auto w = split_sentence_tables({prose});
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].kind, "split_sentences");
  EXPECT_EQ(w[0].page, 16);
  EXPECT_NE(w[0].detail.find("2 sentence(s)"), std::string::npos) << w[0].detail;
}

TEST(LayoutWarnings, ARealTableOfShortCellsAndWholeSentencesIsNot) {
  const auto values =
      table_of({{"告警项目", "一级告警"}, {"单体电压上限", "3.60V"}, {"电池温度", "45℃"}});
  const auto whole = table_of({{"检查内容", "要求"},
                               {"接地装置", "接地线应完好，截面应符合要求。"},
                               {"绝缘工具", "应在试验合格有效期内。"}});
  EXPECT_TRUE(split_sentence_tables({values, whole}).empty());
}

TEST(LayoutWarnings, GapsInSiblingNumbersAreWarned) {
  const model::DocumentStructure s(
      "R", {node("n1", "5", "安全措施", "", {"n2", "n3", "n4"}),
            node("n2", "5.1", "一般规定", "n1"), node("n3", "5.2", "停电", "n1"),
            node("n4", "5.4", "装设接地线", "n1"), node("n5", "一", "总则"),
            node("n6", "三", "附则"), node("n7", "附录A", "表格"), node("n8", "附录C", "记录")});
  const auto w = heading_gaps(s);
  std::vector<std::string> found;
  for (const auto& g : w)
    found.push_back(g.detail);
  EXPECT_EQ(found, (std::vector<std::string>{"5.2 then 5.4", "一 then 三"}))
      << "5 then 一 are series apart; appendix letters are not counted";
}

TEST(LayoutWarnings, ArticlesAndChaptersCountInTheirOwnSeries) {
  const model::DocumentStructure s(
      "R", {node("c1", "第一章", "总则", "", {"a1", "a2", "a3"}), node("a1", "第一条", "", "c1"),
            node("a2", "第二条", "", "c1"), node("a3", "第四条", "", "c1"),
            node("c2", "第二章", "附则")});
  const auto w = heading_gaps(s);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].detail, "第二条 then 第四条");
}

TEST(LayoutWarnings, AChapterTitledLikeTheDocumentIsWarned) {
  const model::DocumentStructure s(
      "R", {node("n1", "", "储能电站运行操作指南"), node("n2", "一", "总则")});
  EXPECT_EQ(title_chapters(s, "储能电站 运行操作指南").size(), 1u);
  EXPECT_TRUE(title_chapters(s, "变电站防误操作管理规定").empty());
  EXPECT_TRUE(title_chapters(s, "总则").empty()) << "too short to tell";
  EXPECT_EQ(title_chapters(s, "DL/T 1 一 总则").size(), 1u)
      << "a numbered chapter taken as the name";
}

model::PageDocument page_of(int number, std::vector<std::string> blocks) {
  model::PageDocument p;
  p.page_num = number;
  for (auto& text : blocks) {
    model::ContentBlock b;
    b.block_type = text.starts_with("#") ? model::BlockType::kHeading : model::BlockType::kText;
    b.content_markdown = std::move(text);
    b.chapter_path = {"第二章 停电作业"};
    p.content_blocks.push_back(std::move(b));
  }
  return p;
}

TEST(LayoutWarnings, ABlockWrittenTwiceOnItsPageIsNamed) {
  const auto repeated =
      page_of(19, {"## 第一节 停电", "第34条 停电作业应按下列步骤进行全部工作：", "## 第一节 停电",
                   "第34条 停电作业应按下列步骤进行全部工作：", "## 第一节 停电",
                   "第34条 停电作业应按下列步骤进行全部工作："});
  // Short lines repeat by design (a form's 签名 lines), and the same clause on two pages is
  // a page's running text, not a repeat.
  const auto form = page_of(20, {"工作负责人签名：", "工作负责人签名：", "年 月 日", "年 月 日"});
  const auto once = page_of(21, {"第34条 停电作业应按下列步骤进行全部工作："});
  // The same item under two chapters is two clauses; a cover names its issuer twice.
  auto lists = page_of(22, {"a) 应能显示系统的手动、自动工作状态及故障状态；",
                            "a) 应能显示系统的手动、自动工作状态及故障状态；"});
  lists.content_blocks[1].chapter_path = {"5.3.2 防烟排烟系统"};
  auto cover = page_of(
      1, {"中华人民共和国住房和城乡建设部联合发布", "中华人民共和国住房和城乡建设部联合发布"});
  for (auto& b : cover.content_blocks)
    b.chapter_path.clear();
  const auto w = repeated_blocks({repeated, form, once, lists, cover});
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].kind, "repeated_block");
  EXPECT_EQ(w[0].page, 19);
  EXPECT_NE(w[0].detail.find("2 block(s)"), std::string::npos) << w[0].detail;
  EXPECT_NE(w[0].detail.find("3 times"), std::string::npos) << w[0].detail;
}

}  // namespace layout_warnings_test
}  // namespace regreader::parse
