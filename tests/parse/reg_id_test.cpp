#include "regreader/parse/reg_id.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace reg_id_test {

TEST(RegId, StandardCodesFromFileNames) {
  EXPECT_EQ(derive_reg_id("GB 26860-2011_电力安全工作规程.md"), "GB26860-2011");
  EXPECT_EQ(derive_reg_id("derived/GB26860-2011.rendered.pdf"), "GB26860-2011");
  EXPECT_EQ(derive_reg_id("NB_T 31147-2018 风电场工程.docx"), "NBT31147-2018");
  EXPECT_EQ(derive_reg_id("太阳能资源年景评估技术规范QXT 683-2023.docx"), "QXT683-2023");
  EXPECT_EQ(derive_reg_id("DL／T ５０４４—２０１４.pdf"), "DLT5044-2014");
}

TEST(RegId, OtherNamesKeepTheirStem) {
  EXPECT_EQ(derive_reg_id("电力法(2018-12-29).md"), "电力法-2018-12-29");
  EXPECT_EQ(derive_reg_id("a&b $x 'q' [1].md"), "a-b-x-q-1");
  EXPECT_EQ(derive_reg_id("my regulation v2.txt"), "my-regulation-v2");
}

TEST(RegId, Validation) {
  EXPECT_TRUE(is_valid_reg_id("GB26860-2011"));
  EXPECT_TRUE(is_valid_reg_id("电力法"));
  EXPECT_FALSE(is_valid_reg_id(""));
  EXPECT_FALSE(is_valid_reg_id("a/b"));
  EXPECT_FALSE(is_valid_reg_id("a b"));
  EXPECT_FALSE(is_valid_reg_id(std::string(81, 'x')));
  // Issue 12: ids that are path components would let `export` write outside its folder.
  EXPECT_FALSE(is_valid_reg_id("."));
  EXPECT_FALSE(is_valid_reg_id(".."));
  EXPECT_FALSE(is_valid_reg_id("..."));
  EXPECT_TRUE(is_valid_reg_id("v1.2"));
  EXPECT_EQ(derive_reg_id("...md"), "document");
  EXPECT_EQ(derive_reg_id("..md"), "document");
}

}  // namespace reg_id_test
}  // namespace regreader::parse

namespace regreader::parse {
namespace reg_id_test {

model::ParsedDocument cover(std::vector<std::string> lines, int page = 1) {
  model::ParsedDocument d;
  d.info.reg_id = "file-id";
  model::PageDocument p;
  p.page_num = page;
  int order = 0;
  for (auto& l : lines) {
    model::ContentBlock b;
    b.block_id = "file-id:p1:b" + std::to_string(order);
    b.order_in_page = order++;
    b.content_markdown = l;
    p.content_blocks.push_back(b);
  }
  d.pages.push_back(p);
  return d;
}

TEST(RegId, TheCoversStandardNumberNamesTheDocument) {
  EXPECT_EQ(reg_id_from_cover(cover({"ICS 29.020", "中华人民共和国国家标准", "GB 26860—2011",
                                     "电力安全工作规程 发电厂和变电站电气部分"})),
            "GB26860-2011");
  EXPECT_EQ(reg_id_from_cover(cover(
                {"# NB/T 31147—2018 风电场工程风能资源测量与评估技术规范", "2018-04-03发布"})),
            "NBT31147-2018");
  EXPECT_EQ(
      reg_id_from_cover(cover({"<a name=\"_Toc1\"></a>Q/CSG 125008—2016", "代替Q/CSG 10006-2004"})),
      "QCSG125008-2016");
  EXPECT_EQ(reg_id_from_cover(cover({"ＧＢ　３８７５５—２０１９", "ICS 29.020"})), "GB38755-2019")
      << "full-width digits and spaces";
  EXPECT_EQ(reg_id_from_cover(cover({"ICS29.020", "中华人民共和国国家标准GB38755—2019"})),
            "GB38755-2019")
      << "the banner glued to the number";
  EXPECT_EQ(reg_id_from_cover(cover({"# 电气操作导则（2017）", "**标准编号**：Q/CSG 125008—2016  ",
                                     "**代替标准**：Q/CSG 10006-2004"})),
            "QCSG125008-2016")
      << "a labelled number";
  EXPECT_EQ(reg_id_from_cover(cover({"CGB 26859一 2011"})), "")
      << "OCR's running header with a stray letter is not the number";
}

TEST(RegId, APageOfTheBodyWithItsRunningHeaderIsNotACover) {
  EXPECT_EQ(reg_id_from_cover(cover({"GB 38755—2019", "# 引言", "1981年，针对当时……"})), "");
  EXPECT_EQ(reg_id_from_cover(cover({"GB 38755—2019", "# 电力系统安全稳定导则", "# 1 范围"})), "");
  EXPECT_EQ(reg_id_from_cover(cover({"GB 38755—2019", "# 4.2.3 第二级安全稳定标准"})), "")
      << "a heading ending in 标准 is not a banner";
}

TEST(RegId, ANumberInsideASentenceIsAReferenceNotTheDocumentsOwn) {
  EXPECT_EQ(reg_id_from_cover(cover({"前言", "本标准按照GB/T 1.1—2009给出的规则起草。"})), "");
  EXPECT_EQ(reg_id_from_cover(cover({"本标准代替 GB 26860—2008。"})), "");
  EXPECT_EQ(reg_id_from_cover(cover({"代替DL755—2001"})), "");
  EXPECT_EQ(reg_id_from_cover(cover({"# 1 《Q/GDW 1175-2013 变压器…标准化设计规范》"})), "")
      << "an excerpt collection lists several standards: none is the document's own";
  EXPECT_EQ(reg_id_from_cover(cover({"中华人民共和国电力法"})), "") << "a law keeps its file's id";
  // Past the cover: a number far down page 1 of a RegReader-paginated file is not on the cover.
  std::vector<std::string> many(20, "正文段落。");
  many.push_back("GB 50034—2013");
  EXPECT_EQ(reg_id_from_cover(cover(many)), "");
}

TEST(RegId, StandardNumbersWrittenAsIds) {
  EXPECT_EQ(reg_id_of_standard_number("GB 26860—2011"), "GB26860-2011");
  EXPECT_EQ(reg_id_of_standard_number("GB/T 1.1—2009"), "GBT1.1-2009");
  EXPECT_EQ(reg_id_of_standard_number("Q/GDW 1175—2013"), "QGDW1175-2013");
}

}  // namespace reg_id_test
}  // namespace regreader::parse
