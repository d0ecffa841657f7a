#include "regreader/parse/structure/notes.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace notes_test {

TEST(Notes, EveryFormOfANoteLabelHasOneCanonicalId) {
  for (const char* label : {"注1", "注 1", "注１", "注①", "注一", "（注1）", "(注 1)"})
    EXPECT_EQ(canonical_note_id(label).value_or("?"), "注1") << label;
  EXPECT_EQ(canonical_note_id("注十一").value_or("?"), "注11");
  EXPECT_EQ(canonical_note_id("注").value_or("?"), "注");
  EXPECT_EQ(canonical_note_id("方案A").value_or("?"), "方案A");
  EXPECT_EQ(canonical_note_id("方案甲").value_or("?"), "方案甲");
  EXPECT_FALSE(canonical_note_id("注意").has_value());
  EXPECT_FALSE(canonical_note_id("表1").has_value());
}

TEST(Notes, ParagraphsStartingWithALabelAreNotes) {
  auto n = match_notes("注1：操作票的保存期限从执行之日起计算。");
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0].id, "注1");
  EXPECT_EQ(n[0].content, "操作票的保存期限从执行之日起计算。");
  auto bare = match_notes("注：根据含有变电站的系统的性质。");
  ASSERT_EQ(bare.size(), 1u);
  EXPECT_EQ(bare[0].id, "注");
  EXPECT_EQ(match_notes("注 ２：13.8kV 执行 10kV 的安全距离。")[0].id, "注2");
  EXPECT_EQ(match_notes("注①本条适用于户外设备")[0].id, "注1");
}

TEST(Notes, ABareNoteWhoseColonOcrReadAsACommaIsANote) {
  for (const char* p : {"注, 表中未列电压应选用高一电压等级的安全距离。",
                        "注，表中未列电压等级按高一挡电压等级安全距离，", "注；见表1。"}) {
    auto n = match_notes(p);
    ASSERT_EQ(n.size(), 1u) << p;
    EXPECT_EQ(n[0].id, "注") << p;
    EXPECT_TRUE(n[0].content.rfind("表中", 0) == 0 || n[0].content.rfind("见表", 0) == 0)
        << n[0].content;
  }
  // Only where the label opens the paragraph: inside a sentence 注, is a word's end.
  EXPECT_TRUE(match_notes("表中数值见备注，按实际执行。").empty());
  EXPECT_EQ(match_notes("注1：甲。注, 乙。").size(), 1u);
  auto numbered = match_notes("注 1; 表中未列电压等级按高一挡电压等级安全距离。");
  ASSERT_EQ(numbered.size(), 1u);
  EXPECT_EQ(numbered[0].id, "注1");
  EXPECT_EQ(numbered[0].content.rfind("表中", 0), 0u) << numbered[0].content;
}

TEST(Notes, SeveralLabelsInOneParagraphGiveSeveralNotes) {
  auto n = match_notes(
      "注 1：表中未列电压等级按高一挡电压等级安全距离。 注 2：13.8kV 执行 10kV 的安全距离。");
  ASSERT_EQ(n.size(), 2u);
  EXPECT_EQ(n[0].id, "注1");
  EXPECT_EQ(n[0].content, "表中未列电压等级按高一挡电压等级安全距离。");
  EXPECT_EQ(n[1].id, "注2");
}

TEST(Notes, WordsStartingWithZhuAreNotNotes) {
  EXPECT_TRUE(match_notes("注意事项应在开工前交代清楚。").empty());
  EXPECT_TRUE(match_notes("注明确实地点、名称及接地线编号").empty());
  EXPECT_TRUE(match_notes("方案中的措施").empty());
  EXPECT_TRUE(match_notes("操作票应注明已执行字样（见注1）。").empty());
}

TEST(Notes, AnEnumeratedBareNoteIsSeveralNumberedNotes) {
  auto n = match_notes(
      "注：1 不同高度的年平均风速参考值按风切变指数为1/7推算。2 与风功率密度上限值对应的年平均"
      "风速参考值按瑞利分布推算。");
  ASSERT_EQ(n.size(), 2u);
  EXPECT_EQ(n[0].id, "注1");
  EXPECT_EQ(n[0].content, "不同高度的年平均风速参考值按风切变指数为1/7推算。");
  EXPECT_EQ(n[1].id, "注2");
  EXPECT_EQ(n[1].content.rfind("与风功率密度", 0), 0u);
  auto one = match_notes("注：1、表中数值为最小值。");
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].id, "注1");
  // A quantity after 注： is the note's text, not an item number.
  auto q = match_notes("注：1 kV 以下的设备按低压执行。");
  ASSERT_EQ(q.size(), 1u);
  EXPECT_EQ(q[0].id, "注");
}

TEST(Notes, ABoxedCalloutOpeningWith注意Or说明IsANoteOfThatName) {
  const auto n = callout_note("注意：电池荷电状态低于15%SOC时应停止放电。");
  ASSERT_TRUE(n);
  EXPECT_EQ(n->id, "注意");
  EXPECT_EQ(n->content, "电池荷电状态低于15%SOC时应停止放电。");
  ASSERT_TRUE(callout_note("说明: 遇大风时应增加特殊巡视。"));
  EXPECT_EQ(callout_note("说明: 遇大风时应增加特殊巡视。")->id, "说明");
  EXPECT_FALSE(callout_note("注意事项"));
  EXPECT_FALSE(callout_note("注意："));
  EXPECT_FALSE(callout_note("编制说明：本规范…"));
}

}  // namespace notes_test
}  // namespace regreader::parse
