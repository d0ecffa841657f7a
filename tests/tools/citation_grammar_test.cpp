#include "regreader/tools/citation_grammar.hpp"

#include <gtest/gtest.h>

#include <random>

namespace regreader::tools {
namespace citation_grammar_test {

const std::vector<RegulationName> kNames = {
    {"GB26860-2011", "GB26860-2011"},
    {"GB26860-2011-4", "GB26860-2011-4"},
    {"电力法(2018-12-29)", "电力法(2018-12-29)"},
    {"电力安全工作规程", "GB26860-2011"},
    {"安规", "GB26860-2011"},
};

TEST(CitationGrammar, ExtractsTheFormsModelsWrite) {
  const std::string answer =
      "【处置措施】\n"
      "1. 10kV 设备不停电时的安全距离为 0.70 m（GB26860 P4 表1）。\n"
      "2. 工作票见 GB 26860-2011 第12-13页 第十二条。\n"
      "3. 另见 DL/T 5352—2018 P7-8 4.2.3；以及 P9 注①。\n"
      "【来源】\nGB26860-2011 P4 表1、注1\n";
  const auto cs = extract_citations(answer);
  ASSERT_EQ(cs.size(), 5u);
  EXPECT_EQ(cs[0].regulation, "GB26860");
  EXPECT_EQ(cs[0].page_first, 4);
  EXPECT_EQ(cs[0].page_last, 4);
  EXPECT_EQ(cs[0].table(), "表1");
  EXPECT_EQ(cs[0].raw, "GB26860 P4 表1");

  EXPECT_EQ(cs[1].regulation, "GB26860-2011");
  EXPECT_EQ(cs[1].page_first, 12);
  EXPECT_EQ(cs[1].page_last, 13);
  EXPECT_EQ(cs[1].section(), "第十二条");

  EXPECT_EQ(cs[2].regulation, "DLT5352-2018");
  EXPECT_EQ(cs[2].page_first, 7);
  EXPECT_EQ(cs[2].page_last, 8);
  EXPECT_EQ(cs[2].section(), "4.2.3");

  EXPECT_EQ(cs[3].regulation, "DLT5352-2018");  // a bare page belongs to the code before it
  EXPECT_EQ(cs[3].page_first, 9);
  EXPECT_EQ(cs[3].annotation(), "注①");

  EXPECT_EQ(cs[4].regulation, "GB26860-2011");
  EXPECT_EQ(cs[4].objects, (std::vector<std::string>{"表1", "注1"}));
}

TEST(CitationGrammar, ACopySuffixIsNeverDropped) {
  // The answer: the -4 copy must be checked, not GB26860-2011.
  const auto known = extract_citations("0.35 m（GB26860-2011-4 P4 表1）", kNames);
  ASSERT_EQ(known.size(), 1u);
  EXPECT_EQ(known[0].reg_id, "GB26860-2011-4");
  // Not in the library: read whole, so it cannot resolve to GB26860-2011.
  const auto unknown = extract_citations("0.35 m（GB26860-2011-7 P4 表1）", kNames);
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_EQ(unknown[0].regulation, "GB26860-2011-7");
  EXPECT_EQ(unknown[0].reg_id, "");
}

TEST(CitationGrammar, NamesTitlesAndAliases) {
  const auto cs = extract_citations(
      "依据《电力安全工作规程》P4 表1；电力法(2018-12-29) 第3页 第十二条；安规 P7 5.3", kNames);
  ASSERT_EQ(cs.size(), 3u);
  EXPECT_EQ(cs[0].reg_id, "GB26860-2011");
  EXPECT_EQ(cs[1].reg_id, "电力法(2018-12-29)");
  EXPECT_EQ(cs[1].section(), "第十二条");
  EXPECT_EQ(cs[2].reg_id, "GB26860-2011");
  EXPECT_EQ(cs[2].section(), "5.3");
}

TEST(CitationGrammar, NeverRunsPastAClosingBracketOrIntoFigures) {
  const auto cs =
      extract_citations("[GB26860-2011 P4] 表2 另有规定；（GB26860 P5，0.70 m）", kNames);
  ASSERT_EQ(cs.size(), 2u);
  EXPECT_EQ(cs[0].raw, "GB26860-2011 P4");
  EXPECT_TRUE(cs[0].objects.empty()) << "表2 is after the bracket";
  EXPECT_TRUE(cs[1].objects.empty()) << "0.70 m is a figure, not a clause";
}

TEST(CitationGrammar, NoRegulationNoCitation) {
  EXPECT_TRUE(extract_citations("见 P4 表1，电压 10kV。").empty());
  EXPECT_TRUE(extract_citations("未找到相关规定").empty());
  const auto cs = extract_citations("按 5.2.3 条执行，共 3 项（GB26860 P123）");
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_EQ(cs[0].page_first, 123);
}

TEST(CitationGrammar, NormalisesCodes) {
  EXPECT_EQ(normalize_regulation_code("GB/T 14285—2006"), "GBT14285-2006");
  EXPECT_EQ(normalize_regulation_code("Q/GDW 1799.1-2013"), "QGDW1799.1-2013");
  EXPECT_EQ(normalize_regulation_code("ｇｂ２６８６０"), "GB26860");
}

// Generated citations: every combination of how a regulation, a page and objects are written
// and wrapped, with text around them, is read back exactly.
TEST(CitationGrammar, GeneratedCitationsReadBackExactly) {
  struct Reg {
    std::string written, regulation, reg_id;
  };
  const std::vector<Reg> regs = {
      {"GB26860-2011-4", "GB26860-2011-4", "GB26860-2011-4"},
      {"GB26860-2011", "GB26860-2011", "GB26860-2011"},
      {"GB 26860—2011", "GB26860-2011", ""},
      {"DL/T 5352-2018", "DLT5352-2018", ""},
      {"Q/GDW 1799.1-2013", "QGDW1799.1-2013", ""},
      {"电力法(2018-12-29)", "电力法(2018-12-29)", "电力法(2018-12-29)"},
      {"《电力安全工作规程》", "GB26860-2011", "GB26860-2011"},
  };
  const std::vector<std::string> objects = {"表1", "表A.2", "表5.3.6-1", "注1",      "注①",  "注一",
                                            "5.3", "4.2.3", "附录A",     "第十二条", "A.1.2"};
  const std::vector<std::string> seps = {" ", "，", "、"};
  std::mt19937 rng(20261124);
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  for (int i = 0; i < 3000; ++i) {
    const Reg& reg = regs[pick(regs.size())];
    const int first = 1 + static_cast<int>(pick(300));
    const int last = pick(3) == 0 ? first + 1 + static_cast<int>(pick(5)) : first;
    std::string page;
    switch (pick(4)) {
      case 0:
        page = "P" + std::to_string(first) + (last != first ? "-" + std::to_string(last) : "");
        break;
      case 1:
        page = "p." + std::to_string(first) + (last != first ? "-" + std::to_string(last) : "");
        break;
      case 2:
        page =
            "第" + std::to_string(first) + (last != first ? "-" + std::to_string(last) : "") + "页";
        break;
      default:
        page = "第" + std::to_string(first) + (last != first ? "至" + std::to_string(last) : "") +
               "页";
    }
    std::vector<std::string> objs;
    std::string obj_text;
    for (size_t k = pick(3); k > 0; --k) {
      objs.push_back(objects[pick(objects.size())]);
      obj_text += (obj_text.empty() ? " " : seps[pick(seps.size())]) + objs.back();
    }
    const std::string citation = reg.written + " " + page + obj_text;
    std::string text;
    switch (pick(5)) {
      case 0:
        text = "安全距离为 0.70 m（" + citation + "）。其后 表9 与 6.6.6 不属于引用。";
        break;
      case 1:
        text = "见 (" + citation + ") 后文 注9。";
        break;
      case 2:
        text = "依据 [" + citation + "] 表9";
        break;
      case 3:
        text = "【来源】\n- " + citation + "\n- 其他\n";
        break;
      default:
        text = "根据 " + citation + "；下一句 5 kV。";
    }
    const auto cs = extract_citations(text, kNames);
    ASSERT_EQ(cs.size(), 1u) << text;
    EXPECT_EQ(cs[0].regulation, reg.regulation) << text;
    EXPECT_EQ(cs[0].reg_id, reg.reg_id) << text;
    EXPECT_EQ(cs[0].page_first, first) << text;
    EXPECT_EQ(cs[0].page_last, last) << text;
    EXPECT_EQ(cs[0].objects, objs) << text;
    EXPECT_EQ(cs[0].raw, citation) << text;
  }
}

}  // namespace citation_grammar_test
}  // namespace regreader::tools
