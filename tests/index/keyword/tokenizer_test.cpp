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

}  // namespace tokenizer_test
}  // namespace regreader::index
