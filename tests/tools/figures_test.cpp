#include "regreader/tools/figures.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace regreader::tools {
namespace figures_test {

std::vector<std::string> texts(const std::string& s) {
  std::vector<std::string> out;
  for (const auto& f : find_figures(s, 0, s.size()))
    out.push_back(f.text);
  return out;
}

Figure fig(std::string text, double value, std::string unit, std::string family, double base,
           bool pm = false) {
  Figure f;
  f.text = std::move(text);
  f.value = value;
  f.unit = std::move(unit);
  f.family = std::move(family);
  f.base = base;
  f.plus_minus = pm;
  return f;
}

TEST(Figures, NumbersWithUnitsSignsAndDurations) {
  EXPECT_EQ(texts("10kV 设备的安全距离为 0.70 m，±800 kV 为 9.30 米"),
            (std::vector<std::string>{"10kV", "0.70 m", "±800 kV", "9.30 米"}));
  EXPECT_EQ(texts("操作票保存一年，至少 3 个月，温度 25°，24 h 内"),
            (std::vector<std::string>{"一年", "3 个月", "25°", "24 h"}));
  // Clause numbers, list numbers, plain integers and words are not figures.
  EXPECT_TRUE(texts("按 5.2.3 条执行，共 3 项。1. 一人操作，一人监护；一次设备；第一年").empty());
  // "min" is minutes, not metres; "安全" is not a current.
  const auto f = find_figures("5 min 内，10 安全距离", 0, 30);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].family, "time");
  EXPECT_DOUBLE_EQ(f[0].base, 300);
}

TEST(Figures, MaskedSpansAreSkipped) {
  const std::string s = "0.70 m（GB26860-2011 P4 表1）";
  const auto f = find_figures(s, 0, s.size(), {{s.find("（"), s.size()}});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].text, "0.70 m");
}

TEST(Figures, PageNumbersKnowTheirColumnUnitAndRow) {
  const std::string page =
      "表1 安全距离\n"
      "| 电压等级 kV | 安全距离（m） | 时间/min |\n"
      "|---|---|---|\n"
      "| 10 及以下 | 0.70 | 5 |\n"
      "| 35 | 1.00 | 700 mm |\n"
      "保存一年。";
  const auto p = scan_page(page);
  auto find = [&](double v, int row) {
    for (const auto& n : p.numbers)
      if (n.value == v && n.row == row) return n;
    PageNumber none;
    none.value = -1;
    return none;
  };
  EXPECT_EQ(find(10, 1).family, "voltage");
  EXPECT_EQ(find(0.70, 1).family, "length");
  EXPECT_EQ(find(5, 1).family, "time");
  EXPECT_DOUBLE_EQ(find(700, 2).base, 0.7) << "its own unit wins over the column's";
  EXPECT_TRUE(std::any_of(p.numbers.begin(), p.numbers.end(), [](const PageNumber& n) {
    return n.family == "year" && n.value == 1 && n.row == -1;
  })) << "保存一年";

  const Figure metres = fig("0.70 m", 0.70, "m", "length", 0.70);
  const Figure kv = fig("0.70 kV", 0.70, "kV", "voltage", 700);
  const Figure mm = fig("700 mm", 700, "mm", "length", 0.7);
  EXPECT_TRUE(same_figure(metres, find(0.70, 1)));
  EXPECT_FALSE(same_figure(kv, find(0.70, 1))) << "wrong unit";
  EXPECT_TRUE(same_figure(mm, find(0.70, 1))) << "700 mm is 0.70 m";
  const Figure pm = fig("±800", 800, "", "", 800, true);
  EXPECT_FALSE(same_figure(pm, PageNumber{800, "", 800, false, -1, false}));
  EXPECT_TRUE(same_figure(pm, PageNumber{800, "voltage", 800000, true, 3, false}));
}

}  // namespace figures_test
}  // namespace regreader::tools
