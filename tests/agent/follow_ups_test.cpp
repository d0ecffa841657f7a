// What the workflow follows in a page it read: table-driven.

#include "regreader/agent/follow_ups.hpp"

#include <gtest/gtest.h>

namespace regreader::agent {
namespace follow_ups_test {

using K = FollowUp::Kind;

struct Row {
  const char* text;
  bool truncated;
  std::vector<FollowUp> expected;
};

TEST(FollowUpsTest, FindsNotesTablesAndReferencesInOrder) {
  const std::vector<Row> rows = {
      {"安全距离见注1。", false, {{K::kNote, "注1"}}},
      {"按表中数值执行（见 注 2）", false, {{K::kNote, "注2"}}},
      {"见注①", false, {{K::kNote, "注①"}}},
      {"注1：表中未列电压等级按高一档执行。", false, {}},  // the note itself, already read
      {"其数值见表3。", false, {{K::kTable, "表3"}}},
      {"见表A.2", false, {{K::kTable, "表A.2"}}},
      {"续表4\n| 35 | 1.00 |", false, {{K::kTable, "表4"}}},
      {"表5（续）", false, {{K::kTable, "表5"}}},
      {"表5(续)", false, {{K::kTable, "表5"}}},
      {"操作要求见5.2.3条。", false, {{K::kReference, "见5.2.3条"}}},
      {"参见第4章", false, {{K::kReference, "参见第4章"}}},
      {"见附录 B", false, {{K::kReference, "见附录B"}}},
      {"距离 0.70 m，电压 10kV", false, {}},
      {"见表1，并见注1；另见注1。参见6.1",
       false,
       {{K::kTable, "表1"}, {K::kNote, "注1"}, {K::kReference, "参见6.1"}}},
      {"表1 设备不停电时的安全距离\n| 10 | 0.70 |", false, {}},
      {"表1 设备不停电时的安全距离\n| 10 | 0.70 |", true, {{K::kTable, "表1"}}},
  };
  for (const auto& row : rows)
    EXPECT_EQ(find_follow_ups(row.text, row.truncated), row.expected) << row.text;
}

TEST(FollowUpsTest, KindNames) {
  EXPECT_EQ(follow_up_kind_name(K::kNote), "note");
  EXPECT_EQ(follow_up_kind_name(K::kTable), "table");
  EXPECT_EQ(follow_up_kind_name(K::kReference), "reference");
}

TEST(FollowUpsTest, MegabytePageReturnsPromptly) {
  std::string page;
  while (page.size() < (1u << 20))
    page += "数值见表3，另见注1。\n表2 名称\n";
  EXPECT_EQ(find_follow_ups(page, true),
            (std::vector<FollowUp>{{K::kTable, "表3"}, {K::kNote, "注1"}, {K::kTable, "表2"}}));
  EXPECT_TRUE(find_follow_ups("见" + std::string(1u << 20, '5')).size() == 0u);
}

}  // namespace follow_ups_test
}  // namespace regreader::agent
