#include "regreader/parse/structure/block_passes.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace block_passes_test {

TEST(BlockPasses, ATermsTitleIsItsChineseTermWithoutTheEnglishOne) {
  EXPECT_EQ(chinese_term("电力系统稳定性 power system stability"), "电力系统稳定性");
  EXPECT_EQ(chinese_term("低[电]压low voltage;LV"), "低[电]压");
  // The English term in full-width brackets or with a full-width hyphen (GB 38755).
  EXPECT_EQ(chinese_term("重要负荷（用户） important load（user）"), "重要负荷（用户）");
  EXPECT_EQ(chinese_term("N－1原则 N－1principle"), "N－1原则");
  // A glyph that could not be read (a mapped font's hyphen) is part of the English term.
  EXPECT_EQ(chinese_term("受端系统 receiver\uE011end system"), "受端系统");
  // Latin inside the Chinese term, or before it, stays.
  EXPECT_EQ(chinese_term("SF6 气体"), "SF6 气体");
  EXPECT_EQ(chinese_term("N-1原则"), "N-1原则");
  EXPECT_EQ(chinese_term("容量100kVA的变压器"), "容量100kVA的变压器");
  EXPECT_EQ(chinese_term("（SF6）断路器"), "（SF6）断路器");
  // An abbreviation in brackets is part of the term.
  EXPECT_EQ(chinese_term("电压互感器（PT）"), "电压互感器（PT）");
  EXPECT_EQ(chinese_term("自动电压控制(AVC)"), "自动电压控制(AVC)");
  EXPECT_EQ(chinese_term("地理信息系统 【GIS】 geographic information system"),
            "地理信息系统 【GIS】");
  // A Latin tail that goes on in Chinese punctuation is a sentence, not an English term.
  EXPECT_EQ(chinese_term("使用GPS，并记录"), "使用GPS，并记录");
}

}  // namespace block_passes_test
}  // namespace regreader::parse
