#include "regreader/index/evaluation.hpp"
#include "regreader/index/sqlite_engine.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/structure/structure_builder.hpp"

namespace regreader::index {
namespace evaluation_test {

class Evaluation : public ::testing::Test {
 protected:
  void SetUp() override {
    enable_keyword_index();
    store_ = std::make_unique<store::PageStore>(dir_.path(), true);
    ensure_keyword_index(*store_);
    auto d = parse::build_document(
        parse::parse_markdown("# 调度规程\n\n5.2.1 母线失压时应立即处理，恢复供电。\n\n5.2.2 "
                              "线路跳闸后应检查保护动作情况。\n",
                              true, {}),
        "R");
    d.info.source_file = "/x.md";
    d.info.source_sha256 = "0";
    d.info.indexed_at = "2026-11-22T00:00:00Z";
    store_->save(d);
  }
  std::string write(const std::string& content) {
    const auto p = dir_.path() / "q.jsonl";
    std::ofstream(p) << content;
    return p.string();
  }
  parse::TempDir dir_;
  std::unique_ptr<store::PageStore> store_;
};

TEST_F(Evaluation, KeywordLegFindsWordsInsideChineseRunsTheBaselineMisses) {
  const auto qs =
      read_eval_file(write("{\"query\": \"母线\", \"reg_id\": \"R\", \"expect\": \"母线失压\"}\n"
                           "{\"query\": \"保护动作\", \"expect\": \"检查保护动作情况\"}\n"
                           "{\"query\": \"变压器\", \"expect\": \"变压器着火\"}\n"));
  ASSERT_EQ(qs.size(), 3u);
  const auto ours = evaluate(embedded_engine(*store_), qs, "keyword");
  EXPECT_EQ(ours.questions, 2);
  EXPECT_EQ(ours.invalid, 1) << "evidence that is not in the store is not scored";
  EXPECT_DOUBLE_EQ(ours.hit_at[0], 1.0);
  EXPECT_DOUBLE_EQ(ours.mrr, 1.0);
  const auto base = evaluate(embedded_engine(*store_), qs, "baseline");
  EXPECT_DOUBLE_EQ(base.hit_at[3], 0.0) << "unicode61 keeps 母线失压时应立即处理 as one token";
  EXPECT_EQ(base.ranks, (std::vector<int>{0, 0, -1}));
}

TEST_F(Evaluation, AChapterIsGoldAndAnswersWithNoHitAreCounted) {
  // A question written from a chapter's title counts when a hit lies inside that chapter.
  const auto qs = read_eval_file(write(
      "{\"query\": \"母线失压\", \"reg_id\": \"R\", \"chapter\": \"5.2.1 母线失压时应立即处理…\"}\n"
      "{\"query\": \"线路跳闸\", \"reg_id\": \"R\", \"chapter\": \"5.2.1 母线失压时应立即处理…\"}\n"
      "{\"query\": \"qwzx\", \"reg_id\": \"\", \"in_reg\": \"R\", \"chapter\": \"5.2.2 "
      "线路跳闸后应检查保护动作情况…\"}\n"
      "{\"query\": \"母线\", \"reg_id\": \"R\", \"chapter\": \"9.9 没有这一章\"}\n"));
  const auto r = evaluate(embedded_engine(*store_), qs, "keyword");
  EXPECT_EQ(r.ranks, (std::vector<int>{1, 0, 0, -1}));
  EXPECT_EQ(r.invalid, 1) << "a chapter the regulation does not have is not scored";
  EXPECT_EQ(r.empty, 1) << "qwzx occurs nowhere";
  EXPECT_EQ(to_json(r, qs)["empty_at"], nlohmann::json::array({2}));
  // A gold written while the title kept a converter's emphasis marks still names the chapter.
  const auto marked =
      read_eval_file(write("{\"query\": \"母线失压\", \"reg_id\": \"R\", \"chapter\": \"**5.2.1 "
                           "母线失压时应立即处理…**\"}\n"));
  EXPECT_EQ(evaluate(embedded_engine(*store_), marked, "keyword").ranks, (std::vector<int>{1}));
}

TEST_F(Evaluation, SuggestedChaptersAreScoredAgainstTheChapterGold) {
  // 没电 is not in the text: nothing strict, and the chapters whose titles share 母线 are
  // suggested. A question found strictly gets no suggestion; one without a chapter gold is not
  // counted.
  const auto qs = read_eval_file(write(
      "{\"query\": \"母线没电了咋办\", \"reg_id\": \"R\", \"chapter\": \"5.2.1 "
      "母线失压时应立即处理…\"}\n"
      "{\"query\": \"母线失压\", \"reg_id\": \"R\", \"chapter\": \"5.2.1 母线失压时应立即处理…\"}\n"
      "{\"query\": \"母线\", \"reg_id\": \"R\", \"expect\": \"母线失压\"}\n"));
  const auto r = evaluate(embedded_engine(*store_), qs, "keyword");
  EXPECT_EQ(r.suggestion_ranks, (std::vector<int>{1, 0, -1}));
  const auto s = suggested(r);
  EXPECT_EQ(s.questions, 2);
  EXPECT_EQ(s.first, 1);
  EXPECT_EQ(s.among_five, 1);
  EXPECT_EQ(to_json(r, qs)["suggested_chapters"]["first"], 1);
  EXPECT_EQ(evaluate(embedded_engine(*store_), qs, "baseline").suggestion_ranks,
            (std::vector<int>{-1, -1, -1}));
}

TEST_F(Evaluation, MalformedFilesNameTheLine) {
  try {
    read_eval_file(write("{\"query\": \"a\", \"expect\": \"b\"}\n{not json}\n"));
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_eval_file(write("{\"query\": \"a\"}\n")), Error);
  EXPECT_THROW(evaluate(embedded_engine(*store_), {}, "semantic"), Error);
}

}  // namespace evaluation_test
}  // namespace regreader::index
