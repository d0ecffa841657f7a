#include "regreader/parse/structure/references.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace references_test {

using model::RefKind;

std::vector<std::string> targets(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& r : find_references(text))
    out.push_back(std::string(model::ref_kind_name(r.kind)) + ":" + r.target);
  return out;
}

TEST(References, EveryFormIsFound) {
  EXPECT_EQ(targets("见第六章"), (std::vector<std::string>{"chapter:第六章"}));
  EXPECT_EQ(targets("按本规程第5章执行"), (std::vector<std::string>{"chapter:第5章"}));
  EXPECT_EQ(targets("数值见表6-2。"), (std::vector<std::string>{"table:表6-2"}));
  EXPECT_EQ(targets("不得小于表 B.1 的规定"), (std::vector<std::string>{"table:表B.1"}));
  EXPECT_EQ(targets("参见5.2.3"), (std::vector<std::string>{"section:5.2.3"}));
  EXPECT_EQ(targets("应按 ６．１．５ 执行"), (std::vector<std::string>{"section:6.1.5"}));
  EXPECT_EQ(targets("按附录A填写"), (std::vector<std::string>{"appendix:附录A"}));
  EXPECT_EQ(targets("（见注1）"), (std::vector<std::string>{"note:注1"}));
  EXPECT_EQ(targets("见注①"), (std::vector<std::string>{"note:注1"}));
  EXPECT_EQ(targets("依照第十二条处理"), (std::vector<std::string>{"article:第十二条"}));
  EXPECT_EQ(targets("本规程第三十条"), (std::vector<std::string>{"article:第三十条"}));
  EXPECT_EQ(targets("各类工作应符合表1至表3的规定（见注1），按附录A执行，参见2.2。"),
            (std::vector<std::string>{"table:表1", "table:表3", "note:注1", "appendix:附录A",
                                      "section:2.2"}));
}

TEST(References, WordsThatOnlyLookLikeReferences) {
  EXPECT_TRUE(targets("每班代表1名").empty());
  EXPECT_TRUE(targets("电压为 0.5 kV").empty());
  EXPECT_TRUE(targets("共计 5.2 万元").empty()) << "a number without 见/按/参见 is not a clause";
  EXPECT_TRUE(targets("附录ABC").empty());
}

TEST(References, QueriesTypedByPeopleOrModels) {
  EXPECT_EQ(parse_reference_query("见表１")->target, "表1");
  EXPECT_EQ(parse_reference_query("5.2.3")->kind, RefKind::kSection);
  EXPECT_EQ(parse_reference_query("注 1")->target, "注1");
  EXPECT_EQ(parse_reference_query("附录 B")->target, "附录B");
  EXPECT_FALSE(parse_reference_query("你好").has_value());
  EXPECT_EQ(table_label("表 1 设备不停电时的安全距离"), "表1");
  EXPECT_EQ(table_label("续表B.0.3"), "表B.0.3");
  // Spaced out for justification in a Word file: spaces around separators, not between digits.
  EXPECT_EQ(table_label("表 5 . 3 . 6 - 2 8 0m~120m 高度风功率密度等级划分标准"), "表5.3.6-2");
  EXPECT_EQ(table_label("表 A . 2 . 1 测风塔基本信息表"), "表A.2.1");
  EXPECT_EQ(table_label("表2 10kV线路"), "表2");
}

TEST(References, ResolvedAgainstChaptersTablesAndNotes) {
  model::DocumentStructure s("R", {{"R:n1", "5", "安全组织措施", 1, 4, 9, "", {"R:n2"}, {}},
                                   {"R:n2", "5.2", "工作票种类", 2, 4, 5, "R:n1", {}, {}},
                                   {"R:n3", "附录A", "工作票格式", 1, 22, 23, "", {}, {}}});
  model::TableEntry t;
  t.table_id = "表1";
  t.caption = "表1 设备不停电时的安全距离";
  t.page_start = 4;
  std::vector<model::TableEntry> tables{t};
  std::vector<model::Annotation> notes{{"注1", "第4页的注1", {}, 4}, {"注1", "第9页的注1", {}, 9}};
  const ReferenceTargets targets{s, tables, notes};
  auto r = [&](const char* q, int page) {
    return resolve_reference(*parse_reference_query(q), page, targets);
  };
  EXPECT_EQ(r("见表1", 3).target_id, "表1");
  EXPECT_EQ(r("参见5.2", 3).target_id, "R:n2");
  EXPECT_EQ(r("按附录A", 3).target_page, 22);
  EXPECT_EQ(r("第5章", 3).target_id, "R:n1") << "第5章 names chapter 5";
  EXPECT_EQ(r("第五章", 3).target_id, "R:n1");
  // Issue 41: a malformed numeral is not a reference (it resolved to its last digit).
  EXPECT_FALSE(r("第一二五章", 3).resolved);
  EXPECT_FALSE(r("第五五章", 3).resolved);
  EXPECT_EQ(r("见注1", 9).target_page, 9);
  EXPECT_EQ(r("见注1", 7).target_page, 9) << "the next note after the reference";
  EXPECT_EQ(r("见注1", 12).target_page, 9);
  EXPECT_FALSE(r("见表6-2", 3).resolved);
  EXPECT_FALSE(r("第十二条", 3).resolved);
}

// Patterns RE2 has no lookahead for: the character after the match is checked as before.
TEST(References, WhatFollowsAMatchStillCounts) {
  EXPECT_EQ(targets("按附录A。"), (std::vector<std::string>{"appendix:附录A"}));
  EXPECT_TRUE(targets("附录AB").empty());
  EXPECT_EQ(targets("参见5.2.3，"), (std::vector<std::string>{"section:5.2.3"}));
  EXPECT_TRUE(targets("参见5.2.3.4.5.6.7").empty()) << "more parts than a clause number has";
  EXPECT_TRUE(targets("按5.2.").empty());
  EXPECT_EQ(targets("参见5.2 和按附录B"),
            (std::vector<std::string>{"section:5.2", "appendix:附录B"}));
}

// The matcher (RE2) is linear and does not recurse: megabyte input that overflowed the stack of
// the backtracking matcher used before (a 100 KB "第…章" sent to resolve_reference killed the
// server) is read and answered. How long it takes is the benchmarks' business, not a test's.
TEST(References, MegabyteInputIsAnswered) {
  std::string chapter = "第";
  for (int i = 0; i < 300000; ++i)
    chapter += "一";
  chapter += "章";
  const auto ref = parse_reference_query(chapter);
  ASSERT_TRUE(ref.has_value());
  EXPECT_EQ(ref->kind, RefKind::kChapter);
  EXPECT_EQ(ref->target, chapter);
  model::DocumentStructure s("R", {{"R:n1", "5", "安全组织措施", 1, 4, 9, "", {}, {}}});
  const std::vector<model::TableEntry> tables;
  const std::vector<model::Annotation> notes;
  EXPECT_FALSE(resolve_reference(*ref, 1, {s, tables, notes}).resolved);

  std::string dotted = "参见1";
  while (dotted.size() < (1u << 20))
    dotted += ".1";
  EXPECT_TRUE(targets(dotted).empty());
  EXPECT_FALSE(parse_reference_query(dotted).has_value());
  std::string many;
  while (many.size() < (1u << 20))
    many += "见表1，参见5.2.3；";
  EXPECT_EQ(find_references(many).size(),
            many.size() / std::string("见表1，参见5.2.3；").size() * 2);
  EXPECT_EQ(table_label("表" + std::string(1u << 20, '1')), "表" + std::string(1u << 20, '1'));
}

TEST(References, ContinuationCaptions) {
  for (const char* c :
       {"续表3 安全距离", "表3（续）", "表 E.1 (续)", "表下 1( 续)", "表Ｂ.１（ 续 ）"})
    EXPECT_TRUE(continuation_caption(c)) << c;
  for (const char* c : {"表3 安全距离", "表3 继续工作的条件", "续签合同登记表", ""})
    EXPECT_FALSE(continuation_caption(c)) << c;
}

}  // namespace references_test
}  // namespace regreader::parse
