#include "regreader/parse/reg_id.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace {

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

}  // namespace
}  // namespace regreader::parse
