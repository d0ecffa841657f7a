// The document store's behaviour, one set of cases run against every engine: the embedded
// SQLite store and PostgreSQL 15 (a real server this test starts; skipped with the reason when
// it is not installed).

#include "regreader/store/document_store.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <set>

#include "pg_server.hpp"
#include "regreader/core/error.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/parse_document.hpp"
#include "regreader/parse/structure/structure_builder.hpp"
#include "regreader/store/page_store.hpp"
#include "regreader/store/pg/pg_store.hpp"
#include "regreader/store/text_signature.hpp"
#include "store/store_samples.hpp"
#include "test_support.hpp"

namespace regreader::store {
namespace document_store_test {

model::ParsedDocument small(const std::string& reg_id, const std::string& value = "0.70") {
  return testing::small_regulation(reg_id, value);
}

// The sample regulation we wrote: a table across pages, notes, references, block rectangles.
const model::ParsedDocument& sample_pdf() {
  static const model::ParsedDocument doc = [] {
    auto d = parse::parse_document(testing::sample_pdf(), "SAMPLE", {});
    d.info.indexed_at = "2026-11-22T00:00:00Z";
    return d;
  }();
  return doc;
}

struct Engine {
  std::string name;
  std::function<std::unique_ptr<DocumentStore>(const std::string& test)> open;
};

class DocumentStoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "sqlite") {
      store_ = std::make_unique<PageStore>(dir_.path(), true);
      return;
    }
    auto& pg = testing::shared_server();
    if (!pg.ok()) GTEST_SKIP() << pg.why();
    std::string db = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    for (auto& c : db)
      c = std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '_';
    db = "t_" + db.substr(0, 50);
    ASSERT_TRUE(pg.create_database(db)) << db;
    store_ = std::make_unique<pg::PgStore>(pg.conninfo(db));
  }
  DocumentStore& store() { return *store_; }

  parse::TempDir dir_;
  std::unique_ptr<DocumentStore> store_;
};

ErrorCode code_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.code();
  }
  return ErrorCode::kInternal;
}

TEST_P(DocumentStoreTest, ADocumentReadsBackAsItWasSaved) {
  const auto& doc = sample_pdf();
  EXPECT_FALSE(store().save(doc));
  const auto back = store().load("SAMPLE");
  EXPECT_EQ(back.info, doc.info);
  EXPECT_EQ(back.pages, doc.pages);
  EXPECT_EQ(back.structure, doc.structure);
  EXPECT_EQ(back.tables, doc.tables);
  EXPECT_EQ(back.links, doc.links);
  EXPECT_EQ(store().annotations("SAMPLE").size(), 4u);
  ASSERT_TRUE(back.pages[2].content_blocks[0].rect);
  EXPECT_EQ(store().text_source("SAMPLE", 3).first, doc.pages[2].text_source);
}

TEST_P(DocumentStoreTest, ABlockReadByItsIdIsTheBlockOfItsPage) {
  const auto& doc = sample_pdf();
  store().save(doc);
  int read = 0;
  for (const auto& page : doc.pages)
    for (const auto& b : page.content_blocks) {
      const auto found = store().block(b.block_id);
      ASSERT_TRUE(found) << b.block_id;
      EXPECT_EQ(found->first, page.page_num) << b.block_id;
      EXPECT_EQ(found->second, b) << b.block_id;
      ++read;
    }
  EXPECT_GT(read, 10);
  EXPECT_FALSE(store().block("NOPE-p1-b1"));
}

TEST_P(DocumentStoreTest, TablesByPageAndBySegmentId) {
  store().save(sample_pdf());
  const auto on4 = store().tables("SAMPLE", 4);
  ASSERT_EQ(on4.size(), 1u);
  EXPECT_EQ(on4[0].table_id, "表1");
  ASSERT_GE(on4[0].segments.size(), 2u);
  const auto by_segment = store().table("SAMPLE", on4[0].segments[1].table_id);
  ASSERT_TRUE(by_segment);
  EXPECT_EQ(by_segment->table_id, "表1");
  EXPECT_FALSE(store().table("SAMPLE", "表9"));
  EXPECT_TRUE(store().tables("SAMPLE", 1).empty());
}

TEST_P(DocumentStoreTest, SavingAgainReplacesTheEarlierVersionWhole) {
  store().save(small("R1", "0.70"));
  EXPECT_TRUE(store().save(small("R1", "0.35")));
  EXPECT_EQ(store().list().size(), 1u);
  const auto p = store().page("R1", 2);
  EXPECT_NE(p.content_markdown.find("0.35"), std::string::npos);
  EXPECT_EQ(p.content_markdown.find("0.70"), std::string::npos);
}

TEST_P(DocumentStoreTest, AFailedSaveLeavesTheEarlierVersion) {
  store().save(small("R1", "0.70"));
  const std::string before = store().content_digest();
  auto broken = small("R1", "9.99");
  broken.pages[1].content_blocks.push_back(broken.pages[1].content_blocks[0]);  // same block id
  EXPECT_EQ(code_of([&] { store().save(broken); }), ErrorCode::kStorage);
  EXPECT_EQ(store().content_digest(), before);
  EXPECT_NE(store().page("R1", 2).content_markdown.find("0.70"), std::string::npos);
}

TEST_P(DocumentStoreTest, DeleteRemovesEveryTrace) {
  const std::string empty = store().content_digest();
  store().save(sample_pdf());
  EXPECT_NE(store().content_digest(), empty);
  EXPECT_TRUE(store().remove("SAMPLE"));
  EXPECT_FALSE(store().remove("SAMPLE"));
  EXPECT_EQ(store().content_digest(), empty);
}

TEST_P(DocumentStoreTest, RenameMovesEverythingAndRefusesAHeldId) {
  store().save(sample_pdf());
  store().save(small("OTHER"));
  store().rename("SAMPLE", "NEW");
  EXPECT_FALSE(store().find("SAMPLE"));
  EXPECT_EQ(store().load("NEW").pages.size(), sample_pdf().pages.size());
  EXPECT_EQ(store().table("NEW", "表1")->segments.size(), sample_pdf().tables[0].segments.size());
  EXPECT_EQ(code_of([&] { store().rename("NEW", "OTHER"); }), ErrorCode::kInvalidArgument);
  EXPECT_EQ(code_of([&] { store().rename("GONE", "X"); }), ErrorCode::kNotFound);
}

TEST_P(DocumentStoreTest, TheVersionMovesWithEveryChangeAndOnlyThen) {
  std::set<std::string> seen = {store().version()};
  auto changed = [&] { return seen.insert(store().version()).second; };
  store().save(sample_pdf());
  EXPECT_TRUE(changed()) << "a save";
  (void)store().list();
  (void)store().pages("SAMPLE", 1, 1);
  EXPECT_FALSE(changed()) << "reads";
  store().save(sample_pdf());
  EXPECT_TRUE(changed()) << "a save replacing a regulation";
  store().rename("SAMPLE", "NEW");
  EXPECT_TRUE(changed()) << "a rename";
  EXPECT_FALSE(store().remove("GONE"));
  EXPECT_FALSE(changed()) << "removing nothing";
  EXPECT_TRUE(store().remove("NEW"));
  EXPECT_TRUE(changed()) << "a remove";
}

TEST_P(DocumentStoreTest, TheTextSignatureIsKeptWithTheRegulation) {
  store().save(sample_pdf());
  std::string text;
  for (const auto& content : store().block_contents("SAMPLE"))
    text += content + "\n";
  const auto kept = store().kept_signature("SAMPLE");
  ASSERT_FALSE(kept.empty());
  EXPECT_EQ(kept, text_signature(text)) << "the signature of the stored text";
  store().rename("SAMPLE", "NEW");
  EXPECT_EQ(store().kept_signature("NEW"), kept);
  EXPECT_TRUE(store().kept_signature("SAMPLE").empty());
}

TEST(DocumentStoreVersion, TellsStoresApartAndIsSharedByTheirConnections) {
  parse::TempDir a, b;
  PageStore one(a.path(), true), two(b.path(), true);
  EXPECT_NE(one.version(), two.version());
  one.save(small("R1"));
  PageStore again(a.path(), false);
  EXPECT_EQ(again.version(), one.version()) << "another connection to the same store";
  again.remove("R1");
  EXPECT_NE(again.version(), two.version());
  EXPECT_EQ(again.version(), one.version()) << "a change made by another connection";
}

TEST_P(DocumentStoreTest, UnknownIdsAndPagesAreNotFoundAndSaySo) {
  store().save(small("R1"));
  try {
    store().require("NOPE");
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kNotFound);
    EXPECT_NE(std::string(e.what()).find("stored: R1"), std::string::npos) << e.what();
  }
  try {
    store().pages("R1", 2, 9);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kNotFound);
    EXPECT_NE(std::string(e.what()).find("has pages 1-2"), std::string::npos) << e.what();
  }
  EXPECT_EQ(store().text_source("R1", 9).first, "");
  EXPECT_EQ(store().ocr_page_counts().size(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Engines, DocumentStoreTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& info) { return info.param; });

TEST(PgStore, ASecondStoreOnTheSameDatabaseFindsTheSchemaDoneAndTheData) {
  auto& pg = testing::shared_server();
  if (!pg.ok()) GTEST_SKIP() << pg.why();
  ASSERT_TRUE(pg.create_database("t_two_replicas"));
  pg::PgStore a(pg.conninfo("t_two_replicas"));
  pg::PgStore b(pg.conninfo("t_two_replicas"));
  EXPECT_EQ(b.schema_version(), pg::PgStore::kSchemaVersion);
  a.save(sample_pdf());
  EXPECT_EQ(b.list().size(), 1u) << "what one replica stores the other reads";
  EXPECT_EQ(b.content_digest(), a.content_digest());
}

// What replicas refresh by: every change moves the generation and announces it.
TEST(PgStore, EveryChangeMovesTheGenerationAndAnnouncesIt) {
  auto& pg = testing::shared_server();
  if (!pg.ok()) GTEST_SKIP() << pg.why();
  ASSERT_TRUE(pg.create_database("t_generation"));
  pg::PgStore a(pg.conninfo("t_generation"));
  pg::PgConnection listener(pg.conninfo("t_generation"));
  listener.exec("LISTEN regreader");
  const long long g0 = a.generation();
  a.save(small("R1"));
  EXPECT_EQ(listener.wait_notification(5000), std::to_string(g0 + 1));
  a.rename("R1", "R2");
  EXPECT_EQ(listener.wait_notification(5000), std::to_string(g0 + 2));
  EXPECT_FALSE(a.remove("NOPE"));
  EXPECT_FALSE(listener.wait_notification(200)) << "nothing changed, nothing announced";
  EXPECT_TRUE(a.remove("R2"));
  EXPECT_EQ(listener.wait_notification(5000), std::to_string(g0 + 3));
  EXPECT_EQ(pg::PgStore(pg.conninfo("t_generation")).generation(), g0 + 3);
  // A failed save moves nothing.
  auto broken = small("R3");
  broken.pages[1].content_blocks.push_back(broken.pages[1].content_blocks[0]);
  EXPECT_THROW(a.save(broken), Error);
  EXPECT_EQ(a.generation(), g0 + 3);
  EXPECT_FALSE(listener.wait_notification(200));
}

TEST(PgStore, AnUnreachableServerIsAStorageErrorNamingTheReason) {
  try {
    pg::PgStore s("host=/nonexistent-socket-dir dbname=x connect_timeout=2");
    ADD_FAILURE() << "connected";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kStorage);
    EXPECT_NE(std::string(e.what()).find("cannot connect to PostgreSQL"), std::string::npos);
  }
}

}  // namespace document_store_test
}  // namespace regreader::store
