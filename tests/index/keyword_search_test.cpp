#include "regreader/index/keyword/counted_bm25.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/keyword/rowid_scope.hpp"
#include "regreader/index/keyword/snippet.hpp"
#include "regreader/index/ranking_memo.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/structure/structure_builder.hpp"

namespace regreader::index {
namespace keyword_search_test {

model::ParsedDocument doc(const std::string& reg_id, const std::string& md) {
  auto d = parse::build_document(parse::parse_markdown(md, true, {}), reg_id);
  d.info.source_file = "/x.md";
  d.info.source_sha256 = "0";
  d.info.indexed_at = "2026-11-22T00:00:00Z";
  return d;
}

class KeywordSearch : public ::testing::Test {
 protected:
  void SetUp() override {
    enable_keyword_index();
    store_ = std::make_unique<store::PageStore>(dir_.path(), true);
    ensure_keyword_index(*store_);
    store_->save(
        doc("DISPATCH",
            "# 调度规程\n\n## 5 事故处理\n\n### 5.2 母线事故\n\n"
            "5.2.1 母线失压时应立即处理，恢复供电。\n\n5.2.3 110kV母线故障时，应隔离故障点。\n\n"
            "## 6 操作\n\n6.1 倒闸操作应由两人进行。\n"));
    store_->save(doc("SAFETY",
                     "# 安规\n\n## 3 安全距离\n\n"
                     "| 电压等级 | 安全距离 |\n|---|---|\n| ±800 | 9.30 |\n\n"
                     "3.2.3 线路的安全距离见５．２．３的规定。\n"));
  }
  std::vector<SearchHit> search(const std::string& q, SearchFilter f = {}) {
    return keyword_search(*store_, q, f);
  }
  parse::TempDir dir_;
  std::unique_ptr<store::PageStore> store_;
};

TEST_F(KeywordSearch, TwoCharacterWordsMatchInsideLongerRuns) {
  auto hits = search("母线");
  ASSERT_EQ(hits.size(), 3u) << "the heading, 5.2.1 and 5.2.3";
  bool found = false;
  for (const auto& h : hits)
    found = found || h.snippet.find("【母线】失压时应立即处理") != std::string::npos;
  EXPECT_TRUE(found);
  // Blocks with the whole phrase come first; blocks with part of it follow (the loose pass).
  auto phrase = search("母线失压");
  ASSERT_EQ(phrase.size(), 3u);
  EXPECT_NE(phrase[0].snippet.find("失压"), std::string::npos);
  EXPECT_EQ(search("隔").size(), 1u) << "one-character queries match unigrams";
}

TEST_F(KeywordSearch, AsciiRunsStayWhole) {
  ASSERT_EQ(search("110kV").size(), 1u);
  auto both = search("110kV母线");
  ASSERT_FALSE(both.empty());
  EXPECT_NE(both[0].snippet.find("【110kV"), std::string::npos) << both[0].snippet;
  EXPECT_EQ(search("１１０ｋＶ").size(), 1u);
  EXPECT_EQ(search("±800").front().reg_id, "SAFETY");
  EXPECT_EQ(search("5.2.3").size(), 2u) << "DISPATCH 5.2.3 and SAFETY's ３．２．３";
  EXPECT_EQ(search("５．２．３").size(), 2u);
}

TEST_F(KeywordSearch, QuerySyntaxTypedByUsersIsNeverAnError) {
  for (const char* q : {"\"", "*", "AND", "(", "母线 OR", "NEAR(母线", "-", "：；"})
    EXPECT_NO_THROW(search(q)) << q;
  EXPECT_TRUE(search("，。").empty());
  EXPECT_EQ(build_match_expression("母线 \"失压"), "\"母线\" AND \"失压\"");
}

TEST_F(KeywordSearch, FiltersAndCitations) {
  SearchFilter only;
  only.reg_ids = {"SAFETY"};
  for (const auto& h : search("安全距离", only))
    EXPECT_EQ(h.reg_id, "SAFETY");
  SearchFilter tables;
  tables.block_types = {model::BlockType::kTable};
  auto t = search("安全距离", tables);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].block_type, model::BlockType::kTable);
  SearchFilter scope;
  scope.chapter_scope = "5.2";
  auto s = search("母线", scope);
  ASSERT_EQ(s.size(), 3u);
  for (const auto& h : s)
    EXPECT_EQ(h.source.rfind("DISPATCH P1 5.2", 0), 0u) << h.source;
  scope.chapter_scope = "6";
  EXPECT_TRUE(search("母线", scope).empty());
  scope.chapter_scope = "事故处理";
  EXPECT_EQ(search("母线", scope).size(), 3u);
  SearchFilter unknown;
  unknown.reg_ids = {"NOPE"};
  EXPECT_THROW(search("母线", unknown), Error);
}

TEST_F(KeywordSearch, DeletingARegulationRemovesItFromTheIndex) {
  ASSERT_FALSE(search("倒闸操作").empty());
  store_->remove("DISPATCH");
  EXPECT_TRUE(search("倒闸操作").empty());
  EXPECT_TRUE(search("母线").empty());
  store_->save(doc("DISPATCH", "# 调度规程\n\n6.1 倒闸操作应由两人进行。\n"));
  EXPECT_EQ(search("倒闸操作").size(), 1u);
}

TEST_F(KeywordSearch, MergingTheIndexSegmentsChangesNoResult) {
  store_->save(doc("THIRD", "# 第三\n\n1 母线倒闸操作前应核对设备名称。\n"));
  std::vector<std::string> before;
  for (const auto& h : search("母线倒闸"))
    before.push_back(h.block_id + "|" + h.snippet);
  ASSERT_GE(before.size(), 2u);
  optimize_keyword_index(*store_);
  std::vector<std::string> after;
  for (const auto& h : search("母线倒闸"))
    after.push_back(h.block_id + "|" + h.snippet);
  EXPECT_EQ(before, after);
}

TEST_F(KeywordSearch, TokenCountsChooseAsCountingDoes) {
  // Loose-pass questions (no block holds all their pairs), searched with the token counts the
  // index keeps, then with the counts stale (the store changed since; every token is counted).
  const std::vector<std::string> questions = {"母线失压处理", "倒闸操作安全距离", "隔离故障的规定",
                                              "线路恢复供电"};
  auto results = [&] {
    std::vector<std::string> out;
    for (const auto& q : questions)
      for (const auto& h : search(q))
        out.push_back(q + "|" + h.block_id + "|" + h.match + "|" + std::to_string(h.coverage));
    return out;
  };
  optimize_keyword_index(*store_);
  {
    auto at = store_->database()->prepare("SELECT version FROM block_token_version");
    ASSERT_TRUE(at.step());
    ASSERT_EQ(at.text(0), store_->version()) << "the counts are of the store as it is";
  }
  const auto counted = results();
  ASSERT_GE(counted.size(), 4u);
  store_->save(doc("EXTRA", "# 附加\n\n1 无关的内容。\n"));
  store_->remove("EXTRA");  // the same blocks, a newer version: the counts are stale
  EXPECT_EQ(results(), counted);
  optimize_keyword_index(*store_);
  EXPECT_EQ(results(), counted);
}

TEST_F(KeywordSearch, CountedBm25IsBm25WithTheStatisticsGiven) {
  store::Database& db = *store_->database();
  const std::string match = "\"失压\" OR \"故障\" OR \"母线\"";
  auto scores = [&](const std::string& score, const Bm25Statistics* given) {
    auto s = db.prepare("SELECT rowid, " + score +
                        " FROM block_fts WHERE block_fts MATCH ?1 ORDER BY rowid");
    s.bind(1, match);
    if (given) s.bind_pointer(2, given, kBm25StatisticsPointer);
    std::vector<std::pair<int64_t, double>> out;
    while (s.step())
      out.emplace_back(s.integer(0), s.real(1));
    return out;
  };
  std::vector<int64_t> counts;
  for (const char* t : {"失压", "故障", "母线"}) {
    auto n = db.prepare("SELECT count(*) FROM block_fts WHERE block_fts MATCH ?1");
    n.bind(1, "\"" + std::string(t) + "\"");
    ASSERT_TRUE(n.step());
    counts.push_back(n.integer(0));
  }
  ASSERT_EQ(counts[0], 1) << "失压 is in one block: its IDF is above the floor";
  // A block of some 900 tokens: its length takes two bytes where the index keeps it.
  std::string long_clause = "7.1 ";
  for (int i = 0; i < 30; ++i)
    long_clause += "母线故障跳闸后，值班人员应检查保护动作情况。";
  store_->save(doc("LONG", "# 长条文\n\n## 7 母线\n\n" + long_clause + "\n"));
  counts[1] += 1;
  counts[2] += 2;  // the heading and the clause
  EXPECT_EQ(row_lengths(*store_), nullptr) << "the library changed after the index counted it";
  optimize_keyword_index(*store_);  // as every ingest ends
  const auto lengths = row_lengths(*store_);
  ASSERT_NE(lengths, nullptr);
  EXPECT_EQ(lengths, row_lengths(*store_)) << "read once per store version";
  const auto plain = scores("bm25(block_fts)", nullptr);
  ASSERT_GE(plain.size(), 3u);
  // The same doubles, not only the same order.
  const Bm25Statistics both{&counts, lengths.get()};
  EXPECT_EQ(scores("regreader_bm25(block_fts, ?2)", &both), plain);
  EXPECT_EQ(scores("regreader_bm25(block_fts, ?2)", nullptr), plain) << "nothing given: read";
  // What is given is used: a wrong count or length changes the scores ...
  auto wrong_counts = counts;
  wrong_counts[0] = 2;
  const Bm25Statistics counted{&wrong_counts, nullptr};
  EXPECT_NE(scores("regreader_bm25(block_fts, ?2)", &counted), plain);
  RowLengths longer = *lengths;
  for (auto& n : longer.tokens)
    n += 3;
  const Bm25Statistics measured{nullptr, &longer};
  EXPECT_NE(scores("regreader_bm25(block_fts, ?2)", &measured), plain);
  // ... but counts for another number of phrases are not.
  wrong_counts.pop_back();
  EXPECT_EQ(scores("regreader_bm25(block_fts, ?2)", &counted), plain);
  // Searches rank as before with the statistics kept: the loose pass and the strict ones.
  EXPECT_FALSE(search("母线失压 故障处理").empty());
}

TEST_F(KeywordSearch, AScopeOfRegulationsKeepsItsRankingAndNothingElse) {
  store_->save(doc("COPY", "# 调度规程副本\n\n5.2.1 母线失压时应立即处理，恢复供电。\n"));
  std::vector<std::string> expected;
  for (const auto& h : search("母线"))
    if (h.reg_id != "SAFETY") expected.push_back(h.block_id);
  SearchFilter two;
  two.reg_ids = {"COPY", "DISPATCH"};
  std::vector<std::string> scoped;
  for (const auto& h : search("母线", two)) {
    EXPECT_NE(h.reg_id, "SAFETY");
    scoped.push_back(h.block_id);
  }
  EXPECT_EQ(scoped, expected) << "the library's order, less the other regulations";
  two.reg_ids = {"COPY"};
  ASSERT_EQ(search("母线", two).size(), 1u);
}

TEST_F(KeywordSearch, AChapterScopeWithCharactersJsonEscapesStillFilters) {
  store_->save(doc("QUOTED", "# 引号\n\n## 2 \"术语\"和定义\n\n母线：汇集电能的导体。\n"));
  SearchFilter scope;
  scope.chapter_scope = "\"术语\"";
  auto hits = search("母线", scope);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].reg_id, "QUOTED");
  scope.chapter_scope = "术语";
  EXPECT_EQ(search("母线", scope).size(), 1u);
}

TEST_F(KeywordSearch, DeferredSnippetsAreTheSnippetsMadeLater) {
  const auto now = search("母线失压");
  SearchFilter later;
  later.defer_snippets = true;
  auto deferred = search("母线失压", later);
  ASSERT_EQ(deferred.size(), now.size());
  ASSERT_FALSE(now.empty());
  for (const auto& h : deferred) {
    EXPECT_TRUE(h.snippet.empty());
    EXPECT_TRUE(h.snippet_tokens);
  }
  make_snippets(*store_, deferred);
  for (size_t i = 0; i < now.size(); ++i) {
    EXPECT_EQ(deferred[i].snippet, now[i].snippet);
    EXPECT_FALSE(deferred[i].snippet_tokens);
  }
  EXPECT_NE(now[0].snippet.find("【"), std::string::npos);
}

TEST_F(KeywordSearch, AKeptRankingAskedDeeperGivesTheHitsOfAFreshOne) {
  store_->save(doc("MORE", "# 更多\n\n1 母线倒闸操作前应核对设备名称。\n\n2 母线检修应停电。\n"));
  auto ids = [](const std::vector<SearchHit>& hits) {
    std::vector<std::string> out;
    for (const auto& h : hits)
      out.push_back(h.block_id + "|" + h.match + "|" + std::to_string(h.score));
    return out;
  };
  SearchFilter shallow, deep;
  shallow.limit = 2;
  deep.limit = 10;
  const auto fresh_shallow = ids(search("母线操作", shallow));
  const auto fresh_deep = ids(search("母线操作", deep));
  ASSERT_GT(fresh_deep.size(), fresh_shallow.size());
  const RankingMemo memo;
  EXPECT_EQ(ids(search("母线操作", shallow)), fresh_shallow);
  EXPECT_FALSE(memo.rankings.empty()) << "the ranking is kept";
  EXPECT_EQ(ids(search("母线操作", deep)), fresh_deep);
  EXPECT_EQ(ids(search("母线操作", shallow)), fresh_shallow) << "read back, cut as asked";
}

TEST(RankingMemos, AKeptRankingCoversWhatItWasRankedFor) {
  RankingMemo::Ranking r;
  r.limit = 120;
  r.rows.resize(120);
  EXPECT_TRUE(r.covers(30));
  EXPECT_TRUE(r.covers(120));
  EXPECT_FALSE(r.covers(121));
  r.rows.resize(40);  // ran out before its limit: it holds every match
  EXPECT_TRUE(r.covers(500));
  EXPECT_FALSE(RankingMemo::Ranking{}.covers(1)) << "nothing ranked yet";
  EXPECT_EQ(RankingMemo::current(), nullptr);
  {
    const RankingMemo outer;
    {
      const RankingMemo inner;
      EXPECT_EQ(RankingMemo::current(), &inner);
    }
    EXPECT_EQ(RankingMemo::current(), &outer);
  }
  EXPECT_EQ(RankingMemo::current(), nullptr);
}

TEST(RowidScopes, ARowidIsInsideOneOfTheSpans) {
  RowidScope s;
  s.spans = {{3, 5}, {9, 9}, {20, 40}};
  for (int64_t r : {3, 4, 5, 9, 20, 33, 40})
    EXPECT_TRUE(s.contains(r)) << r;
  for (int64_t r : {0, 2, 6, 8, 10, 19, 41})
    EXPECT_FALSE(s.contains(r)) << r;
  EXPECT_FALSE(RowidScope{}.contains(1));
}

TEST(LooseTokens, RarestFirstWithinTheShareAndRowBudgets) {
  // 10,000 blocks: the 5% share is 500 blocks.
  const std::vector<TokenFrequency> q = {{"电网", 2400}, {"城市", 200}, {"网建", 10},
                                         {"建设", 450},  {"城市", 200}, {"无此", 0}};
  EXPECT_EQ(choose_loose_tokens(q, 10000), (std::vector<std::string>{"网建", "城市", "建设"}));
  // In a small store every token found in at most 50 blocks is kept, whatever its share.
  EXPECT_EQ(choose_loose_tokens({{"母线", 40}, {"失压", 3}}, 60),
            (std::vector<std::string>{"失压", "母线"}));
  // 10^5 blocks: every token is under the share, but together they pass 1,000 blocks.
  const std::vector<TokenFrequency> big = {{"a", 10},  {"b", 20},  {"c", 40},   {"d", 200},
                                           {"e", 250}, {"f", 410}, {"g", 2200}, {"h", 2400}};
  EXPECT_EQ(choose_loose_tokens(big, 100000),
            (std::vector<std::string>{"a", "b", "c", "d", "e", "f"}));
  // The rarest token is kept even when it alone passes the budget; never more than eight.
  EXPECT_EQ(choose_loose_tokens({{"x", 4000}, {"y", 4500}}, 100000),
            (std::vector<std::string>{"x"}));
  std::vector<TokenFrequency> many;
  for (int i = 0; i < 12; ++i)
    many.push_back({"t" + std::to_string(i), 1 + i});
  EXPECT_EQ(choose_loose_tokens(many, 100000).size(), 8u);
}

}  // namespace keyword_search_test
}  // namespace regreader::index

namespace regreader::index {
namespace keyword_search_test {

TEST(Synonyms, ExpandedOneWayOnly) {
  EXPECT_EQ(expand_term("110千伏变电所", builtin_synonyms()),
            (std::vector<std::string>{"110千伏变电所", "110千伏变电站", "110kV变电所"}));
  EXPECT_EQ(expand_term("变电站", builtin_synonyms()), (std::vector<std::string>{"变电站"}));
  EXPECT_EQ(build_match_expression("变电所 母线"), "(\"变电 电所\" OR \"变电 电站\") AND \"母线\"");
}

TEST_F(KeywordSearch, ASynonymInTheQueryFindsTheStandardWord) {
  const auto hits = search("110千伏母线");  // the text says 110kV母线
  ASSERT_FALSE(hits.empty());
  EXPECT_NE(hits[0].snippet.find("【110kV"), std::string::npos) << hits[0].snippet;
}

TEST(Synonyms, UserDictionaryFromTheDataDirectory) {
  parse::TempDir dir;
  std::ofstream(dir.path() / "synonyms.tsv") << "# ours\n主变\t主变压器\n";
  const auto table = load_synonyms(dir.path() / "synonyms.tsv");
  EXPECT_EQ(table.back(), (std::pair<std::string, std::string>{"主变", "主变压器"}));
  EXPECT_EQ(load_synonyms(dir.path() / "missing.tsv").size(), builtin_synonyms().size());
  std::ofstream(dir.path() / "bad.tsv") << "只有一列\n";
  EXPECT_THROW(load_synonyms(dir.path() / "bad.tsv"), Error);
}

}  // namespace keyword_search_test
}  // namespace regreader::index
