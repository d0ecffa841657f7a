#include "regreader/agent/citations.hpp"

#include <gtest/gtest.h>

#include <chrono>

#include <map>

namespace regreader::agent {
namespace {

TEST(CitationsTest, ExtractsTheFormsModelsWrite) {
  const std::string answer =
      "【处置措施】\n"
      "1. 10kV 设备不停电时的安全距离为 0.70 m（GB26860 P4 表1）。\n"
      "2. 工作票见 GB 26860-2011 第12-13页 第十二条。\n"
      "3. 另见 DL/T 5352—2018 P7-8 4.2.3；以及 P9 注①。\n"
      "【来源】\nGB26860-2011 P4 表1\n";
  const auto cs = extract_citations(answer);
  ASSERT_EQ(cs.size(), 5u);
  EXPECT_EQ(cs[0].regulation, "GB26860");
  EXPECT_EQ(cs[0].page_first, 4);
  EXPECT_EQ(cs[0].page_last, 4);
  EXPECT_EQ(cs[0].table, "表1");
  EXPECT_EQ(cs[0].raw, "GB26860 P4 表1");
  EXPECT_EQ(cs[0].figures, (std::vector<std::string>{"10kV", "0.70m"}));

  EXPECT_EQ(cs[1].regulation, "GB26860-2011");
  EXPECT_EQ(cs[1].page_first, 12);
  EXPECT_EQ(cs[1].page_last, 13);
  EXPECT_EQ(cs[1].section, "第十二条");

  EXPECT_EQ(cs[2].regulation, "DLT5352-2018");
  EXPECT_EQ(cs[2].page_first, 7);
  EXPECT_EQ(cs[2].page_last, 8);
  EXPECT_EQ(cs[2].section, "4.2.3");

  EXPECT_EQ(cs[3].regulation, "DLT5352-2018");  // a bare page belongs to the code before it
  EXPECT_EQ(cs[3].page_first, 9);
  EXPECT_EQ(cs[3].annotation, "注①");

  EXPECT_EQ(cs[4].regulation, "GB26860-2011");
  EXPECT_TRUE(cs[4].figures.empty());
}

TEST(CitationsTest, NoRegulationNoCitation) {
  EXPECT_TRUE(extract_citations("见 P4 表1，电压 10kV。").empty());
  EXPECT_TRUE(extract_citations("未找到相关规定").empty());
  // Section numbers and plain integers are not figures; a page number is not a code.
  const auto cs = extract_citations("按 5.2.3 条执行，共 3 项（GB26860 P123）");
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_EQ(cs[0].page_first, 123);
  EXPECT_TRUE(cs[0].figures.empty());
}

TEST(CitationsTest, NormalisesCodes) {
  EXPECT_EQ(normalize_regulation_code("GB/T 14285—2006"), "GBT14285-2006");
  EXPECT_EQ(normalize_regulation_code("Q/GDW 1799.1-2013"), "QGDW1799.1-2013");
  EXPECT_EQ(normalize_regulation_code("ｇｂ２６８６０"), "GB26860");
}

TEST(CitationsTest, FigureOnPage) {
  const std::string page = "表1 设备不停电时的安全距离\n10 及以下（13.8） 0.70\n110 1.50";
  EXPECT_TRUE(figure_on_page("0.70m", page));
  EXPECT_TRUE(figure_on_page("0.7米", page));
  EXPECT_TRUE(figure_on_page("10kV", page));
  EXPECT_TRUE(figure_on_page("1.5", page));
  EXPECT_FALSE(figure_on_page("0.35m", page));
  EXPECT_FALSE(figure_on_page("11kV", page));  // not inside 110
  EXPECT_FALSE(figure_on_page("3.8", page));   // not inside 13.8
}

class FakeChecker : public CitationChecker {
 public:
  std::map<int, std::string> pages = {{4, "表1 安全距离 10 0.70 注1：表中未列电压按高一档。"}};
  bool has_regulation(const std::string& r) override { return r.rfind("GB26860", 0) == 0; }
  std::optional<std::string> page_text(const std::string&, int page) override {
    auto it = pages.find(page);
    if (it == pages.end()) return std::nullopt;
    return it->second;
  }
};

TEST(CitationsTest, ChecksPagesFiguresAndRegulations) {
  FakeChecker checker;
  const auto checked = check_citations(extract_citations("安全距离 0.70 m（GB26860 P4 表1）。\n"
                                                         "安全距离 0.35 m（GB26860 P4 表1）。\n"
                                                         "另见 GB26860 P99。\n"
                                                         "以及 DL/T 999 P1。\n"),
                                       checker);
  ASSERT_EQ(checked.size(), 4u);
  EXPECT_EQ(checked[0].status, CitationStatus::kVerified);
  EXPECT_EQ(checked[1].status, CitationStatus::kFigureNotOnPage);
  EXPECT_NE(checked[1].detail.find("0.35"), std::string::npos);
  EXPECT_EQ(checked[2].status, CitationStatus::kPageMissing);
  EXPECT_EQ(checked[3].status, CitationStatus::kUnknownRegulation);
  EXPECT_FALSE(is_fabricated(checked[0].status));
  EXPECT_TRUE(is_fabricated(checked[1].status));
  EXPECT_EQ(citation_status_name(checked[2].status), "page_missing");
}

TEST(CitationsTest, FiguresBeforeTheCitation) {
  auto figures = [](const std::string& answer) {
    const auto cs = extract_citations(answer);
    return cs.size() == 1 ? cs[0].figures : std::vector<std::string>{"?"};
  };
  EXPECT_EQ(figures("距离 0.70 m、电压 10kV（GB26860 P4）"),
            (std::vector<std::string>{"0.70m", "10kV"}));
  EXPECT_EQ(figures("按 5.2.3 条取 0.7（GB26860 P4）"), (std::vector<std::string>{"0.7"}));
  EXPECT_TRUE(figures("按 1.2.3.4 款执行（GB26860 P4）").empty())
      << "a section number is no figure";
}

// A megabyte answer is read in linear time, without recursion (RE2).
TEST(CitationsTest, MegabyteAnswerReturnsPromptly) {
  const auto t0 = std::chrono::steady_clock::now();
  std::string answer;
  while (answer.size() < (1u << 20))
    answer += "安全距离 0.70 m，";
  const auto cs = extract_citations(answer + "（GB26860 P4 表1）");
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_EQ(cs[0].regulation, "GB26860");
  EXPECT_EQ(cs[0].table, "表1");
  EXPECT_EQ(cs[0].figures.size(), answer.size() / std::string("安全距离 0.70 m，").size());
  const std::string digits(1u << 20, '7');
  const auto long_numbers = extract_citations("GB" + digits + " P" + digits);
  ASSERT_EQ(long_numbers.size(), 1u);
  EXPECT_EQ(long_numbers[0].regulation, "GB777777");
  EXPECT_EQ(long_numbers[0].page_first, 7777);
  EXPECT_TRUE(figure_on_page("0.7", std::string(1u << 20, '1') + " 0.70"));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
}

}  // namespace
}  // namespace regreader::agent
