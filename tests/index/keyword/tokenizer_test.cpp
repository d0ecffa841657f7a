#include "regreader/index/keyword/tokenizer.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "test_support.hpp"

namespace regreader::index {
namespace tokenizer_test {

std::string render(const std::vector<Token>& tokens) {
  std::string out;
  for (const auto& t : tokens) {
    if (!out.empty()) out += " ";
    out += (t.colocated ? "+" : "") + t.text + "@" + std::to_string(t.start) + "-" +
           std::to_string(t.end);
  }
  return out;
}

TEST(Tokenizer, GoldenCases) {
  std::ifstream in(testing::source_dir() / "tests" / "cases" / "tokenizer.tsv");
  std::string line;
  int cases = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    std::string mode, text, expected;
    std::getline(ss, mode, '\t');
    std::getline(ss, text, '\t');
    std::getline(ss, expected);
    const auto m = mode == "doc" ? TokenizeMode::kDocument : TokenizeMode::kQuery;
    EXPECT_EQ(render(tokenize(text, m)), expected) << mode << " " << text;
    ++cases;
  }
  EXPECT_GE(cases, 14);
}

TEST(Tokenizer, OffsetsPointAtTheOriginalBytes) {
  const std::string s = "在１１０ｋＶ母线上";
  for (const auto& t : tokenize(s, TokenizeMode::kDocument)) {
    ASSERT_LE(t.end, static_cast<int>(s.size()));
    EXPECT_LT(t.start, t.end);
  }
  const auto q = tokenize(s, TokenizeMode::kQuery);
  ASSERT_EQ(q.size(), 4u);
  EXPECT_EQ(q[1].text, "110kv");
  EXPECT_EQ(s.substr(static_cast<size_t>(q[1].start), static_cast<size_t>(q[1].end - q[1].start)),
            "１１０ｋＶ");
}

// for_each_token reuses its buffers: a text tokenized from inside a callback, or after a text
// too long for them to be kept, reads as it does alone.
TEST(Tokenizer, VisitingInsideAVisitAndAfterAHugeTextGivesTheSameTokens) {
  const std::string outer = "母线失压时 110kV 应立即处理";
  const std::string inner = "装设接地线 5.2.3 ±800";
  std::string seen_inner;
  std::string seen_outer;
  for_each_token(outer, TokenizeMode::kDocument, [&](const TokenView& t) {
    seen_outer += std::string(t.text) + "@" + std::to_string(t.start) + " ";
    if (seen_inner.empty())
      for_each_token(inner, TokenizeMode::kQuery,
                     [&](const TokenView& u) { seen_inner += std::string(u.text) + " "; });
  });
  std::string alone_outer;
  for (const auto& t : tokenize(outer, TokenizeMode::kDocument))
    alone_outer += t.text + "@" + std::to_string(t.start) + " ";
  std::string alone_inner;
  for (const auto& t : tokenize(inner, TokenizeMode::kQuery))
    alone_inner += t.text + " ";
  EXPECT_EQ(seen_outer, alone_outer);
  EXPECT_EQ(seen_inner, alone_inner);

  std::string huge;
  for (int i = 0; i < 30000; ++i)
    huge += "母线";
  EXPECT_EQ(tokenize(huge, TokenizeMode::kQuery).size(), 59999u);
  EXPECT_EQ(render(tokenize("母线失压", TokenizeMode::kQuery)), "母线@0-6 线失@3-9 失压@6-12");
}

}  // namespace tokenizer_test
}  // namespace regreader::index
