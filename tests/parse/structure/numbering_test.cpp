#include "regreader/parse/structure/numbering.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "regreader/core/text.hpp"
#include "test_support.hpp"

namespace regreader::parse {
namespace numbering_test {

// Reads a TSV case file: non-comment lines "input<TAB>expected".
std::vector<std::pair<std::string, std::string>> read_cases(const std::string& name) {
  std::ifstream in(testing::source_dir() / "tests" / "cases" / name);
  std::vector<std::pair<std::string, std::string>> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    cases.emplace_back(line.substr(0, tab), line.substr(tab + 1));
  }
  return cases;
}

std::string kind_name(SectionKind k) {
  static const std::map<SectionKind, std::string> names = {
      {SectionKind::kPart, "part"},
      {SectionKind::kChapter, "chapter"},
      {SectionKind::kSection, "section"},
      {SectionKind::kArticle, "article"},
      {SectionKind::kNumeric, "numeric"},
      {SectionKind::kAppendix, "appendix"},
      {SectionKind::kAppendixClause, "appendix_clause"}};
  return names.at(k);
}

TEST(Numbering, SectionNumberCases) {
  const auto cases = read_cases("numbering.tsv");
  ASSERT_GT(cases.size(), 30u);
  for (const auto& [input, expected] : cases) {
    auto m = match_section_number(text::fold_width(input));
    const std::string got = m ? kind_name(m->kind) + " " + m->number : "-";
    EXPECT_EQ(got, expected) << "input: " << input;
  }
}

TEST(Numbering, ListMarkerCases) {
  const auto cases = read_cases("list_markers.tsv");
  ASSERT_GT(cases.size(), 15u);
  for (const auto& [input, expected] : cases)
    EXPECT_EQ(starts_with_list_marker(input) ? "yes" : "no", expected) << "input: " << input;
}

TEST(Numbering, RestIsTheTitle) {
  auto m = match_section_number("5.2 工作票种类");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->rest, "工作票种类");
  EXPECT_EQ(m->components, (std::vector<int>{5, 2}));
  EXPECT_TRUE(is_title_like(m->rest));
  EXPECT_FALSE(is_title_like("在电气设备上工作，应有保证安全的制度措施"));
}

SectionMatch num(const char* s) {
  return *match_section_number(s);
}

TEST(Numbering, ContainmentFollowsNumberingFamilies) {
  EXPECT_TRUE(can_contain(num("5 安全"), num("5.2 工作票")));
  EXPECT_TRUE(can_contain(num("5 安全"), num("5.2.2 大于")));
  EXPECT_FALSE(can_contain(num("5.2 工作票"), num("5.3 填用")));
  EXPECT_FALSE(can_contain(num("5.2 工作票"), num("5.2 工作票")));
  EXPECT_TRUE(can_contain(num("第一章 总则"), num("第一条 为了")));
  EXPECT_TRUE(can_contain(num("第一章 总则"), num("第一节 一般")));
  EXPECT_FALSE(can_contain(num("第一条 为了"), num("第二条 本法")));
  EXPECT_TRUE(can_contain(num("附录A 格式"), num("A.1 一般")));
  EXPECT_FALSE(can_contain(num("附录A 格式"), num("B.1 一般")));
  EXPECT_FALSE(can_contain(num("附录A 格式"), num("5.1 一般")));
}

TEST(Numbering, PlausibleSuccessorsRejectStrayNumbers) {
  EXPECT_TRUE(plausible_successor(num("5.2.1 a"), num("5.2.2 b")));
  EXPECT_TRUE(plausible_successor(num("5.2.1 a"), num("5.3 b")));
  EXPECT_TRUE(plausible_successor(num("5.2.1 a"), num("6 b")));
  EXPECT_TRUE(plausible_successor(num("5.2 a"), num("5.2.1 b")));
  EXPECT_TRUE(plausible_successor(num("5.2 a"), num("5.3.1 b")));
  EXPECT_FALSE(plausible_successor(num("5.2.1 a"), num("5.2.1 b")));
  EXPECT_FALSE(plausible_successor(num("6.1.1 a"), num("6.1.5 b")));
  EXPECT_FALSE(plausible_successor(num("5.2 a"), num("3 b")));
  EXPECT_FALSE(plausible_successor(num("5.2 a"), num("5.2.8 b")));
  EXPECT_TRUE(plausible_successor(num("附录A a"), num("附录B b")));
  EXPECT_FALSE(plausible_successor(num("附录B a"), num("附录A b")));
}

TEST(Numbering, TableOfContentsLines) {
  EXPECT_TRUE(is_toc_line("1 范围 ............ 1"));
  EXPECT_TRUE(is_toc_line("附录A（规范性附录）……………… 15"));
  EXPECT_FALSE(is_toc_line("1 范围"));
  EXPECT_FALSE(is_toc_line("如此……"));
}

TEST(Numbering, GluedNumberSplitBySiblingContinuity) {
  // "5.3.450年一遇…" after 5.3.3: clause 5.3.4 and the quantity 50.
  auto glued = match_section_number("5.3.450年一遇最大风速和极大风速应按下列规定确定：");
  ASSERT_TRUE(glued);
  EXPECT_EQ(glued->number, "5.3.450");
  auto split = split_glued_number(*glued, num("5.3.3 风功率密度"));
  ASSERT_TRUE(split);
  EXPECT_EQ(split->number, "5.3.4");
  EXPECT_EQ(split->rest, "50年一遇最大风速和极大风速应按下列规定确定：");
  // Nothing to split when no head of the last part continues the numbering.
  EXPECT_FALSE(split_glued_number(*match_section_number("5.3.12 测风"), num("5.3.3 风功率")));
}

TEST(Numbering, MarkupHeadingsAllowMeasureWords) {
  EXPECT_FALSE(match_section_number("5 年景评估方法"));  // "5 年" reads as five years
  auto m = match_section_number("5 年景评估方法", /*heading=*/true);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->number, "5");
  EXPECT_EQ(m->rest, "年景评估方法");
}

TEST(Numbering, AppendixDesignationIsNotTheTitle) {
  EXPECT_EQ(strip_appendix_designation("(资料性附录) 标示牌式样"), "标示牌式样");
  EXPECT_EQ(strip_appendix_designation("（规范性附录）绝缘安全工器具试验项目"),
            "绝缘安全工器具试验项目");
  EXPECT_EQ(strip_appendix_designation("《资料性奉录)"), "");  // OCR's reading
  EXPECT_EQ(strip_appendix_designation("资料性附录 操作票格式"), "操作票格式");
  EXPECT_EQ(strip_appendix_designation("常用语句示例"), "常用语句示例");
  auto m = match_section_number("附录B (资料性附录) 电力线路第二种工作票格式");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->rest, "电力线路第二种工作票格式");
}

TEST(Numbering, HeadingsRunIntoAParagraph) {
  const std::string fused =
      "10.5 工作尚未全部终结，但需送电试验时，方可送电。11 在六氟化硫(SF6)电气设备上的工作";
  auto at = fused_heading_at(fused, std::nullopt);
  ASSERT_TRUE(at);
  const auto cps = text::to_codepoints(fused);
  EXPECT_EQ(text::from_codepoints({cps.begin() + static_cast<long>(*at), cps.end()}),
            "11 在六氟化硫(SF6)电气设备上的工作");
  auto child = fused_heading_at("14 电气试验14.1 一般要求", std::nullopt);
  ASSERT_TRUE(child);
  EXPECT_EQ(*child, 7u);
  // A sentence that cites a clause, a quantity, or a sub-clause after a full stop: no heading.
  EXPECT_FALSE(fused_heading_at("应符合5.2的规定。2 台变压器并列运行", std::nullopt));
  // A sibling clause run into the one before it is split off too.
  EXPECT_TRUE(fused_heading_at("5.2.1 工作票由签发人填写。5.2.2 工作票一式两份", std::nullopt));
  EXPECT_FALSE(fused_heading_at("5.2.1 工作票由签发人填写。5.2.1.1 工作票一式两份", std::nullopt));
  EXPECT_FALSE(fused_heading_at("其他要求见14.1节。", std::nullopt));
}

TEST(Numbering, HeadingsNumberedInWords) {
  auto m = match_enumerated_heading("二、低压开关操作顺序：");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, SectionKind::kEnumerated);
  EXPECT_EQ(m->number, "二");
  EXPECT_EQ(m->components, std::vector<int>{2});
  EXPECT_EQ(m->rest, "低压开关操作顺序：");
  EXPECT_EQ(match_enumerated_heading("十二、运行部门职责")->components, std::vector<int>{12});
  // Sentences and enumerations are items of a list; 第一条 and （一） are not this style.
  EXPECT_FALSE(match_enumerated_heading("六、具有2区或11区爆炸危险环境的建筑物。"));
  EXPECT_FALSE(match_enumerated_heading("一、电工、焊工"));
  EXPECT_FALSE(match_enumerated_heading("一、凡制造、使用或贮存炸药、火药等大量爆炸物质的建筑物"));
  EXPECT_FALSE(match_enumerated_heading("（一）职责"));
  EXPECT_FALSE(match_enumerated_heading("一、"));
  EXPECT_FALSE(match_enumerated_heading("第一条 职责"));
}

// An office document's levels as GB/T 9704 numbers them: 一、 parts, （一） groups, 1. items,
// （1） points; each holds the levels below it, never one above or its own.
TEST(Numbering, OfficeItemLevels) {
  const auto group = match_item_heading("（一）指导思想");
  ASSERT_TRUE(group);
  EXPECT_EQ(group->kind, SectionKind::kItem);
  EXPECT_EQ(group->letter, kGroupItem);
  EXPECT_EQ(group->number, "（一）");
  EXPECT_EQ(group->components, std::vector<int>{1});
  EXPECT_EQ(group->rest, "指导思想");
  EXPECT_EQ(match_item_heading("（十二）强化应急值守")->components, std::vector<int>{12});
  const auto item = match_item_heading("1.变电站巡视");
  const auto point = match_item_heading("（1）充电操作");
  const auto part = match_enumerated_heading("二、重点工作");
  ASSERT_TRUE(item && point && part);
  EXPECT_EQ(point->letter, kBracketedItem);
  EXPECT_TRUE(can_contain(*part, *group));
  EXPECT_TRUE(can_contain(*group, *item));
  EXPECT_TRUE(can_contain(*group, *point));
  EXPECT_TRUE(can_contain(*item, *point));
  EXPECT_FALSE(can_contain(*item, *group));
  EXPECT_FALSE(can_contain(*point, *group));
  EXPECT_FALSE(can_contain(*group, *group));
  // A sentence is a point of a list, not a title.
  EXPECT_FALSE(match_item_heading("（一）有人值班变电站每日巡视不少于两次。"));
  EXPECT_FALSE(match_item_heading("（〇）无"));
}

// An official document's attachment is headed 附件1 (or 附件 alone) on a line of its own; a
// line that goes on (附件：1.…, 附件1所列) mentions it.
TEST(Numbering, AttachmentHeads) {
  const auto first = match_section_number("附件1");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->kind, SectionKind::kAppendix);
  EXPECT_EQ(first->number, "附件1");
  EXPECT_EQ(match_section_number("附件 二")->number, "附件2");
  EXPECT_EQ(match_section_number("附件")->number, "附件");
  EXPECT_TRUE(plausible_successor(*first, *match_section_number("附件2")));
  EXPECT_FALSE(match_section_number("附件：1.迎峰度夏重点设备清单"));
  EXPECT_FALSE(match_section_number("附件1所列设备"));
}

TEST(Numbering, NumberedQuestions) {
  auto q =
      match_numbered_question("4、 KYN28型开关柜停电，操作顺序是什么？（其他型号请查看说明书）");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->number, "4");
  EXPECT_EQ(q->components, std::vector<int>{4});
  EXPECT_EQ(q->rest, "KYN28型开关柜停电，操作顺序是什么？") << "cut after the question";
  EXPECT_EQ(match_numbered_question("2、有那些？具体的措施又是什么？")->rest,
            "有那些？具体的措施又是什么？");
  EXPECT_FALSE(match_numbered_question("一、总则"));
  EXPECT_FALSE(match_numbered_question("1.1 范围"));
  EXPECT_TRUE(asks_question("5、送电顺序是怎样的？", ""));
  EXPECT_TRUE(asks_question("4、送电顺序", "答：先合上进线开关。"));
  EXPECT_FALSE(asks_question("1、电气操作人员应思想集中。", "2、工作前应详细检查工具。"));
}

}  // namespace numbering_test
}  // namespace regreader::parse
