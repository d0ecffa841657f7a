#include "regreader/index/rank_fusion.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"

namespace regreader::index {
namespace rank_fusion_test {

std::vector<SearchHit> list(const std::vector<std::string>& ids, const std::string& tag = "") {
  std::vector<SearchHit> out;
  for (const auto& id : ids) {
    SearchHit h;
    h.block_id = id;
    h.snippet = tag + id;
    out.push_back(h);
  }
  return out;
}

std::vector<std::string> ids(const std::vector<SearchHit>& hits) {
  std::vector<std::string> out;
  for (const auto& h : hits)
    out.push_back(h.block_id);
  return out;
}

struct Case {
  const char* name;
  std::vector<std::string> keyword, vector;
  double wk, wv;
  int limit;
  std::vector<std::string> expected;
};

TEST(RankFusion, Table) {
  const std::vector<Case> cases = {
      {"both lists agree", {"a", "b"}, {"a", "b"}, 0.4, 0.6, 10, {"a", "b"}},
      {"found by both beats first of one",
       {"a", "b", "c"},
       {"x", "c"},
       0.4,
       0.6,
       3,
       {"c", "x", "a"}},
      {"vector weight wins a split", {"k"}, {"v"}, 0.4, 0.6, 10, {"v", "k"}},
      {"keyword weight wins a split", {"k"}, {"v"}, 0.6, 0.4, 10, {"k", "v"}},
      {"equal weights: tie goes to keyword", {"k"}, {"v"}, 0.5, 0.5, 10, {"k", "v"}},
      {"swapped ranks, equal weights: smaller id",
       {"b", "a"},
       {"a", "b"},
       0.5,
       0.5,
       10,
       {"a", "b"}},
      {"limit cuts", {"a", "b", "c"}, {}, 0.4, 0.6, 2, {"a", "b"}},
      {"duplicates count once, at the first rank", {"a", "a", "b"}, {}, 0.4, 0.6, 10, {"a", "b"}},
      {"empty lists", {}, {}, 0.4, 0.6, 10, {}},
      {"zero weight keeps the order of the other list",
       {"a", "b"},
       {"b", "a"},
       0,
       1,
       10,
       {"b", "a"}},
  };
  for (const auto& c : cases) {
    FusionWeights w;
    w.rrf_keyword_weight = c.wk;
    w.rrf_vector_weight = c.wv;
    EXPECT_EQ(ids(reciprocal_rank_fusion(list(c.keyword), list(c.vector), w, c.limit)), c.expected)
        << c.name;
  }
}

TEST(RankFusion, ScoresFollowTheFormulaAndKeywordFieldsWin) {
  FusionWeights w;  // k 60, 0.4 / 0.6
  auto fused = reciprocal_rank_fusion(list({"a", "b"}, "kw:"), list({"b"}, "vec:"), w, 10);
  ASSERT_EQ(fused.size(), 2u);
  EXPECT_EQ(fused[0].block_id, "b");
  EXPECT_DOUBLE_EQ(fused[0].score, 0.4 / 62 + 0.6 / 61);
  EXPECT_EQ(fused[0].snippet, "kw:b") << "the keyword hit's highlighted snippet is kept";
  EXPECT_DOUBLE_EQ(fused[1].score, 0.4 / 61);
}

TEST(RankFusion, WeightsFromTheSettings) {
  {
    ScopedSettings s(settings_with({{"search.keyword_weight", "0.7"}}));
    auto w = fusion_weights_from_env();
    EXPECT_DOUBLE_EQ(w.rrf_keyword_weight, 0.7);
    EXPECT_DOUBLE_EQ(w.rrf_vector_weight, 0.6);
    EXPECT_DOUBLE_EQ(w.rrf_k, 60);
  }
  {
    ScopedSettings s(settings_with({{"search.keyword_weight", "heavy"}}));
    EXPECT_THROW(fusion_weights_from_env(), Error);
  }
  ScopedSettings s(settings_with({{"search.keyword_weight", "-1"}}));
  EXPECT_THROW(fusion_weights_from_env(), Error);
}

TEST(RankFusion, TheBuiltInModelLeansOnTheKeywordLeg) {
  ScopedSettings defaults{Settings()};
  const auto lsa = fusion_weights_from_env("builtin-lsa-256-757bd3234690");
  EXPECT_DOUBLE_EQ(lsa.rrf_keyword_weight, 0.6);
  EXPECT_DOUBLE_EQ(lsa.rrf_vector_weight, 0.4);
  const auto bge = fusion_weights_from_env("BAAI/bge-m3");
  EXPECT_DOUBLE_EQ(bge.rrf_keyword_weight, 0.4);
  EXPECT_DOUBLE_EQ(bge.rrf_vector_weight, 0.6);
  ScopedSettings s(settings_with({{"search.vector_weight", "0.9"}}));
  EXPECT_DOUBLE_EQ(fusion_weights_from_env("builtin-lsa-256-x").rrf_vector_weight, 0.9)
      << "a setting wins";
}

}  // namespace rank_fusion_test
}  // namespace regreader::index
