#include "regreader/store/page_store.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "regreader/core/config.hpp"
#include "regreader/core/error.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/structure/structure_builder.hpp"
#include "store/store_samples.hpp"

namespace regreader::store {
namespace page_store_test {

model::ParsedDocument sample(const std::string& reg_id, const std::string& value = "0.70") {
  return testing::small_regulation(reg_id, value);
}

TEST(PageStore, SavedPagesAndStructureReadBackIdentical) {
  parse::TempDir dir;
  PageStore store(dir.path(), true);
  auto doc = sample("R1");
  EXPECT_FALSE(store.save(doc));
  EXPECT_EQ(store.require("R1"), doc.info);
  EXPECT_EQ(store.structure("R1"), doc.structure);
  auto pages = store.pages("R1", 1, 2);
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_EQ(pages[0], doc.pages[0]);
  EXPECT_EQ(pages[1], doc.pages[1]);
  EXPECT_TRUE(pages[1].continues_from_prev);
  EXPECT_EQ(pages[1].annotations.at(0).annotation_id, "注1");
}

TEST(PageStore, BlockRectanglesAndPageSizesReadBack) {
  parse::TempDir dir;
  PageStore store(dir.path(), true);
  auto doc = sample("R1");
  doc.pages[0].width = 595.3f;
  doc.pages[0].height = 841.9f;
  doc.pages[0].content_blocks[0].rect = std::array<float, 4>{72.5f, 90, 300, 110.25f};
  store.save(doc);
  const auto p = store.page("R1", 1);
  EXPECT_EQ(p, doc.pages[0]);
  ASSERT_TRUE(p.content_blocks[0].rect);
  EXPECT_FLOAT_EQ((*p.content_blocks[0].rect)[3], 110.25f);
  EXPECT_FALSE(store.page("R1", 2).content_blocks[0].rect) << "unset stays unset";
}

// A store written by schema 3 (no rectangles, no page sizes) opens, is upgraded in place and
// keeps its pages; its blocks have no rectangles until ingested again.
TEST(PageStore, ASchema3StoreIsUpgradedInPlace) {
  parse::TempDir dir;
  {
    PageStore store(dir.path(), true);
    store.save(sample("OLD"));
    Database db(dir.path() / "regreader.db", false);
    db.exec("ALTER TABLE blocks DROP COLUMN rect");
    db.exec("ALTER TABLE pages DROP COLUMN width");
    db.exec("ALTER TABLE pages DROP COLUMN height");
    db.exec("ALTER TABLE pages DROP COLUMN ocr_engine");
    db.exec("PRAGMA user_version = 3");
  }
  PageStore store(dir.path(), false);
  const auto p = store.page("OLD", 1);
  EXPECT_FALSE(p.content_blocks.empty());
  EXPECT_FALSE(p.content_blocks[0].rect);
  EXPECT_EQ(p.width, 0);
  auto doc = sample("NEW");
  doc.pages[0].content_blocks[0].rect = std::array<float, 4>{1, 2, 3, 4};
  store.save(doc);
  EXPECT_TRUE(store.page("NEW", 1).content_blocks[0].rect);
  Database db(dir.path() / "regreader.db", false);
  auto v = db.prepare("PRAGMA user_version");
  v.step();
  EXPECT_EQ(v.integer(0), PageStore::kSchemaVersion);
}

TEST(PageStore, TableRegistryAndLinksReadBack) {
  parse::TempDir dir;
  PageStore store(dir.path(), true);
  auto doc = sample("R1");
  ASSERT_EQ(doc.tables.size(), 1u);
  ASSERT_FALSE(doc.links.empty());
  store.save(doc);
  EXPECT_EQ(store.tables("R1"), doc.tables);
  EXPECT_EQ(store.tables("R1", 2).size(), 1u);
  EXPECT_TRUE(store.tables("R1", 1).empty());
  EXPECT_THROW(store.tables("R1", 9), Error);
  const std::string id = doc.tables[0].table_id;
  EXPECT_EQ(store.table("R1", id), doc.tables[0]);
  EXPECT_EQ(store.table("R1", doc.tables[0].segments[0].table_id)->table_id, id)
      << "segment id -> master";
  EXPECT_FALSE(store.table("R1", "表99").has_value());
  EXPECT_EQ(store.links("R1"), doc.links);
  EXPECT_EQ(store.annotations("R1").size(), 1u);
}

TEST(PageStore, SavingAgainReplacesWithoutDuplicates) {
  parse::TempDir dir;
  PageStore store(dir.path(), true);
  store.save(sample("R1"));
  const std::string once = store.content_digest();
  EXPECT_TRUE(store.save(sample("R1")));
  EXPECT_EQ(store.content_digest(), once);
  store.save(sample("R2"));
  EXPECT_EQ(store.list().size(), 2u);
  EXPECT_NE(store.content_digest(), once);
}

TEST(PageStore, DeleteRemovesEveryTrace) {
  parse::TempDir dir;
  PageStore store(dir.path(), true);
  const std::string empty = store.content_digest();
  store.save(sample("R1"));
  store.save(sample("R2"));
  const std::string with_r2_only = [&] {
    parse::TempDir other;
    PageStore s2(other.path(), true);
    s2.save(sample("R2"));
    return s2.content_digest();
  }();
  EXPECT_TRUE(store.remove("R1"));
  EXPECT_EQ(store.content_digest(), with_r2_only);
  EXPECT_FALSE(store.remove("R1"));
  EXPECT_TRUE(store.remove("R2"));
  EXPECT_EQ(store.content_digest(), empty);
}

TEST(PageStore, UnknownRegulationsAndPagesAreNotFoundErrors) {
  parse::TempDir dir;
  PageStore store(dir.path(), true);
  store.save(sample("R1"));
  try {
    store.require("GB9999");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kNotFound);
    EXPECT_NE(std::string(e.what()).find("R1"), std::string::npos) << "names the stored ids";
  }
  EXPECT_THROW(store.page("R1", 3), Error);
  EXPECT_THROW(store.pages("R1", 0, 1), Error);
  EXPECT_THROW(store.pages("R1", 2, 1), Error);
}

TEST(PageStore, ReadingAMissingStoreCreatesNothing) {
  parse::TempDir dir;
  PageStore store(dir.path() / "nowhere", false);
  EXPECT_TRUE(store.list().empty());
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "nowhere"));
  EXPECT_THROW(store.require("R1"), Error);
}

// A rename is the document stored under the other id: every id rebuilt, nothing else changed.
TEST(PageStore, RenameMovesEverythingUnderTheNewIdInOneStep) {
  parse::TempDir dir;
  PageStore store(dir.path(), true);
  const auto doc = sample("OLD-1");
  store.save(doc);
  store.save(sample("HELD"));
  const std::string digest_before = store.content_digest();
  EXPECT_THROW(store.rename("OLD-1", "HELD"), Error) << "an id held is never overwritten";
  EXPECT_EQ(store.content_digest(), digest_before) << "a refused rename changes nothing";
  EXPECT_THROW(store.rename("NOPE", "NEW"), Error);

  store.rename("OLD-1", "NEW-1");
  EXPECT_FALSE(store.find("OLD-1"));
  const auto moved = store.load("NEW-1");
  const auto expected = model::with_reg_id(doc, "NEW-1");
  EXPECT_EQ(moved.info, expected.info);
  EXPECT_EQ(moved.pages, expected.pages);
  EXPECT_EQ(moved.structure, expected.structure);
  EXPECT_EQ(moved.tables, expected.tables);
  EXPECT_EQ(moved.links, expected.links);
  // No id of the old name is left anywhere, and the text is the same text.
  const std::string dump = nlohmann::json(moved).dump();
  EXPECT_EQ(dump.find("OLD-1"), std::string::npos);
  EXPECT_NE(dump.find("NEW-1:p2:b"), std::string::npos);
  EXPECT_EQ(moved.pages[1].content_markdown, doc.pages[1].content_markdown);
  EXPECT_EQ(store.table("NEW-1", "T1").has_value(), store.table("HELD", "T1").has_value());
}

TEST(PageStore, ThreadsSharingAStoreReadWithoutSteppingOnEachOther) {
  parse::TempDir dir;
  PageStore store(dir.path(), true);
  store.save(sample("R1"));
  const auto expected = store.pages("R1", 1, 1);
  std::atomic<int> wrong{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 8; ++t)
    readers.emplace_back([&] {
      try {
        for (int i = 0; i < 200; ++i) {
          if (!store.find("R1") || store.pages("R1", 1, 1).size() != expected.size() ||
              !store.block_content(expected[0].content_blocks[0].block_id))
            ++wrong;
        }
      } catch (...) {
        ++wrong;
      }
    });
  for (auto& r : readers)
    r.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(PageStore, ParsedDocumentSurvivesItsJsonForm) {
  // The form a parse made in a child process reaches the parent in.
  const auto doc = sample("R1");
  const auto back = nlohmann::json(doc).get<model::ParsedDocument>();
  EXPECT_EQ(back.info, doc.info);
  EXPECT_EQ(back.pages, doc.pages);
  EXPECT_EQ(back.structure, doc.structure);
  EXPECT_EQ(back.tables, doc.tables);
  EXPECT_EQ(back.links, doc.links);
  EXPECT_EQ(back.warnings, doc.warnings);
  EXPECT_EQ(back.check, doc.check);
}

TEST(PageStore, ReadersInASnapshotNeverSeeHalfAReplacedRegulation) {
  // One writer replaces and deletes R1 over and over (two versions with different table values)
  // while a reader on its own connection reads page 2 and the table registry in one snapshot:
  // both must come from the same version, and a deleted regulation is an error, never a crash
  // or an empty success.
  parse::TempDir dir;
  { PageStore(dir.path(), true).save(sample("R1", "0.70")); }
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    PageStore w(dir.path(), true);
    for (int i = 0; i < 200 && !stop; ++i) {
      if (i % 5 == 4) w.remove("R1");
      w.save(sample("R1", i % 2 ? "0.35" : "0.70"));
    }
    stop = true;
  });
  PageStore r(dir.path(), false);
  int consistent = 0, missing = 0;
  while (!stop) {
    const auto snapshot = r.snapshot();
    try {
      const auto page = r.page("R1", 2);
      const auto tables = r.tables("R1");
      ASSERT_EQ(tables.size(), 1u);
      bool page_new = false;
      for (const auto& b : page.content_blocks)
        page_new = page_new || b.content_markdown.find("0.35") != std::string::npos;
      const bool table_new = nlohmann::json(tables[0]).dump().find("0.35") != std::string::npos;
      ASSERT_EQ(page_new, table_new) << "page and table registry from different versions";
      ++consistent;
    } catch (const Error& e) {
      ASSERT_EQ(e.code(), ErrorCode::kNotFound) << e.what();
      ++missing;
    }
  }
  writer.join();
  EXPECT_GT(consistent, 0);
}

}  // namespace page_store_test
}  // namespace regreader::store
