// The keyword leg's document frequencies on PostgreSQL: token_blocks, kept by the store with every
// change, must say what counting the blocks through the GIN index says, whatever the changes
// (save, replace, rename, remove, terms filled in later). Skipped with the reason when
// PostgreSQL 15 is missing.

#include "regreader/index/keyword/pg_keyword_index.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "pg_server.hpp"
#include "regreader/parse/parse_document.hpp"
#include "regreader/store/pg/pg_store.hpp"
#include "test_support.hpp"

namespace regreader::index {
namespace pg_keyword_index_test {

using store::pg::PgStore;

// A regulation parsed from Markdown (sample_md() is a file; other texts are written to one).
model::ParsedDocument sample(const std::string& reg_id, const std::string& md) {
  static parse::TempDir dir;
  std::string path = md;
  if (md.find('\n') != std::string::npos) {
    path = (dir.path() / (reg_id + ".md")).string();
    std::ofstream(path) << md;
  }
  auto d = parse::parse_document(path, reg_id, {});
  d.info.indexed_at = "2026-11-29T00:00:00Z";
  return d;
}

// Every token's count in token_blocks against the blocks whose terms hold it.
void expect_counts_match(const PgStore& store) {
  const auto r = store.read(
      "SELECT coalesce(t.token, c.lexeme), coalesce(t.blocks, 0), coalesce(c.n, 0) FROM "
      "token_blocks t FULL JOIN (SELECT lexeme, count(*) AS n FROM blocks, unnest(terms) GROUP "
      "BY lexeme) c ON c.lexeme = t.token WHERE coalesce(t.blocks, 0) <> coalesce(c.n, 0)");
  EXPECT_EQ(r.rows(), 0) << (r.rows() ? r.text(0, 0) + ": kept " + r.text(0, 1) + ", counted " +
                                            r.text(0, 2)
                                      : "");
  const auto any = store.read("SELECT count(*) FROM token_blocks WHERE blocks > 0");
  EXPECT_GT(any.integer(0, 0), 0) << "the library holds tokens";
}

TEST(PgTokenCounts, KeptAsCountingSaysThroughEveryChange) {
  if (!testing::shared_server().ok()) GTEST_SKIP() << testing::shared_server().why();
  const std::string db = "k_token_counts";
  ASSERT_TRUE(testing::shared_server().create_database(db));
  PgStore store(testing::shared_server().conninfo(db));
  prepare_pg_keyword_index(store);
  store.save(sample("A", testing::sample_md()));
  store.save(sample(
      "B", "# 规程\n\n## 1 总则\n\n1.1 母线失压时应立即处理。\n\n1.2 倒闸操作应由两人进行。\n"));
  expect_counts_match(store);
  store.save(sample("B", "# 规程\n\n## 1 总则\n\n1.1 线路停电检修应装设接地线。\n"));
  expect_counts_match(store);
  store.rename("B", "C");
  expect_counts_match(store);
  EXPECT_TRUE(store.remove("A"));
  expect_counts_match(store);
  // A replica without the tokenizer saves blocks without terms; another fills them in.
  PgStore bare(testing::shared_server().conninfo(db));
  bare.save(sample("D", "# 另一规程\n\n1 工作票应由工作负责人填写。\n"));
  expect_counts_match(store);
  EXPECT_GT(store.fill_missing_terms(), 0);
  expect_counts_match(store);
}

}  // namespace pg_keyword_index_test
}  // namespace regreader::index
