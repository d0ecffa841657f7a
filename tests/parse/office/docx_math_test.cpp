#include "regreader/parse/office/docx_math.hpp"

#include <gtest/gtest.h>

#include "regreader/parse/office/docx_tables.hpp"

namespace regreader::parse {
namespace docx_math_test {

// Equations as Word writes them (Office Math Markup), inside a paragraph.
std::string paragraph_text(const std::string& body) {
  const std::string xml =
      "<w:p xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\" "
      "xmlns:m=\"http://schemas.openxmlformats.org/officeDocument/2006/math\">" +
      body + "</w:p>";
  pugi::xml_document doc;
  EXPECT_TRUE(doc.load_string(xml.c_str()));
  return docx_paragraph_text(doc.first_child());
}

std::string r(const std::string& t) {
  return "<m:r><w:rPr/><m:t>" + t + "</m:t></m:r>";
}
std::string e(const std::string& inner, const char* name = "m:e") {
  return std::string("<") + name + ">" + inner + "</" + name + ">";
}

TEST(DocxMath, FractionPowerAndIndexOnOneLine) {
  const std::string q = "<m:oMath>" + r("Q") + r("=") + "<m:f><m:fPr/>" +
                        e("<m:sSup>" + e(r("U")) + e(r("2"), "m:sup") + "</m:sSup>", "m:num") +
                        e("<m:sSub>" + e(r("X")) + e(r("C"), "m:sub") + "</m:sSub>", "m:den") +
                        "</m:f></m:oMath>";
  EXPECT_EQ(paragraph_text("<w:r><w:t>补偿容量：</w:t></w:r>" + q), "补偿容量：Q=U²/X_C");
}

TEST(DocxMath, PartsOfMoreThanOneSymbolAreBracketed) {
  const std::string s = "<m:oMath>" + r("S≥") + "<m:f>" +
                        e(r("I") + "<m:rad><m:radPr><m:degHide m:val=\"1\"/></m:radPr><m:deg/>" +
                              e(r("t")) + "</m:rad>",
                          "m:num") +
                        e(r("C"), "m:den") + "</m:f>" + r("×") + r("10") + "<m:sSup>" + e(r("")) +
                        e(r("-3"), "m:sup") + "</m:sSup></m:oMath>";
  EXPECT_EQ(paragraph_text(s), "S≥(I√t)/C×10^(-3)");
}

TEST(DocxMath, SumDelimitersAndFunctions) {
  const std::string sum = "<m:nary><m:naryPr><m:chr m:val=\"∑\"/></m:naryPr>" +
                          e(r("i=1"), "m:sub") + e(r("n"), "m:sup") +
                          e("<m:sSub>" + e(r("P")) + e(r("i"), "m:sub") + "</m:sSub>") +
                          "</m:nary>";
  const std::string cos = "<m:func>" + e(r("cos"), "m:fName") + e(r("φ")) + "</m:func>";
  const std::string bracket =
      "<m:d><m:dPr><m:begChr m:val=\"[\"/><m:endChr m:val=\"]\"/>"
      "</m:dPr>" +
      e(r("a")) + e(r("b")) + "</m:d>";
  EXPECT_EQ(paragraph_text("<m:oMath>" + sum + "</m:oMath>"), "∑_(i=1)^n P_i");
  EXPECT_EQ(paragraph_text("<m:oMath>" + r("P=UI") + cos + "</m:oMath>"), "P=UIcosφ");
  EXPECT_EQ(paragraph_text("<m:oMath>" + bracket + "</m:oMath>"), "[a|b]");
}

TEST(DocxMath, EquationsOfOneParagraphAreLines) {
  const std::string para = "<m:oMathPara><m:oMath>" + r("a=1") + "</m:oMath><m:oMath>" + r("b=2") +
                           "</m:oMath></m:oMathPara>";
  EXPECT_EQ(paragraph_text(para), "a=1\nb=2");
  const std::string arr = "<m:oMath><m:eqArr>" + e(r("x=1")) + e(r("y=2")) + "</m:eqArr></m:oMath>";
  EXPECT_EQ(paragraph_text(arr), "x=1\ny=2");
}

TEST(DocxMath, UnitsWrittenAsEquationsReadAsPrinted) {
  const std::string mm2 =
      "<m:oMath><m:sSup>" + e(r("mm")) + e(r("2"), "m:sup") + "</m:sSup></m:oMath>";
  EXPECT_EQ(paragraph_text("<w:r><w:t>截面不小于25</w:t></w:r>" + mm2), "截面不小于25mm²");
}

}  // namespace docx_math_test
}  // namespace regreader::parse
