// The keyword copy a PostgreSQL replica keeps: it answers as the embedded store holding the same
// regulations answers, and follows every change another replica makes (save, replace, rename,
// remove) before its next answer. Skipped with the reason when PostgreSQL 15 is missing.

#include "regreader/index/keyword/pg_keyword_copy.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <optional>
#include <set>
#include <thread>

#include "pg_server.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/keyword/pg_keyword_index.hpp"
#include "regreader/index/pg_engine.hpp"
#include "regreader/parse/parse_document.hpp"
#include "regreader/store/pg/pg_store.hpp"
#include "test_support.hpp"

namespace regreader::index {
namespace pg_keyword_copy_test {

using store::pg::PgStore;

model::ParsedDocument doc(const std::string& reg_id, const std::string& md,
                          const std::string& at = "2026-11-29T00:00:00Z") {
  static parse::TempDir dir;
  const auto path = dir.path() / (reg_id + ".md");
  std::ofstream(path) << md;
  auto d = parse::parse_document(path, reg_id, {});
  d.info.indexed_at = at;
  return d;
}

const char* kFirst =
    "# 规程甲\n\n## 1 总则\n\n1.1 倒闸操作应由两人进行，一人操作，一人监护。\n\n"
    "1.2 母线失压时应立即报告值班调度员。\n";
const char* kSecond = "# 规程甲\n\n## 1 总则\n\n1.1 线路停电检修应装设接地线。\n";

std::vector<std::string> ids(const std::vector<SearchHit>& hits) {
  std::vector<std::string> out;
  for (const auto& h : hits)
    out.push_back(h.reg_id + "/" + h.block_id + "/" + h.match);
  return out;
}

class PgKeywordCopyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing::shared_server().ok()) GTEST_SKIP() << testing::shared_server().why();
    const std::string db =
        "k_copy_" +
        std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()).substr(0, 20);
    ASSERT_TRUE(testing::shared_server().create_database(db));
    writer_ = std::make_unique<PgStore>(testing::shared_server().conninfo(db));
    prepare_pg_keyword_index(*writer_);
    reader_ = std::make_unique<PgStore>(testing::shared_server().conninfo(db));
    reader_->set_local_dir(local_.path());
  }
  parse::TempDir local_;
  std::unique_ptr<PgStore> writer_, reader_;  ///< two replicas of one database
};

TEST_F(PgKeywordCopyTest, AnswersAsTheEmbeddedStoreAndFollowsAnotherReplica) {
  PgKeywordCopy copy(*reader_);
  SearchFilter f;
  f.limit = 10;
  writer_->save(doc("A", kFirst));
  const auto first = copy.search("倒闸操作", f);
  ASSERT_TRUE(first);
  parse::TempDir embedded_dir;
  store::PageStore embedded(embedded_dir.path(), true);
  ensure_keyword_index(embedded);
  embedded.save(doc("A", kFirst));
  EXPECT_EQ(ids(*first), ids(keyword_search(embedded, "倒闸操作", f)));
  ASSERT_FALSE(first->empty());
  EXPECT_TRUE(std::filesystem::exists(copy.directory() / "regreader.db"));
  EXPECT_EQ(copy.directory().parent_path(), local_.path() / "keyword");

  writer_->save(doc("A", kSecond, "2026-11-29T01:00:00Z"));  // replaced
  EXPECT_TRUE(copy.search("倒闸操作", f)->empty()) << "the replaced text is gone";
  EXPECT_FALSE(copy.search("接地线", f)->empty());
  writer_->rename("A", "B");
  const auto renamed = copy.search("接地线", f);
  ASSERT_FALSE(renamed->empty());
  EXPECT_EQ(renamed->front().reg_id, "B");
  writer_->remove("B");
  EXPECT_TRUE(copy.search("接地线", f)->empty());
}

TEST_F(PgKeywordCopyTest, ARestartedReplicaTakesOnlyWhatChangedWhileItWasAway) {
  writer_->save(doc("A", kFirst));
  writer_->save(doc("B", kSecond));
  int changed = -1;
  {
    PgKeywordCopy copy(*reader_);
    ASSERT_TRUE(copy.catch_up(&changed));
    EXPECT_EQ(changed, 2);
    ASSERT_TRUE(copy.catch_up(&changed));
    EXPECT_EQ(changed, 0) << "the version did not move";
  }
  writer_->remove("B");
  PgKeywordCopy again(*reader_);
  ASSERT_TRUE(again.catch_up(&changed));
  EXPECT_EQ(changed, 1) << "B dropped; A kept";
}

TEST_F(PgKeywordCopyTest, ManyToTakeAreTakenInTheBackgroundWhileTheDatabaseAnswers) {
  const int n = PgKeywordCopy::kForegroundChanges + 4;
  for (int i = 0; i < n; ++i)
    writer_->save(doc("R" + std::to_string(i), kFirst));
  PgKeywordCopy copy(*reader_);
  SearchFilter f;
  int changed = 0;
  EXPECT_FALSE(copy.catch_up(&changed)) << "not ready: queries go to the database";
  EXPECT_EQ(changed, n);
  bool ready = false;
  for (int i = 0; i < 600 && !ready; ++i) {
    ready = copy.catch_up(&changed);
    if (!ready) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_TRUE(ready) << "taken within 30 s";
  EXPECT_EQ(changed, 0);
  const auto hits = copy.search("倒闸操作", f);
  ASSERT_TRUE(hits);
  std::set<std::string> regs;
  for (const auto& h : *hits)
    regs.insert(h.reg_id);
  EXPECT_EQ(regs.size(), std::min<size_t>(static_cast<size_t>(n), 10)) << "every copy is there";
}

TEST_F(PgKeywordCopyTest, APinHoldsOneVersionForItsThread) {
  writer_->save(doc("A", kFirst));
  PgKeywordCopy copy(*reader_);
  SearchFilter f;
  auto pinned = copy.pin();
  ASSERT_TRUE(pinned);
  EXPECT_TRUE(pinned->store().find("A"));
  writer_->save(doc("B", kSecond));  // the database moves on
  EXPECT_TRUE(copy.search("接地线", f)->empty()) << "this thread reads the pinned version";
  EXPECT_FALSE(copy.catch_up()) << "no catch-up under its own pin";
  auto nested = copy.pin();
  ASSERT_TRUE(nested);
  EXPECT_FALSE(nested->store().find("B"));
  // Another thread waits for the pins to end before it catches up, then sees B.
  std::optional<std::vector<SearchHit>> other;
  std::atomic<bool> done{false};
  std::thread t([&] {
    other = copy.search("接地线", f);
    done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(done) << "waiting for the pins";
  nested.reset();
  pinned.reset();
  t.join();
  ASSERT_TRUE(other);
  EXPECT_FALSE(other->empty()) << "after the pins, the copy took B";
}

TEST_F(PgKeywordCopyTest, AReplicasSearchesReadTheCopyAndTheDatabaseWithoutOne) {
  writer_->save(doc("A", kFirst));
  const Engine engine = postgres_engine(*reader_);
  {
    const ReadView view = engine.read_view();
    EXPECT_NE(view.store().location(), reader_->location()) << "the copy";
    EXPECT_TRUE(view.store().find("A"));
  }
  PgStore bare(writer_->conninfo());
  const Engine plain = postgres_engine(bare);
  EXPECT_EQ(plain.read_view().store().location(), bare.location()) << "no local directory";
}

TEST_F(PgKeywordCopyTest, WithoutAWritableDirectoryTheLegSearchesPostgresql) {
  writer_->save(doc("A", kFirst));
  SearchFilter f;
  PgStore bare(writer_->conninfo());
  EXPECT_FALSE(PgKeywordCopy(bare).search("倒闸操作", f)) << "no local directory";
  parse::TempDir blocked;
  std::ofstream(blocked.path() / "keyword") << "a file where the directory would be";
  bare.set_local_dir(blocked.path());
  PgKeywordCopy copy(bare);
  EXPECT_FALSE(copy.search("倒闸操作", f));
  EXPECT_FALSE(pg_keyword_search(bare, "倒闸操作", f).empty()) << "what the engine falls back to";
}

}  // namespace pg_keyword_copy_test
}  // namespace regreader::index
