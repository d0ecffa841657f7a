#include "regreader/parse/pdf/pdf_document.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace regreader::parse {
namespace pdf_document_test {

using testing::one_page_pdf;

std::string text_of(const std::vector<PdfChar>& chars, bool bold) {
  std::string s;
  for (const auto& c : chars)
    if (c.bold == bold) s += static_cast<char>(c.c);
  return s;
}

TEST(PdfDocument, TextDrawnWithAStrokeIsBold) {
  // Word-to-PDF printers set "bold" in a regular font as fill + stroke (render mode 2); the
  // heading below is drawn that way, the body line as plain fill (mode 0).
  TempDir tmp;
  const auto file = tmp.path() / "stroked.pdf";
  std::ofstream(file, std::ios::binary) << one_page_pdf(
      "BT /F1 14 Tf 2 Tr 0.4 w 40 250 Td (Heading) Tj ET\n"
      "BT /F1 11 Tf 0 Tr 40 220 Td (Body text) Tj ET");
  PdfDocument doc(file);
  const auto page = doc.read_page(0);
  EXPECT_EQ(text_of(page.chars, true), "Heading");
  EXPECT_EQ(text_of(page.chars, false), "Bodytext");
}

TEST(PdfDocument, FillsInThePapersColourAreNoRules) {
  // Word paints a cell's paragraphs on white rectangles inset in the cell: invisible, so their
  // edges are not borders. The cell's own border is stroked, and a grey band is filled.
  TempDir tmp;
  const auto file = tmp.path() / "fills.pdf";
  std::ofstream(file, std::ios::binary) << one_page_pdf(
      "1 1 1 rg 45 200 90 20 re f\n"         // white fill, inside the cell
      "0 0 0 RG 0.5 w 40 195 100 30 re S\n"  // the cell's border
      "0.5 g 40 100 100 20 re f\n"           // a grey band
      "BT /F1 11 Tf 50 205 Td (Cell) Tj ET");
  PdfDocument doc(file);
  const auto page = doc.read_page(0);
  std::vector<float> xs;
  for (const auto& r : page.rules)
    if (!r.horizontal()) xs.push_back(r.x0);
  std::sort(xs.begin(), xs.end());
  EXPECT_EQ(xs, (std::vector<float>{40, 40, 140, 140})) << "the border's and the band's edges";
  EXPECT_EQ(page.rules.size(), 8u);
}

std::string page_text(const PdfPageContent& page) {
  std::string s;
  for (const auto& c : page.chars)
    s += std::to_string(static_cast<uint32_t>(c.c)) + "@" + std::to_string(c.x0) + "," +
         std::to_string(c.baseline) + (c.bold ? "b" : "") + (c.space_before ? "_" : "") + " ";
  return s + "|" + std::to_string(page.rules.size());
}

TEST(PdfDocument, PagesReadOnSeveralThreadsAreThePagesReadOneByOne) {
  PdfDocument doc(testing::sample_pdf());
  ASSERT_GT(doc.page_count(), 2);
  std::vector<std::string> one_by_one;
  for (int i = 0; i < doc.page_count(); ++i)
    one_by_one.push_back(page_text(doc.read_page(i)));
  for (const int threads : {1, 3, 64}) {
    PdfDocument fresh(testing::sample_pdf());
    std::vector<int> reported;
    const auto pages = fresh.read_pages(threads, [&](int done) { reported.push_back(done); });
    ASSERT_EQ(pages.size(), one_by_one.size()) << threads << " threads";
    for (size_t i = 0; i < pages.size(); ++i)
      EXPECT_EQ(page_text(pages[i]), one_by_one[i]) << "page " << i + 1 << ", " << threads;
    std::vector<int> counted(pages.size());
    for (size_t i = 0; i < counted.size(); ++i)
      counted[i] = static_cast<int>(i) + 1;
    EXPECT_EQ(reported, counted) << "one call per page, in order of completion";
  }
}

}  // namespace pdf_document_test
}  // namespace regreader::parse
