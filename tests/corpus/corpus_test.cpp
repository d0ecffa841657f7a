// Tests over the real regulations in ../shared/corpus. They skip when the corpus is absent.

#include <gtest/gtest.h>

#include "regreader/core/error.hpp"
#include "regreader/parse/format.hpp"
#include "regreader/parse/office/docx_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/parse_document.hpp"
#include "regreader/parse/reg_id.hpp"
#include "regreader/parse/structure/references.hpp"
#include "test_support.hpp"

namespace regreader::testing {
namespace corpus_test {

std::filesystem::path corpus_file(const char* rel) {
  auto dir = corpus_dir();
  if (!dir || !std::filesystem::exists(*dir / rel)) return {};
  return *dir / rel;
}

#define REQUIRE_CORPUS_FILE(var, rel) \
  const auto var = corpus_file(rel);  \
  if (var.empty()) GTEST_SKIP() << "corpus file not available: " << rel

TEST(Corpus, Gb26860RenderedPdfChapterTree) {
  REQUIRE_CORPUS_FILE(pdf, "derived/GB26860-2011.rendered.pdf");
  auto doc = parse::parse_document(pdf, "GB26860", {});
  EXPECT_EQ(doc.info.total_pages, 27);
  const auto& s = doc.structure;
  const auto* n522 = s.get_node_by_section_number("5.2.2");
  ASSERT_NE(n522, nullptr);
  EXPECT_EQ(n522->page_start, 4);
  const auto* n52 = s.find(n522->parent_id);
  ASSERT_NE(n52, nullptr);
  EXPECT_EQ(n52->section_number, "5.2");
  EXPECT_EQ(s.find(n52->parent_id)->section_number, "5");
  ASSERT_NE(s.get_node_by_section_number("6.2.1"), nullptr);
  EXPECT_EQ(s.get_node_by_section_number("6.2.1")->page_start, 9);
  ASSERT_NE(s.get_node_by_section_number("附录A"), nullptr);
  EXPECT_EQ(s.get_node_by_section_number("附录A")->page_start, 22);
}

TEST(Corpus, Gb38755FullWidthClauseNumbers) {
  REQUIRE_CORPUS_FILE(pdf, "opsen-rag-stability-guide/电力系统安全稳定导则.pdf");
  auto doc = parse::parse_document(pdf, "GB38755", {});
  const auto* n = doc.structure.get_node_by_section_number("3.1.3");
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(n->page_start, 8);
  EXPECT_EQ(doc.structure.find(n->parent_id)->section_number, "3.1");
}

// Sixteen w:tbl grids; one of them (4.3.2's instruments, items numbered in one column and their
// text in the next, sentences wrapping back to the first) only lays out prose: fifteen tables,
// and the items as paragraphs.
TEST(Corpus, NbT31147DocxHasFifteenTablesAndItsItemsGridAsText) {
  REQUIRE_CORPUS_FILE(
      docx, "antigravity-energy-docx/NB_T 31147-2018 风电场工程风能资源测量与评估技术规范.docx");
  parse::ParseOptions o;
  o.use_office = false;  // tables come from the Word XML; pagination is tested elsewhere
  auto doc = parse::parse_document(docx, "NBT31147", o);
  int tables = 0;
  for (const auto& p : doc.pages)
    for (const auto& b : p.content_blocks)
      if (b.block_type == model::BlockType::kTable) {
        ++tables;
        EXPECT_TRUE(b.table_meta.has_value());
      }
  EXPECT_EQ(tables, 15);
  bool item = false;
  for (const auto& p : doc.pages)
    for (const auto& b : p.content_blocks)
      item = item || (b.block_type != model::BlockType::kTable &&
                      b.content_markdown.find("测量误差不应超过±3%。") != std::string::npos);
  EXPECT_TRUE(item) << "the sentence split over two cells is whole in the text";
}

// 表1 of GB 26860 runs from page 4 to page 5 of the LibreOffice rendering; PDF and Word give the
// same merged table and the same notes.
void expect_gb26860_table1(const model::ParsedDocument& doc) {
  const model::TableEntry* t = nullptr;
  for (const auto& e : doc.tables)
    if (e.table_id == "表1") t = &e;
  ASSERT_NE(t, nullptr);
  EXPECT_NE(t->caption.find("设备不停电时的安全距离"), std::string::npos);
  EXPECT_EQ(t->page_start, 4);
  EXPECT_EQ(t->page_end, 5);
  const auto& m = t->merged;
  ASSERT_EQ(m.col_count, 2);
  EXPECT_EQ(m.cell_text(0, 0), "电压等级 kV");
  EXPECT_EQ(m.cell_text(0, 1), "安全距离 m");
  ASSERT_EQ(m.row_count, 13) << "the header and 12 data rows";
  EXPECT_EQ(m.cell_text(1, 0), "10及以下");
  EXPECT_EQ(m.cell_text(1, 1), "0.70");
  EXPECT_EQ(m.cell_text(12, 0), "士800");
  EXPECT_EQ(m.cell_text(12, 1), "9.30");
  EXPECT_EQ(t->annotation_ids, (std::vector<std::string>{"注1", "注2", "注3"}));
}

TEST(Corpus, Gb26860Table1AcrossPagesFromPdf) {
  REQUIRE_CORPUS_FILE(pdf, "derived/GB26860-2011.rendered.pdf");
  expect_gb26860_table1(parse::parse_document(pdf, "GB26860", {}));
}

TEST(Corpus, Gb26860Table1AcrossPagesFromDocx) {
  REQUIRE_CORPUS_FILE(docx, "derived/GB26860-2011.rendered.docx");
  if (!parse::find_soffice()) GTEST_SKIP() << "pages of a Word file need LibreOffice";
  expect_gb26860_table1(parse::parse_document(docx, "GB26860", {}));
}

TEST(Corpus, NbT31147TablesKeepTheirCaptions) {
  REQUIRE_CORPUS_FILE(
      docx, "antigravity-energy-docx/NB_T 31147-2018 风电场工程风能资源测量与评估技术规范.docx");
  parse::ParseOptions o;
  o.use_office = false;
  auto doc = parse::parse_document(docx, "NBT31147", o);
  int captioned = 0;
  for (const auto& p : doc.pages)
    for (const auto& b : p.content_blocks)
      if (b.table_meta && !parse::table_label(b.table_meta->caption).empty()) ++captioned;
  EXPECT_EQ(captioned, 14)
      << "表5.2.4 … 表D.0.3 and 续表B.0.3; two tables in the source have no caption";
  int continued = 0;
  for (const auto& t : doc.tables)
    continued += t.table_id == "表B.0.3" && t.segments.size() == 2 ? 1 : 0;
  EXPECT_EQ(continued, 1) << "续表B.0.3 continues 表B.0.3";
}

TEST(Corpus, EveryPdfAndDocxIngestsOrFailsWithAClearReason) {
  auto dir = corpus_dir();
  if (!dir) GTEST_SKIP() << "corpus not available";
  int ok = 0, failed = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(*dir)) {
    const auto ext = e.path().extension().string();
    if (ext != ".pdf" && ext != ".docx") continue;
    try {
      auto doc = parse::parse_document(e.path(), "X", {});
      EXPECT_GT(doc.info.total_pages, 0) << e.path();
      size_t blocks = 0;
      for (const auto& p : doc.pages)
        blocks += p.content_blocks.size();
      EXPECT_GT(blocks, 0u) << e.path();
      ++ok;
    } catch (const ParseError& err) {
      ++failed;
      EXPECT_FALSE(err.reason().empty()) << e.path();
      EXPECT_EQ(err.file(), e.path());
    }
  }
  EXPECT_GE(ok, 6);
  std::cout << "corpus: " << ok << " ingested, " << failed << " failed with a reason\n";
}

}  // namespace corpus_test
}  // namespace regreader::testing

namespace regreader::testing {
namespace corpus_test {

// Issue 15: a document's id comes from its cover; a page of the body with the number as its
// running header, or an excerpt collection citing several standards, keeps its file's id.
TEST(Corpus, IdsFromCovers) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"antigravity-anguigb/南网电气操作导则2017.md", "QCSG125008-2016"},
      {"opsen-rag-stability-guide/电力系统安全稳定导则.pdf", "GB38755-2019"},
      {"opsen-rag-stability-guide/page_md/电力系统安全稳定导则_1.md", "GB38755-2019"},
      {"opsen-rag-stability-guide/page_md/电力系统安全稳定导则_5.md", ""},
      {"opsen-rag-stability-guide/page_md/电力系统安全稳定导则_3.md", ""},
      {"yuri1900-relay-standards-excerpts/国网标准化设计规范.md", ""},
      {"yuri1900-relay-standards-excerpts/验收规范.md", ""},
      {"lawrefbook-power-laws/电力法(2018-12-29).md", ""},
  };
  int checked = 0;
  for (const auto& [rel, id] : cases) {
    const auto file = corpus_file(rel);
    if (file.empty()) continue;
    const auto doc = parse::parse_document(file, "X", {});
    EXPECT_EQ(parse::reg_id_from_cover(doc), id) << rel;
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << "corpus not available";
}

}  // namespace corpus_test
}  // namespace regreader::testing
