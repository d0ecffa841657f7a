#include "regreader/parse/docx_parser.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

#include "regreader/core/error.hpp"
#include "regreader/parse/office_renderer.hpp"
#include "regreader/parse/parse_document.hpp"
#include "test_support.hpp"

namespace regreader::parse {
namespace {

using testing::sample_docx;

const model::ContentBlock* find_table(const model::ParsedDocument& doc, int* page = nullptr) {
  for (const auto& p : doc.pages)
    for (const auto& b : p.content_blocks)
      if (b.table_meta) {
        if (page) *page = p.page_num;
        return &b;
      }
  return nullptr;
}

TEST(DocxParser, ContentHeadingsTablesAndNotes) {
  RawDocument raw = read_docx_content(sample_docx());
  int headings = 0, tables = 0;
  for (const auto& b : raw.blocks) {
    headings += b.heading_level > 0 ? 1 : 0;
    tables += b.table ? 1 : 0;
  }
  EXPECT_EQ(tables, 1);
  EXPECT_EQ(headings, 23);  // the title, 10 chapters and appendices, 12 sections
  ParseOptions no_office;
  no_office.use_office = false;
  auto doc = parse_document(sample_docx(), "D", no_office);
  EXPECT_EQ(doc.info.paging, model::Paging::kSynthetic);
  ASSERT_FALSE(doc.warnings.empty());
  EXPECT_NE(doc.warnings[0].find("synthetic"), std::string::npos);
  const auto* t = find_table(doc);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->table_meta->table_id, "表1");
  EXPECT_EQ(t->table_meta->row_count, 33);
  EXPECT_EQ(t->table_meta->col_count, 5);
  EXPECT_EQ(t->table_meta->col_headers[0], "电压等级 kV");
  EXPECT_EQ(t->table_meta->cell_text(32, 2), "11.80");
  const auto* n522 = doc.structure.get_node_by_section_number("5.2.2");
  ASSERT_NE(n522, nullptr);
  EXPECT_EQ(doc.structure.find(n522->parent_id)->section_number, "5.2");
  // Word's automatic list numbering is rendered back in front of the items.
  bool lettered = false;
  for (const auto& p : doc.pages)
    for (const auto& b : p.content_blocks)
      lettered = lettered ||
                 b.content_markdown.find("a) 核对设备名称、编号和位置；\nb) 拉开或合上断路器；") !=
                     std::string::npos;
  EXPECT_TRUE(lettered);
  int notes = 0;
  for (const auto& p : doc.pages)
    notes += static_cast<int>(p.annotations.size());
  EXPECT_EQ(notes, 4);
}

TEST(DocxParser, LibreOfficeGivesWordsPagination) {
  if (!find_soffice()) GTEST_SKIP() << "LibreOffice is not installed";
  auto doc = parse_document(sample_docx(), "D", {});
  EXPECT_EQ(doc.info.paging, model::Paging::kReal);
  EXPECT_EQ(doc.info.total_pages, 5);
  int page = 0;
  ASSERT_NE(find_table(doc, &page), nullptr);
  EXPECT_EQ(page, 3) << "表1 starts on page 3 of the rendering";
  EXPECT_EQ(doc.structure.get_node_by_section_number("5.2")->page_start, 2);
  EXPECT_EQ(doc.structure.get_node_by_section_number("附录B")->page_start, 5);
}

TEST(DocxParser, ANonZipDocxIsReportedAsSuch) {
  try {
    read_docx_content(testing::fixtures_dir() / "not-a-zip.docx");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kCorruptFile);
    EXPECT_NE(std::string(e.what()).find("zip"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace regreader::parse
