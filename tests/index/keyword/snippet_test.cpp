// Search snippets: one window around the best match, word-level highlights, no repeated text,
// bounded length; tables show their header and the matching rows.

#include "regreader/index/keyword/snippet.hpp"

#include <gtest/gtest.h>

#include "regreader/core/text.hpp"

namespace regreader::index {
namespace snippet_test {

// The longest run of characters that occurs twice in `s` (at different places) is shorter
// than `n` characters.
bool no_repeated_run(const std::string& s, size_t n) {
  const auto cps = text::to_codepoints(s);
  for (size_t i = 0; i + n <= cps.size(); ++i)
    for (size_t j = i + 1; j + n <= cps.size(); ++j)
      if (std::equal(cps.begin() + static_cast<long>(i), cps.begin() + static_cast<long>(i + n),
                     cps.begin() + static_cast<long>(j)))
        return false;
  return true;
}

std::set<std::string> bigrams(const std::string& word) {
  const auto cps = text::to_codepoints(word);
  std::set<std::string> out;
  for (size_t i = 0; i + 1 < cps.size(); ++i)
    out.insert(text::from_codepoints({cps[i], cps[i + 1]}));
  return out;
}

TEST(Snippet, OverlappingBigramsBecomeOneHighlightAndNothingRepeats) {
  const std::string text =
      "风电场测风数据应完整，测风塔应设置在有代表性的位置，数据采集间隔不大于10分钟。";
  const auto s = make_snippet(text, bigrams("风电场测风数据"));
  EXPECT_NE(s.find("【风电场测风数据】"), std::string::npos) << s;
  EXPECT_EQ(s.find("【风电】"), std::string::npos) << s;
  EXPECT_TRUE(no_repeated_run(s, 20)) << s;
}

TEST(Snippet, TheWindowIsBoundedAndAroundTheBestMatch) {
  std::string text;
  for (int i = 0; i < 60; ++i)
    text += "第" + std::to_string(i) + "条。";
  text += "高压设备发生接地时，室内不得接近故障点4m以内。";
  for (int i = 100; i < 160; ++i)
    text += "第" + std::to_string(i) + "款。";
  const auto s = make_snippet(text, bigrams("高压设备发生接地"), 160);
  EXPECT_NE(s.find("【高压设备发生接地】"), std::string::npos) << s;
  EXPECT_LE(text::to_codepoints(s).size(), 160u + 6) << "window, two ellipses and the marks";
  EXPECT_EQ(s.rfind("…", 0), 0u) << "cut at the front";
  EXPECT_TRUE(no_repeated_run(s, 20)) << s;
}

TEST(Snippet, ATableShowsItsHeaderAndTheMatchingRowsOnly) {
  const std::string table =
      "**表1 安全距离**\n\n| 电压等级 kV | 距离 m |\n| --- | --- |\n| 10 及以下 | 0.70 |\n"
      "| 35 | 1.00 |\n| 110 | 1.50 |\n| 220 | 3.00 |\n";
  const auto s = make_snippet(table, {"220"});
  EXPECT_NE(s.find("电压等级"), std::string::npos) << s;
  EXPECT_NE(s.find("【220】"), std::string::npos) << s;
  EXPECT_EQ(s.find("0.70"), std::string::npos) << s;
  EXPECT_EQ(s.find("---"), std::string::npos) << s;
}

TEST(Snippet, NoMatchGivesTheBlocksStart) {
  EXPECT_EQ(make_snippet("5.1 倒闸操作应由两人进行。", {"xyz"}), "5.1 倒闸操作应由两人进行。");
}

}  // namespace snippet_test
}  // namespace regreader::index
