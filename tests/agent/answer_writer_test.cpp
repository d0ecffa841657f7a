// The material the answer is written from, fitted into a byte budget: pages holding a hit stay.

#include "regreader/agent/answer_writer.hpp"

#include <gtest/gtest.h>

namespace regreader::agent {
namespace answer_writer_test {

Finding page(const std::string& from, size_t bytes) {
  return {from, std::string(bytes, 'p'), true};
}
Finding extra(const std::string& from, size_t bytes) {
  return {from, std::string(bytes, 'x'), false};
}

size_t bytes(const std::vector<Finding>& f) {
  size_t n = 0;
  for (const auto& x : f)
    n += x.from.size() + x.text.size();
  return n;
}

TEST(FitFindings, WithoutABudgetEachFindingIsOnlyTrimmed) {
  std::vector<Finding> f = {page("P4", 5000), extra("表1", 50000)};
  EXPECT_TRUE(fit_findings(f, 12000, 0).empty());
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].text.size(), 5000u);
  EXPECT_LT(f[1].text.size(), 12300u);  // trimmed, with the trim's notice
}

TEST(FitFindings, MaterialWithoutAHitGoesFirstLatestFirst) {
  std::vector<Finding> f = {page("P4", 6000), extra("注1", 3000), page("P7", 6000),
                            extra("表2", 3000), extra("5.3.2", 3000)};
  const auto left = fit_findings(f, 12000, 16000);
  EXPECT_EQ(left, (std::vector<std::string>{"表2", "5.3.2"}));
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0].from, "P4");
  EXPECT_EQ(f[1].from, "注1");
  EXPECT_EQ(f[2].from, "P7");
  EXPECT_EQ(f[0].text.size(), 6000u);  // the pages are whole
  EXPECT_LE(bytes(f), 16000u);
}

TEST(FitFindings, HitPagesAreTrimmedEvenlyNeverDropped) {
  std::vector<Finding> f = {page("P1", 20000), page("P2", 20000), page("P3", 20000),
                            extra("表1", 5000)};
  const auto left = fit_findings(f, 30000, 24000);
  EXPECT_EQ(left, (std::vector<std::string>{"表1"}));
  ASSERT_EQ(f.size(), 3u);
  for (const auto& x : f)
    EXPECT_LT(x.text.size(), 20000u) << x.from;
  const auto message = answer_writer_message("问题", f, left);
  EXPECT_NE(message.find("以下未列出：表1"), std::string::npos);
  for (const char* p : {"### P1", "### P2", "### P3"})
    EXPECT_NE(message.find(p), std::string::npos) << p;
}

}  // namespace answer_writer_test
}  // namespace regreader::agent
