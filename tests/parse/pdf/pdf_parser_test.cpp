#include "regreader/parse/pdf/pdf_parser.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/parse/parse_document.hpp"
#include "test_support.hpp"

namespace regreader::parse {
namespace pdf_parser_test {

using testing::fixtures_dir;
using testing::sample_pdf;

TEST(PdfParser, SampleRegulationPagesAndChapters) {
  auto doc = parse_document(sample_pdf(), "S", {});
  EXPECT_EQ(doc.info.format, "pdf");
  EXPECT_EQ(doc.info.paging, model::Paging::kReal);
  ASSERT_EQ(doc.info.total_pages, 5);
  EXPECT_EQ(doc.info.title, "变电站运行安全规程（示例）");
  const auto& s = doc.structure;
  for (const char* sec :
       {"1", "3.1", "4.1", "4.1.2", "5.2.3", "6.1.5", "7.3.2", "附录A", "A.2", "附录B", "B.1"})
    EXPECT_NE(s.get_node_by_section_number(sec), nullptr) << sec;
  EXPECT_EQ(s.get_node_by_section_number("5.2")->page_start, 2);
  const auto* n61 = s.get_node_by_section_number("6.1");
  EXPECT_EQ(n61->page_start, 3);
  EXPECT_EQ(n61->page_end, 4) << "表1 runs from page 3 to page 4";
  EXPECT_EQ(s.find(s.get_node_by_section_number("B.1")->parent_id)->section_number, "附录B");
  EXPECT_EQ(s.get_node_by_section_number("6.1.5")->page_start, 4);
}

TEST(PdfParser, NumbersInsideSentencesAreNotChapters) {
  auto doc = parse_document(sample_pdf(), "S", {});
  // "0.5 s", "4 m", "24 h" and the wrapped "…按 6.1.5 执行" are not sections.
  EXPECT_EQ(doc.structure.get_node_by_section_number("0.5"), nullptr);
  std::string page3;
  for (const auto& b : doc.pages[2].content_blocks)
    page3 += b.content_markdown + "\n";
  EXPECT_NE(page3.find("距离不足时按6.1.5 执行。"), std::string::npos) << page3;
  EXPECT_TRUE(doc.pages[2].continues_to_next);
  EXPECT_TRUE(doc.pages[3].continues_from_prev);
}

TEST(PdfParser, NotesAreAnnotationsOfTheirPage) {
  auto doc = parse_document(sample_pdf(), "S", {});
  ASSERT_FALSE(doc.pages[1].annotations.empty());
  EXPECT_EQ(doc.pages[1].annotations[0].annotation_id, "注1");
  EXPECT_EQ(doc.pages[1].annotations[0].content, "操作票的保存期限从执行之日起计算。");
  EXPECT_EQ(doc.pages[1].annotations[1].annotation_id, "注2");
}

void expect_parse_error(const std::filesystem::path& file, ErrorCode code) {
  try {
    parse_document(file, "X", {});
    FAIL() << "expected an error for " << file;
  } catch (const ParseError& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    EXPECT_NE(std::string(e.what()).find(file.filename().string()), std::string::npos)
        << "names the file";
  }
}

TEST(PdfParser, BadPdfsFailWithTheirReason) {
  expect_parse_error(fixtures_dir() / "encrypted.pdf", ErrorCode::kEncryptedFile);
  expect_parse_error(fixtures_dir() / "no-text-layer.pdf", ErrorCode::kNoTextLayer);
  expect_parse_error(fixtures_dir() / "truncated.pdf", ErrorCode::kCorruptFile);
  TempDir tmp;
  std::ofstream(tmp.path() / "fake.pdf") << "<html>not a pdf</html>";
  expect_parse_error(tmp.path() / "fake.pdf", ErrorCode::kCorruptFile);
  std::ofstream(tmp.path() / "empty.pdf").close();
  expect_parse_error(tmp.path() / "empty.pdf", ErrorCode::kEmptyDocument);
}

}  // namespace pdf_parser_test
}  // namespace regreader::parse
