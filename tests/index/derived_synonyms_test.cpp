// The words a library's regulations define, read from what is stored and kept current with it.

#include "regreader/index/derived_synonyms.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/library.hpp"
#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::index {
namespace derived_synonyms_test {

// A guide defining its words in each way regulations do; the table of colloquial names is
// exported one cell per line, as Word-to-Markdown conversions leave it.
const char* kGuide =
    "# Q/XX 100—2026 电气操作导则\n\n## 3 术语和定义\n\n### 3.1 低[电]压\n\n"
    "用于配电的交流系统中1000V及其以下的电压等级。\n\n### 3.2 模拟预演（模拟操作）\n\n"
    "在模拟图上按操作票顺序进行的核对。\n\n### 3.3 "
    "重要负荷（用户）\n\n中断供电将造成损失的负荷。\n\n"
    "## 4 一般规定\n\n4.1 操作人和操作监护人（以下简称“操作人员”）应经考试合格。\n\n"
    "4.2 操作时应先拉开隔离开关（俗称刀闸）的操作把手锁。\n\n"
    "4.3 熔断器，又称保险，更换前应断开电源。\n\n"
    "## 附录A 常见设备俗称\n\n序号\n\n设备\n\n俗称\n\n备注\n\n1\n\n断路器\n\n开关\n\n2\n\n"
    "接地开关\n\n地刀\n\n3\n\n连接片\n\n压板\n\n仅用于二次回路\n";

bool has(const std::vector<DerivedSynonym>& v, const std::string& w, const std::string& r) {
  return std::any_of(v.begin(), v.end(),
                     [&](const DerivedSynonym& s) { return s.word == w && s.replacement == r; });
}

class Derived : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = dir_.path() / "guide.md";
    std::ofstream(file_) << kGuide;
  }
  // The guide ingested as one file of a batch (`regreader ingest` of a folder).
  void ingest_in_a_batch(Library& lib) const {
    index::IngestOptions o;
    o.reg_id = "QXX100";
    o.batch = true;
    lib.ingest(file_, o);
  }
  parse::TempDir dir_;
  std::filesystem::path file_;
};

TEST_F(Derived, EveryWayARegulationDefinesAWordIsRead) {
  Library lib(dir_.path() / "data", Library::Mode::kCreate);
  index::IngestOptions o;
  o.reg_id = "QXX100";
  lib.ingest(file_, o);
  const auto pairs = derive_synonyms(lib.documents(), "QXX100");
  EXPECT_TRUE(has(pairs, "低压", "低电压"));
  EXPECT_TRUE(has(pairs, "低电压", "低压"));
  EXPECT_TRUE(has(pairs, "模拟操作", "模拟预演"));
  EXPECT_FALSE(has(pairs, "用户", "重要负荷")) << "a qualifier in brackets names no synonym";
  EXPECT_TRUE(has(pairs, "操作人员", "操作监护人"));
  EXPECT_TRUE(has(pairs, "刀闸", "隔离开关")) << "the clause before the name is not the name";
  EXPECT_TRUE(has(pairs, "保险", "熔断器"));
  EXPECT_TRUE(has(pairs, "开关", "断路器"));
  EXPECT_TRUE(has(pairs, "地刀", "接地开关"));
  EXPECT_TRUE(has(pairs, "压板", "连接片")) << "a row with a 备注 cell";
  for (const auto& p : pairs) {
    EXPECT_EQ(p.reg_id, "QXX100");
    EXPECT_GE(p.page, 1) << p.word;
  }
}

TEST_F(Derived, TheLibraryKeepsThemCurrentWithEachIngestAndDelete) {
  const auto data = dir_.path() / "data";
  {
    Library lib(data, Library::Mode::kCreate);
    index::IngestOptions o;
    o.reg_id = "QXX100";
    lib.ingest(file_, o);
    EXPECT_TRUE(has(lib.derived_synonyms(), "地刀", "接地开关"));
    const auto& t = lib.synonyms();
    EXPECT_NE(std::find(t.begin(), t.end(),
                        std::make_pair(std::string("模拟操作"), std::string("模拟预演"))),
              t.end());
    // Another regulation that writes only the standard name is found by the defined word.
    const auto other = dir_.path() / "other.md";
    std::ofstream(other) << "# 配电规程\n\n6.1 熔断器熔断后应查明原因。\n";
    index::IngestOptions o2;
    o2.reg_id = "OTHER";
    lib.ingest(other, o2);
    SearchFilter f;
    f.synonyms = &lib.synonyms();
    f.reg_ids = {"OTHER"};
    const auto hits = lib.engine().keyword().search("保险 熔断后", f);
    ASSERT_FALSE(hits.empty());
    EXPECT_NE(hits[0].match, "partial");
  }
  EXPECT_TRUE(std::filesystem::exists(data / "vocabulary.tsv"));
  {
    // Read from the cache by a reader; the same pairs.
    Library reader(data, Library::Mode::kRead);
    EXPECT_TRUE(has(reader.derived_synonyms(), "地刀", "接地开关"));
    Library lib(data, Library::Mode::kCreate);
    lib.remove("QXX100");
    lib.remove("OTHER");
    EXPECT_TRUE(lib.derived_synonyms().empty());
  }
  EXPECT_TRUE(Library(data, Library::Mode::kRead).derived_synonyms().empty());
}

TEST(DerivedCache, AnUnreadableCacheIsDerivedAgain) {
  parse::TempDir dir;
  const auto data = dir.path() / "data";
  const auto file = dir.path() / "g.md";
  std::ofstream(file) << kGuide;
  {
    Library lib(data, Library::Mode::kCreate);
    index::IngestOptions o;
    o.reg_id = "G";
    lib.ingest(file, o);
  }
  std::ofstream(data / "vocabulary.tsv") << "garbage line without tabs\n";
  Library lib(data, Library::Mode::kRead);
  EXPECT_TRUE(has(lib.derived_synonyms(), "刀闸", "隔离开关"));
}

TEST_F(Derived, ABatchOfIngestsRebuildsThemOnceAtItsEnd) {
  Library lib(dir_.path() / "data", Library::Mode::kCreate);
  ingest_in_a_batch(lib);
  EXPECT_FALSE(has(lib.derived_synonyms(), "刀闸", "隔离开关")) << "not after each file";
  lib.finish_changes();
  EXPECT_TRUE(has(lib.derived_synonyms(), "刀闸", "隔离开关")) << "at the end of the batch";
  const Library reader(dir_.path() / "data", Library::Mode::kRead);
  EXPECT_TRUE(has(reader.derived_synonyms(), "刀闸", "隔离开关"));
}

// A batch derives a regulation's words from the parsed document while storing it: the same
// words as deriving them from what the store reads back.
TEST_F(Derived, WordsDerivedWhileStoringAreThoseOfTheStoredRegulation) {
  Library lib(dir_.path() / "data", Library::Mode::kCreate);
  ingest_in_a_batch(lib);
  lib.finish_changes();
  const auto stored = derive_synonyms(lib.documents(), "QXX100");
  EXPECT_GE(stored.size(), 8u);
  EXPECT_EQ(lib.derived_synonyms(), stored);
  EXPECT_EQ(derive_synonyms(lib.documents().load("QXX100")), stored);
}

}  // namespace derived_synonyms_test
}  // namespace regreader::index
