// Tables, notes and references on documents we wrote (examples/), rendered by LibreOffice.

#include <gtest/gtest.h>

#include <algorithm>

#include "regreader/parse/parse_document.hpp"
#include "test_support.hpp"

namespace regreader::parse {
namespace tables_fixture_test {

const model::TableEntry* table(const model::ParsedDocument& d, const std::string& id) {
  for (const auto& t : d.tables)
    if (t.table_id == id) return &t;
  return nullptr;
}

const model::ParsedDocument& tables_doc() {
  static const auto doc = parse_document(testing::fixtures_dir() / "tables-sample.pdf", "T", {});
  return doc;
}

TEST(TablesFixture, RuledTableOverTwoPagesWithRepeatedHeader) {
  const auto* t = table(tables_doc(), "表1");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->caption, "表1线路作业安全距离");
  EXPECT_EQ(t->page_start, 1);
  EXPECT_EQ(t->page_end, 2);
  ASSERT_EQ(t->segments.size(), 2u);
  EXPECT_EQ(t->segments[1].table_id, "表1#2");
  const auto& m = t->merged;
  EXPECT_EQ(m.row_count, 27) << "one header and 26 rows: the repeated header is dropped";
  EXPECT_EQ(m.cell_text(0, 0), "电压等级");
  for (int r = 1; r < m.row_count; ++r)
    EXPECT_EQ(m.cell_text(r, 0), std::to_string(r * 5) + "kV线路") << r;
}

TEST(TablesFixture, RuledTableOverTwoPagesWithoutRepeatedHeader) {
  const auto* t = table(tables_doc(), "表2");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->segments.size(), 2u);
  EXPECT_EQ(t->merged.row_count, 17);
  EXPECT_EQ(t->merged.cell_text(16, 0), "第16类");
  EXPECT_EQ(t->merged.cell_text(16, 1), "48个月");
}

TEST(TablesFixture, TableOverThreeAndMorePages) {
  const auto* t = table(tables_doc(), "表3");
  ASSERT_NE(t, nullptr);
  EXPECT_GE(t->page_end - t->page_start + 1, 3);
  EXPECT_EQ(t->segments.size(), static_cast<size_t>(t->page_end - t->page_start + 1));
  EXPECT_EQ(t->merged.row_count, 51);
  for (int r = 1; r <= 50; ++r) {
    EXPECT_EQ(t->merged.cell_text(r, 0), std::to_string(r));
    EXPECT_EQ(t->merged.cell_text(r, 1), "工器具" + std::to_string(r) + "号")
        << "a cell that wraps";
  }
  // Every page the table crosses says so.
  for (int p = t->page_start; p < t->page_end; ++p) {
    EXPECT_TRUE(tables_doc().pages[static_cast<size_t>(p - 1)].continues_to_next) << p;
    EXPECT_TRUE(tables_doc().pages[static_cast<size_t>(p)].continues_from_prev) << p;
  }
}

TEST(TablesFixture, BorderlessTable) {
  const auto* t = table(tables_doc(), "表4");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->merged.row_count, 4);
  EXPECT_EQ(t->merged.col_count, 3);
  EXPECT_EQ(t->merged.cell_text(2, 1), "35kV及以下");
}

TEST(TablesFixture, NotesOfEveryFormAndWhatTheyQualify) {
  std::vector<std::string> ids;
  std::string circled_related;
  for (const auto& p : tables_doc().pages)
    for (const auto& a : p.annotations) {
      ids.push_back(a.annotation_id);
      if (a.content.rfind("表1数值", 0) == 0) circled_related = a.related_blocks.at(0);
    }
  // 注1：, 注 2:, 注①, 注一, （注1）, 方案A, 方案甲
  EXPECT_EQ(ids, (std::vector<std::string>{"注1", "注2", "注1", "注1", "注1", "方案A", "方案甲"}));
  EXPECT_EQ(circled_related, table(tables_doc(), "表1")->segments.back().block_id);
  const auto* t4 = table(tables_doc(), "表4");
  EXPECT_EQ(t4->annotation_ids, (std::vector<std::string>{"方案A", "方案甲"}));
}

TEST(TablesFixture, ReferencesAreResolvedOrKnownUnresolved) {
  std::map<std::string, bool> seen;
  for (const auto& l : tables_doc().links)
    seen[l.target] = l.resolved;
  EXPECT_TRUE(seen.at("表1"));
  EXPECT_TRUE(seen.at("表3"));
  EXPECT_TRUE(seen.at("注1"));
  EXPECT_TRUE(seen.at("附录A"));
  EXPECT_TRUE(seen.at("2.2"));
  EXPECT_FALSE(seen.at("第十二条"));
  EXPECT_FALSE(seen.at("图1"));
  EXPECT_FALSE(seen.at("表6-2"));
}

TEST(TablesFixture, SampleRegulationTableInPdfAndDocx) {
  for (const auto& file : {testing::sample_pdf(), testing::sample_docx()}) {
    auto doc = parse_document(file, "S", {});
    const auto* t = table(doc, "表1");
    ASSERT_NE(t, nullptr) << file;
    EXPECT_EQ(t->page_start, 3) << file;
    EXPECT_EQ(t->page_end, 4) << file;
    EXPECT_EQ(t->merged.row_count, 33) << file;
    EXPECT_EQ(t->merged.col_count, 5) << file;
    EXPECT_EQ(t->merged.cell_text(32, 0), "±1100") << file;
    EXPECT_EQ(t->annotation_ids, (std::vector<std::string>{"注1", "注2"})) << file;
  }
}

}  // namespace tables_fixture_test
}  // namespace regreader::parse
