#include "regreader/parse/office/docx_parser.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

#include "regreader/core/error.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/parse_document.hpp"
#include "test_support.hpp"

namespace regreader::parse {
namespace docx_parser_test {

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
  EXPECT_EQ(doc.info.paging, model::Paging::kRendered);
  EXPECT_EQ(doc.info.total_pages, 5);
  int page = 0;
  ASSERT_NE(find_table(doc, &page), nullptr);
  EXPECT_EQ(page, 3) << "表1 starts on page 3 of the rendering";
  EXPECT_EQ(doc.structure.get_node_by_section_number("5.2")->page_start, 2);
  EXPECT_EQ(doc.structure.get_node_by_section_number("附录B")->page_start, 5);
}

TEST(DocxParser, TemporaryDirectoriesOfDeadProcessesAreRemoved) {
  TempDir root;
  // A pid that certainly ended: a child we started and waited for.
  const pid_t child = fork();
  if (child == 0) _exit(0);
  ASSERT_GT(child, 0);
  waitpid(child, nullptr, 0);
  const auto dead = root.path() / ("regreader-" + std::to_string(child) + "-abc123");
  const auto alive = root.path() / ("regreader-" + std::to_string(getpid()) + "-def456");
  const auto other = root.path() / "someone-else-1";
  for (const auto& d : {dead, alive, other})
    std::filesystem::create_directories(d / "lo-profile");
  EXPECT_EQ(clean_stale_temp_dirs(root.path()), 1);
  EXPECT_FALSE(std::filesystem::exists(dead));
  EXPECT_TRUE(std::filesystem::exists(alive));
  EXPECT_TRUE(std::filesystem::exists(other));
  // Our own temporary directories carry our pid.
  TempDir mine;
  EXPECT_EQ(mine.path().filename().string().rfind("regreader-" + std::to_string(getpid()) + "-", 0),
            0u);
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

}  // namespace docx_parser_test
}  // namespace regreader::parse

namespace regreader::parse {
namespace docx_parser_test {

// A Word file written by hand (scripts/make-docx-fixture.py) with what pandoc cannot make.
TEST(DocxParser, MergedCellsFootnotesOutlineLevelsAndNumberedHeadings) {
  ParseOptions no_office;
  no_office.use_office = false;
  auto doc = parse_document(testing::fixtures_dir() / "word-features.docx", "W", no_office);
  EXPECT_EQ(doc.info.title, "Word 功能示例规程");
  const auto& s = doc.structure;
  ASSERT_NE(s.get_node_by_section_number("2.1"), nullptr) << "numbers come from numbering.xml";
  EXPECT_EQ(s.get_node_by_section_number("2.1")->title, "接地线");
  EXPECT_EQ(s.find(s.get_node_by_section_number("2.2")->parent_id)->section_number, "2");
  const auto* t = find_table(doc);
  ASSERT_NE(t, nullptr);
  const auto& m = *t->table_meta;
  EXPECT_EQ(m.caption, "表1 接地线截面要求");
  EXPECT_EQ(m.row_count, 4);
  EXPECT_EQ(m.col_count, 3);
  EXPECT_EQ(m.cells[0].content, "电压等级");
  EXPECT_EQ(m.cells[0].row_span, 2) << "w:vMerge";
  EXPECT_EQ(m.cells[1].col_span, 2) << "w:gridSpan";
  EXPECT_EQ(m.cell_text(1, 0), "电压等级");
  EXPECT_EQ(m.cell_text(3, 2), "按短路电流计算确定");
  const auto& notes = doc.pages[0].annotations;
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[0].annotation_id, "注");
  EXPECT_EQ(notes[0].related_blocks.at(0), t->block_id);
  EXPECT_EQ(notes[1].annotation_id, "脚注1");
  EXPECT_EQ(notes[1].content, "线夹应与导体截面相适应。");
  EXPECT_NE(doc.pages[0].content_markdown.find("a) 检查接地线外观\nb) 检查线夹"),
            std::string::npos);  // The equation's text is stored (it was dropped), on one line as
                                 // Word's linear format writes it.
  const auto& text = doc.pages[0].content_markdown;
  EXPECT_NE(text.find("S≥(I_k√t)/C"), std::string::npos) << text;
  EXPECT_NE(text.find("式中：I_k为流过接地线的短路电流"), std::string::npos) << text;
}

TEST(DocxParser, LegacyOfficeFormatsGoThroughLibreOffice) {
  if (!find_soffice()) GTEST_SKIP() << "LibreOffice is not installed";
  TempDir tmp;
  const auto odt = convert_with_soffice(testing::sample_docx(), "odt", tmp.path());
  auto doc = parse_document(odt, "O", {});
  EXPECT_EQ(doc.info.format, "odt");
  EXPECT_EQ(doc.info.paging, model::Paging::kRendered);
  EXPECT_EQ(doc.info.total_pages, 5);
  EXPECT_NE(doc.structure.get_node_by_section_number("6.1"), nullptr);
}

TEST(DocxParser, ADebuggerVariableInTheUsersShellDoesNotBreakTheConversion) {
  if (!find_soffice()) GTEST_SKIP() << "LibreOffice is not installed";
  // LibreOffice's launcher reads RR (run under the rr debugger) and VALGRIND; `RR=... make` or a
  // script keeping its binary in $RR made every Word file fail with "Can't find the tool rr".
  ::setenv("RR", "/usr/bin/regreader", 1);
  ::setenv("VALGRIND", "memcheck", 1);
  TempDir tmp;
  EXPECT_NO_THROW(convert_with_soffice(testing::sample_docx(), "odt", tmp.path()));
  ::unsetenv("RR");
  ::unsetenv("VALGRIND");
}

}  // namespace docx_parser_test
}  // namespace regreader::parse
