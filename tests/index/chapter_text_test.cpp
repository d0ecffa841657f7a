// Chapters ranked by all of their text: a question whose words are spread over a chapter's title
// and clauses finds that chapter, and its block holding the most of the question.

#include "regreader/index/chapter_text.hpp"

#include <gtest/gtest.h>

#include "index/markdown_docs.hpp"
#include "regreader/index/chapter_index.hpp"
#include "regreader/index/guided_search.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/sqlite_engine.hpp"
#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::index {
namespace chapter_text_test {

using fixtures::markdown_doc;

// Chapter 2's first clause holds the most of the question in one clause; chapter 3 holds more of
// it, over its title and three clauses, none of which holds much alone.
const char* kLineRules =
    "# 线路检修规则\n\n## 2 记录\n\n接地线编号及装设顺序应记入检修记录。\n\n"
    "记录保存一年。\n\n## 3 接地线\n\n先接接地端，后接导体端。\n\n"
    "拆的时候顺序相反。\n\n线夹应牢固，不得缠绕。\n\n## 4 工作票\n\n"
    "工作票由工作负责人填写。\n";
const char* kOtherRules = "# 变电站运行规程\n\n## 5 巡视\n\n5.1 巡视时不得接触设备外壳。\n";

class ChapterText : public ::testing::Test {
 protected:
  void SetUp() override {
    enable_keyword_index();
    store_ = std::make_unique<store::PageStore>(dir_.path(), true);
    ensure_keyword_index(*store_);
    store_->save(markdown_doc("GB70000", kLineRules));
    store_->save(markdown_doc("GB70001", kOtherRules));
  }
  parse::TempDir dir_;
  std::unique_ptr<store::PageStore> store_;
};

const std::string kQuestion = "挂接地线先接哪头 拆的时候按啥顺序";

TEST_F(ChapterText, TheChapterWhoseTitleAndClausesHoldTheQuestionComesFirst) {
  const auto found = chapters_by_text(*store_, kQuestion, {}, 2);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].reg_id, "GB70000");
  EXPECT_EQ(found[0].chapter_path, (std::vector<std::string>{"3 接地线"}));
  EXPECT_GT(found[0].score, found[1].score);
  // Its block holding the most of the question, as a partial hit with its share of the pairs.
  const SearchHit& best = found[0].best_block;
  EXPECT_EQ(best.chapter_path, found[0].chapter_path);
  EXPECT_EQ(best.match, "partial");
  EXPECT_GT(best.coverage, 0);
  EXPECT_LT(best.coverage, 1);
  ASSERT_TRUE(best.snippet_tokens);
  EXPECT_TRUE(best.snippet_tokens->count("顺序")) << best.block_id;
  EXPECT_FALSE(best.source.empty());
}

TEST_F(ChapterText, TheFilterScopesTheChapters) {
  SearchFilter other;
  other.reg_ids = {"GB70001"};
  for (const auto& c : chapters_by_text(*store_, kQuestion, other, 5))
    EXPECT_EQ(c.reg_id, "GB70001");
  SearchFilter tables;
  tables.block_types = {model::BlockType::kTable};  // no chapter has a table
  EXPECT_TRUE(chapters_by_text(*store_, kQuestion, tables, 5).empty());
  EXPECT_TRUE(chapters_by_text(*store_, "雷雨天气", {}, 5).empty());
}

TEST_F(ChapterText, ALibraryChangedIsReadAgain) {
  ASSERT_FALSE(chapters_by_text(*store_, kQuestion, {}, 1).empty());
  // Kept for the next process, naming the version it was made from.
  EXPECT_TRUE(read_chapter_index(store_->cache_dir() / "chapters.index", store_->version()));
  store_->remove("GB70000");
  for (const auto& c : chapters_by_text(*store_, kQuestion, {}, 5))
    EXPECT_NE(c.reg_id, "GB70000");
}

TEST_F(ChapterText, AQuestionThatFellBackFindsTheChapterAfterItsFirstHit) {
  // Three clauses each hold 接地线 and 顺序, more of the question than any clause of chapter 3,
  // whose title holds none of it: by their words alone they are the first three hits. Chapter 3,
  // over its three clauses, holds the most of the question and comes right after the first hit.
  store_->save(markdown_doc("GB70002",
                            "# 接地线管理规则\n\n## 2 记录\n\n接地线编号及装设顺序应记入记录。\n\n"
                            "## 3 装拆要求\n\n先接接地端，后接导体端。\n\n拆除时顺序相反。\n\n"
                            "线夹应牢固。\n\n## 5 编号\n\n接地线按顺序编号。\n\n"
                            "## 6 存放\n\n接地线按顺序存放。\n"));
  SearchFilter f;
  f.limit = 3;
  f.reg_ids = {"GB70002"};
  const auto r =
      guided_search(index::embedded_engine(*store_), kQuestion, f, SearchMode::kKeyword, {});
  ASSERT_EQ(r.hits.size(), 3u);
  EXPECT_FALSE(r.fallback.empty());
  EXPECT_NE(r.hits[0].chapter_path.front(), "3 装拆要求") << r.hits[0].source;
  EXPECT_EQ(r.hits[1].chapter_path.front(), "3 装拆要求") << r.hits[1].source;
}

SearchHit hit_in(const std::string& block, const std::string& chapter) {
  SearchHit h;
  h.reg_id = "R";
  h.block_id = block;
  h.chapter_path = {chapter};
  return h;
}

ChapterByText chapter_by_text(const std::string& chapter, const std::string& best) {
  return {"R", {chapter}, 1.0, hit_in(best, chapter)};
}

std::vector<std::string> blocks_of(const std::vector<SearchHit>& hits) {
  std::vector<std::string> out;
  for (const auto& h : hits)
    out.push_back(h.block_id);
  return out;
}

// The first two chapters by text come right after the first hit, the third at the fifth place:
// it displaces one hit of the five a reader looks at, not three.
TEST(PlaceTextChapters, SureChaptersFollowTheFirstHitALaterOneTakesTheFifthPlace) {
  std::vector<SearchHit> hits;
  for (const char* b : {"a", "b", "c", "d", "e", "f", "g"})
    hits.push_back(hit_in(b, std::string("ch-") + b));
  const auto placed = place_text_chapters(
      hits, {chapter_by_text("ch-f", "f"), chapter_by_text("x", "x1"), chapter_by_text("y", "y1")},
      2, 4);
  EXPECT_EQ(blocks_of(placed),
            (std::vector<std::string>{"a", "f", "x1", "b", "y1", "c", "d", "e", "g"}));
}

// A later chapter whose hit is among the first five already stays where it is; a chapter of the
// first hit's is passed over.
TEST(PlaceTextChapters, ALaterChapterAlreadyInTheFirstFiveStays) {
  std::vector<SearchHit> hits;
  for (const char* b : {"a", "b", "c", "d", "e", "f"})
    hits.push_back(hit_in(b, std::string("ch-") + b));
  const auto placed = place_text_chapters(
      hits,
      {chapter_by_text("ch-a", "a2"), chapter_by_text("ch-e", "e"), chapter_by_text("ch-c", "c")},
      2, 4);
  EXPECT_EQ(blocks_of(placed), (std::vector<std::string>{"a", "e", "b", "c", "d", "f"}));
}

}  // namespace chapter_text_test
}  // namespace regreader::index
