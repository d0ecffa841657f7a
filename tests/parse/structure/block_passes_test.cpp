#include "regreader/parse/structure/block_passes.hpp"

#include <gtest/gtest.h>

#include "regreader/parse/structure/numbering.hpp"

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
  // A bracket round a character of the term holds no abbreviation, closed or not (OCR lost ]).
  EXPECT_EQ(chinese_term("低[电压 lowvoltage;LV"), "低[电压");
}

// OCR reads a term's number alone, then its term, English name and definition as one line:
// the term titles the entry, whose heading keeps the line's words.
TEST(BlockPasses, ATermOnTheLineAfterItsNumberTitlesTheEntry) {
  std::vector<ClassifiedBlock> items(2);
  items[0].text = "3.12";
  items[0].starts_node = true;
  items[0].number = match_section_number("3.12 x");
  ASSERT_TRUE(items[0].number.has_value());
  items[0].number->rest.clear();
  items[1].text =
      "配电设备 powerdistributionequipment用于向一个用电区供电的变压器、线路等设备的统称。";
  join_term_titles(items);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].node_title, "配电设备");
  EXPECT_NE(items[0].text.find("用于向一个用电区供电"), std::string::npos) << items[0].text;
}

// What tesseract makes of a scan's headings: a speck of a seal or rule read as a quote mark at
// a title's edge, the enumeration comma 、 read as a point. Mended on OCR pages only; a pair of
// quotes and a long title stay as read.
TEST(BlockPasses, AnOcrTitlesLoneEdgeQuoteAndPointBetweenIdeographsAreMended) {
  auto heading = [](const std::string& number, const std::string& title, int page) {
    ClassifiedBlock b;
    b.type = model::BlockType::kHeading;
    b.starts_node = true;
    b.text = number + " " + title;
    b.node_title = title;
    b.page = page;
    return b;
  };
  const std::string long_title = "施工机具和安全工器具的使用.保管.检查和试验的一般要求";
  std::vector<ClassifiedBlock> items = {heading("6.1", "装设接地线. 个人保安线", 1),
                                        heading("6.2", "悬挂“禁止合闸”标示牌", 1),
                                        heading("7.1", "” 装表接电", 1),
                                        heading("7.2", "配电设备 ”", 1),
                                        heading("7.3", long_title, 1),
                                        heading("8.1", "装设接地线. 个人保安线", 2),
                                        heading("8.2", "GB 2894 . 2 标志", 1)};
  mend_ocr_title_marks(items, {1});
  EXPECT_EQ(items[0].node_title, "装设接地线、个人保安线");
  EXPECT_EQ(items[0].text, "6.1 装设接地线、个人保安线") << "the heading's text with its title";
  EXPECT_EQ(items[1].node_title, "悬挂“禁止合闸”标示牌");
  EXPECT_EQ(items[2].node_title, "装表接电");
  EXPECT_EQ(items[2].text, "7.1 装表接电");
  EXPECT_EQ(items[3].node_title, "配电设备");
  EXPECT_EQ(items[4].node_title, long_title) << "too long to tell a point from a full stop";
  EXPECT_EQ(items[5].node_title, "装设接地线. 个人保安线") << "page 2 has a text layer";
  EXPECT_EQ(items[6].node_title, "GB 2894 . 2 标志") << "no ideographs around it: as read";
}

}  // namespace block_passes_test
}  // namespace regreader::parse
