#include "regreader/agent/store_citation_checker.hpp"

#include <gtest/gtest.h>

#include "regreader/parse/office_renderer.hpp"
#include "regreader/store/ingestor.hpp"

namespace regreader::agent {
namespace {

// The sample regulation stored as GB26860-2011: citations are checked against its real pages.
class StoreCitationCheckerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store::IngestOptions o;
    o.reg_id = "GB26860-2011";
    store::ingest_file(
        store_, std::filesystem::path(REGREADER_SOURCE_DIR) / "examples" / "sample-regulation.md",
        o);
    for (int p = 1; p <= store_.require("GB26860-2011").total_pages; ++p)
      if (store_.page("GB26860-2011", p).content_markdown.find("表1 设备不停电时的安全距离") !=
          std::string::npos)
        table_page_ = p;
    ASSERT_GT(table_page_, 0);
  }

  parse::TempDir dir_;
  store::PageStore store_{dir_.path(), true};
  int table_page_ = 0;
};

TEST_F(StoreCitationCheckerTest, ResolvesCodesWithOrWithoutYear) {
  StoreCitationChecker checker(store_);
  EXPECT_EQ(checker.resolve("GB26860"), "GB26860-2011");
  EXPECT_EQ(checker.resolve("GB 26860-2011"), "GB26860-2011");
  EXPECT_EQ(checker.resolve("DLT5352"), std::nullopt);
  EXPECT_TRUE(checker.page_text("GB26860", table_page_).has_value());
  EXPECT_FALSE(checker.page_text("GB26860", 999).has_value());
}

TEST_F(StoreCitationCheckerTest, FlagsFiguresNotOnTheCitedPage) {
  StoreCitationChecker checker(store_);
  const std::string p = "P" + std::to_string(table_page_);
  const auto checked =
      check_citations(extract_citations("10kV 设备不停电时的安全距离为 0.70 m（GB26860 " + p +
                                        " 表1）。\n"
                                        "作业人员的安全距离为 0.45 m（GB26860 " +
                                        p +
                                        " 表1）。\n"
                                        "见 GB26860-2011 P999。\n"),
                      checker);
  ASSERT_EQ(checked.size(), 3u);
  EXPECT_EQ(checked[0].status, CitationStatus::kVerified) << checked[0].detail;
  EXPECT_EQ(checked[1].status, CitationStatus::kFigureNotOnPage);
  EXPECT_EQ(checked[2].status, CitationStatus::kPageMissing);
}

}  // namespace
}  // namespace regreader::agent
