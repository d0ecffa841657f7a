// The search entry point and the stored vectors, with a deterministic test embedder (token
// hashing), so every expectation follows from the texts.

#include "regreader/index/search.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/search.hpp"
#include "regreader/index/sqlite_engine.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/index/keyword/tokenizer.hpp"
#include "regreader/index/vector/vector_store.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/structure/structure_builder.hpp"
#include "regreader/store/database.hpp"

namespace regreader::index {
namespace search_test {

// Bag of tokens hashed into `dim` buckets: texts sharing tokens are near each other.
class HashingEmbedder : public Embedder {
 public:
  HashingEmbedder(std::string id, int dim) : id_(std::move(id)), dim_(dim) {}
  std::string model_id() const override { return id_; }
  int dimension() const override { return dim_; }
  std::vector<std::vector<float>> embed(const std::vector<std::string>& texts, EmbedKind) override {
    ++calls;
    std::vector<std::vector<float>> out;
    for (const auto& t : texts) {
      std::vector<float> v(static_cast<size_t>(dim_), 0.f);
      for (const auto& tok : tokenize(t, TokenizeMode::kQuery))
        v[std::hash<std::string>{}(tok.text) % static_cast<size_t>(dim_)] += 1;
      double n = 0;
      for (float x : v)
        n += x * x;
      if (n > 0)
        for (float& x : v)
          x = static_cast<float>(x / std::sqrt(n));
      out.push_back(v);
    }
    return out;
  }
  int calls = 0;

 private:
  std::string id_;
  int dim_;
};

model::ParsedDocument doc(const std::string& reg_id, const std::string& md) {
  auto d = parse::build_document(parse::parse_markdown(md, true, {}), reg_id);
  d.info.source_file = "/x.md";
  d.info.source_sha256 = "0";
  d.info.indexed_at = "2026-11-22T00:00:00Z";
  return d;
}

const char* kDispatch =
    "# 调度规程\n\n## 5 事故处理\n\n### 5.2 母线事故\n\n"
    "5.2.1 母线失压时应立即处理，恢复供电。\n\n5.2.2 母线失压后应检查保护动作情况。\n\n"
    "## 6 操作\n\n6.1 倒闸操作应由两人进行。\n\n"
    "| 操作 | 人数 |\n|---|---|\n| 倒闸操作 | 2 |\n";
const char* kSafety =
    "# 安规\n\n## 3 安全距离\n\n3.1 母线检修时应保持安全距离。\n\n3.2 设备不停电时的安全距离。\n";

class Search : public ::testing::Test {
 protected:
  void SetUp() override {
    enable_keyword_index();
    store_ = std::make_unique<store::PageStore>(dir_.path(), true);
    ensure_keyword_index(*store_);
    store_->save(doc("DISPATCH", kDispatch));
    store_->save(doc("SAFETY", kSafety));
    update_vectors(*store_, embedder_);
    index_ = open_vector_index(*store_, embedder_);
    ASSERT_TRUE(index_);
  }
  std::vector<SearchHit> run(const std::string& q, SearchFilter f, SearchMode mode) {
    const auto v = embedder_.embed({q}, EmbedKind::kQuery)[0];
    const auto engine = embedded_engine(*store_);
    const auto leg = sqlite_vector_leg(*store_, nullptr, index_);
    return search_with_vector(engine.keyword(), *leg, q, v, f, mode);
  }
  parse::TempDir dir_;
  std::unique_ptr<store::PageStore> store_;
  HashingEmbedder embedder_{"hash-32", 32};
  std::shared_ptr<const VectorIndex> index_;
};

TEST_F(Search, ModesParseAndUnknownIsAnError) {
  EXPECT_EQ(parse_search_mode("keyword"), SearchMode::kKeyword);
  EXPECT_EQ(parse_search_mode("vector"), SearchMode::kVector);
  EXPECT_EQ(parse_search_mode("hybrid"), SearchMode::kHybrid);
  EXPECT_THROW(parse_search_mode("semantic"), Error);
  EXPECT_EQ(search_mode_name(SearchMode::kHybrid), "hybrid");
}

TEST_F(Search, VectorHitsCarryCitationsAndLeadingSnippets) {
  auto hits = run("母线失压时应立即处理", {}, SearchMode::kVector);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].block_id.rfind("DISPATCH:", 0), 0u);
  EXPECT_EQ(hits[0].section_number, "5.2.1");
  EXPECT_EQ(hits[0].source, "DISPATCH P" + std::to_string(hits[0].page_num) + " 5.2.1");
  EXPECT_NE(hits[0].snippet.find("5.2.1 母线失压时应立即处理"), std::string::npos);
  EXPECT_EQ(hits[0].snippet.find("【"), std::string::npos) << "no keyword highlight";
  EXPECT_GT(hits[0].score, hits.back().score);
}

TEST_F(Search, FiltersApplyInEveryMode) {
  for (auto mode : {SearchMode::kKeyword, SearchMode::kVector, SearchMode::kHybrid}) {
    const auto name = std::string(search_mode_name(mode));
    SearchFilter reg;
    reg.reg_ids = {"SAFETY"};
    for (const auto& h : run("母线", reg, mode))
      EXPECT_EQ(h.reg_id, "SAFETY") << name;
    EXPECT_FALSE(run("母线", reg, mode).empty()) << name;

    SearchFilter scope;
    scope.chapter_scope = "5.2";
    auto scoped = run("母线失压", scope, mode);
    EXPECT_FALSE(scoped.empty()) << name;
    for (const auto& h : scoped)
      EXPECT_EQ(h.section_number.rfind("5.2", 0), 0u) << name << " " << h.source;

    SearchFilter section;
    section.section_number = "5.2.2";
    auto exact = run("母线失压", section, mode);
    ASSERT_EQ(exact.size(), 1u) << name;
    EXPECT_EQ(exact[0].section_number, "5.2.2");

    SearchFilter tables;
    tables.block_types = {model::BlockType::kTable};
    auto t = run("倒闸操作", tables, mode);
    ASSERT_FALSE(t.empty()) << name;
    for (const auto& h : t)
      EXPECT_EQ(h.block_type, model::BlockType::kTable) << name;

    SearchFilter unknown;
    unknown.reg_ids = {"NOPE"};
    EXPECT_THROW(run("母线", unknown, mode), Error) << name;
  }
}

// A regulation with many clauses over a small vocabulary, so that any filter keeps hits ranked
// anywhere in an unfiltered search (words picked by a fixed linear congruential sequence).
std::string many_clauses() {
  const char* words[] = {"母线", "失压",   "倒闸", "操作", "安全",
                         "距离", "测风塔", "检修", "设备", "保护"};
  uint32_t x = 12345;
  auto next = [&] { return x = x * 1103515245u + 12345u, (x >> 16) % 10; };
  std::string md = "# 大规程\n\n";
  for (int c = 1; c <= 6; ++c) {
    md += "## " + std::to_string(c) + " 第" + std::to_string(c) + "章\n\n";
    for (int s = 1; s <= 3; ++s) {
      md += "### " + std::to_string(c) + "." + std::to_string(s) + " 节\n\n";
      for (int k = 1; k <= 6; ++k) {
        md += std::to_string(c) + "." + std::to_string(s) + "." + std::to_string(k) + " ";
        for (int w = 0, n = 2 + static_cast<int>(next() % 5); w < n; ++w)
          md += std::string(words[next()]) + "，";
        md += "应执行。\n\n";
      }
    }
  }
  return md;
}

TEST_F(Search, LimitKIsThePrefixOfAnUnlimitedSearchUnderEveryFilter) {
  store_->save(doc("BIG", many_clauses()));
  update_vectors(*store_, embedder_);
  index_ = open_vector_index(*store_, embedder_);
  ASSERT_TRUE(index_);
  std::vector<SearchFilter> filters(7);
  filters[1].reg_ids = {"BIG"};
  filters[2].chapter_scope = "3";
  filters[3].section_number = "4.2";
  filters[4].section_number = "4.2.3";
  filters[4].section_exact = true;
  filters[5].block_types = {model::BlockType::kText};
  filters[6].reg_ids = {"BIG", "DISPATCH"};
  filters[6].section_number = "5";
  int checked = 0;
  for (const char* q : {"母线", "测风塔", "倒闸操作", "安全距离", "保护 检修", "设备失压"}) {
    for (size_t fi = 0; fi < filters.size(); ++fi) {
      for (auto mode : {SearchMode::kKeyword, SearchMode::kVector, SearchMode::kHybrid}) {
        SearchFilter all = filters[fi];
        all.limit = mode == SearchMode::kHybrid ? 50 : 100;
        const auto full = run(q, all, mode);
        for (const auto& h : full)
          EXPECT_TRUE(matches_chapter_filters(h.chapter_path, filters[fi])) << h.source;
        for (int k : {1, 2, 3, 5, 8}) {
          SearchFilter f = filters[fi];
          f.limit = k;
          const auto some = run(q, f, mode);
          const size_t want = std::min(full.size(), static_cast<size_t>(k));
          ASSERT_EQ(some.size(), want) << q << " filter " << fi << " " << search_mode_name(mode);
          for (size_t i = 0; i < want; ++i)
            EXPECT_EQ(some[i].block_id, full[i].block_id)
                << q << " filter " << fi << " " << search_mode_name(mode) << " k=" << k;
          ++checked;
        }
      }
    }
  }
  EXPECT_EQ(checked, 6 * 7 * 3 * 5);
}

TEST_F(Search, ASectionMeansTheClauseAndItsSubClausesUnlessExact) {
  for (auto mode : {SearchMode::kKeyword, SearchMode::kVector, SearchMode::kHybrid}) {
    SearchFilter f;
    f.section_number = "5.2";
    std::set<std::string> sections;
    for (const auto& h : run("母线失压", f, mode))
      sections.insert(h.section_number);
    EXPECT_TRUE(sections.count("5.2.1") && sections.count("5.2.2")) << search_mode_name(mode);
    f.section_exact = true;
    for (const auto& h : run("母线失压", f, mode))
      EXPECT_EQ(h.section_number, "5.2") << search_mode_name(mode);
  }
}

TEST_F(Search, HybridFusesBothLegsWithoutDuplicates) {
  SearchFilter f;
  f.limit = 5;
  auto hybrid = run("母线失压", f, SearchMode::kHybrid);
  ASSERT_FALSE(hybrid.empty());
  EXPECT_LE(hybrid.size(), 5u);
  std::set<std::string> ids;
  for (const auto& h : hybrid)
    EXPECT_TRUE(ids.insert(h.block_id).second) << h.block_id;
  auto keyword = run("母线失压", f, SearchMode::kKeyword);
  auto vector = run("母线失压", f, SearchMode::kVector);
  EXPECT_TRUE(keyword[0].block_id == hybrid[0].block_id ||
              vector[0].block_id == hybrid[0].block_id);
}

TEST_F(Search, HybridKeepsTheKeywordLegsStrictHitsFirst) {
  SearchFilter f;
  f.limit = 5;
  for (const char* q : {"母线失压", "倒闸操作", "安全距离"}) {
    const auto keyword = run(q, f, SearchMode::kKeyword);
    const auto hybrid = run(q, f, SearchMode::kHybrid);
    size_t strict = 0;
    while (strict < keyword.size() && keyword[strict].match != "partial")
      ++strict;
    ASSERT_GT(strict, 0u) << q;
    ASSERT_GE(hybrid.size(), strict) << q;
    for (size_t i = 0; i < strict; ++i)
      EXPECT_EQ(hybrid[i].block_id, keyword[i].block_id) << q << " at " << i;
  }
}

TEST_F(Search, VectorsFollowDeletesAndReingests) {
  auto state = vector_state(*store_);
  ASSERT_TRUE(state);
  EXPECT_EQ(state->missing, 0);
  const int64_t all = state->vectors, generation = state->generation;
  store_->remove("SAFETY");
  state = vector_state(*store_);
  EXPECT_LT(state->vectors, all) << "the foreign key cascades";
  EXPECT_GT(state->generation, generation);
  store_->save(doc("SAFETY", kSafety));
  EXPECT_GT(vector_state(*store_)->missing, 0) << "new blocks wait for update_vectors";
  EXPECT_GT(update_vectors(*store_, embedder_), 0);
  EXPECT_EQ(vector_state(*store_)->missing, 0);
  EXPECT_EQ(vector_state(*store_)->vectors, all);
  EXPECT_EQ(update_vectors(*store_, embedder_), 0) << "nothing left to embed";
}

TEST_F(Search, AnotherModelIsAClearErrorUntilReindex) {
  HashingEmbedder other("hash-16", 16);
  try {
    open_vector_index(*store_, other);
    FAIL() << "expected a model mismatch";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInvalidArgument);
    EXPECT_NE(std::string(e.what()).find("hash-32"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("reindex --all"), std::string::npos);
  }
  EXPECT_THROW(update_vectors(*store_, other), Error);
  EXPECT_THROW(reindex_vectors(*store_, other, "SAFETY"), Error) << "one regulation: same model";
  EXPECT_GT(reindex_vectors(*store_, other, ""), 0);
  EXPECT_EQ(vector_state(*store_)->model_id, "hash-16");
  EXPECT_TRUE(open_vector_index(*store_, other));
}

TEST_F(Search, ReindexOneRegulationReembedsOnlyIt) {
  const int before = embedder_.calls;
  const int n = reindex_vectors(*store_, embedder_, "SAFETY");
  EXPECT_GT(n, 0);
  EXPECT_GT(embedder_.calls, before);
  EXPECT_EQ(vector_state(*store_)->missing, 0);
  EXPECT_THROW(reindex_vectors(*store_, embedder_, "NOPE"), Error);
}

TEST_F(Search, WithoutAnEmbeddingModelHybridIsKeywordAndVectorIsAnError) {
  ScopedSettings none(settings_with({{"embedding.model", "none"}}));
  const auto engine = embedded_engine(*store_);
  EXPECT_EQ(effective_mode(engine, SearchMode::kHybrid), SearchMode::kKeyword);
  EXPECT_EQ(default_mode(engine), SearchMode::kKeyword);
  SearchFilter f;
  auto hybrid = search(engine, "母线失压", f, SearchMode::kHybrid);
  auto keyword = keyword_search(*store_, "母线失压", f);
  ASSERT_EQ(hybrid.size(), keyword.size());
  for (size_t i = 0; i < hybrid.size(); ++i)
    EXPECT_EQ(hybrid[i].block_id, keyword[i].block_id);
  EXPECT_THROW(search(engine, "母线失压", f, SearchMode::kVector), Error);
}

TEST_F(Search, TheSavedGraphCatchesUpWithDeletesAndIngests) {
  const size_t kAlwaysGraph = 1;  // every store gets an HNSW graph, as above 20,000 vectors
  const auto dir = dir_.path() / "vectors";
  auto graph = open_vector_index(*store_, embedder_, kAlwaysGraph);
  ASSERT_TRUE(graph->uses_hnsw());
  ASSERT_TRUE(std::filesystem::exists(dir / "hnsw.bin"));
  const size_t all = graph->size();
  const auto q = embedder_.embed({"母线检修时应保持安全距离"}, EmbedKind::kQuery)[0];
  auto best = [&](const VectorIndex& vi) {
    SearchFilter f;
    f.limit = 1;
    auto hits = vector_search(*store_, vi, q, f);
    return hits.empty() ? std::string() : hits[0].reg_id;
  };
  EXPECT_EQ(best(*graph), "SAFETY");

  store_->remove("SAFETY");
  auto after_delete = open_vector_index(*store_, embedder_, kAlwaysGraph);
  EXPECT_LT(after_delete->size(), all) << "the deleted vectors left the loaded graph";
  EXPECT_EQ(after_delete->deleted_count(), all - after_delete->size());
  EXPECT_EQ(best(*after_delete), "DISPATCH");

  store_->save(doc("SAFETY", kSafety));
  update_vectors(*store_, embedder_);
  auto after_ingest = open_vector_index(*store_, embedder_, kAlwaysGraph);
  EXPECT_EQ(after_ingest->size(), all);
  EXPECT_EQ(best(*after_ingest), "SAFETY");
  std::ifstream side(dir / "hnsw.json");
  EXPECT_EQ(nlohmann::json::parse(side)["generation"], vector_state(*store_)->generation)
      << "the saved graph is up to date";
}

}  // namespace search_test
}  // namespace regreader::index
