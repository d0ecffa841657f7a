#include "regreader/parse/tables/caption_numbers.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "regreader/parse/structure/structure_builder.hpp"

#include "parse/raw_blocks.hpp"

namespace regreader::parse {
namespace caption_numbers_test {

using fixtures::para;
using fixtures::table;

// The table ids of a built document, in order.
std::vector<std::string> table_ids(const model::ParsedDocument& doc) {
  std::vector<std::string> out;
  for (const auto& t : doc.tables)
    out.push_back(t.table_id);
  return out;
}

const model::TableEntry* table_with_id(const model::ParsedDocument& doc, const std::string& id) {
  auto it = std::find_if(doc.tables.begin(), doc.tables.end(),
                         [&](const auto& t) { return t.table_id == id; });
  return it == doc.tables.end() ? nullptr : &*it;
}

std::string token(const std::string& line) {
  const auto g = garbled_caption_number(line);
  return g ? g->token + "|" + g->title : "";
}

TEST(CaptionNumbers, AGarbledNumberIsAShortTokenThatIsNoNumber) {
  EXPECT_EQ(token("表巨 与架空输电线的最小安全距离"), "巨|与架空输电线的最小安全距离");
  EXPECT_EQ(token("表巨与架空输电线的最小安全距离"), "巨|与架空输电线的最小安全距离");
  EXPECT_EQ(token("表下.1 绝缘安全工器具试验项目,周期和要求"),
            "下.1|绝缘安全工器具试验项目,周期和要求");
  EXPECT_EQ(token("表 5 与架空输电线的最小安全距离"), "");  // a number
  EXPECT_EQ(token("表E.1 绝缘安全工器具试验项目"), "");
  EXPECT_EQ(token("表明 工作票已经签发，可以开始工作"), "");  // a sentence
  EXPECT_EQ(token("表示 " + std::string(70, 'x')), "");       // longer than a line
  EXPECT_EQ(token("表格式样 与附录A相同"), "");               // a word
  EXPECT_EQ(token("设备表巨 与架空输电线"), "");
}

// GB 26859's kind: a seal over 表5's caption, OCR reads 表巨; the clause above cites 表5, and 表4
// (captioned) is cited too.
RawDocument sealed_caption(const std::string& source) {
  RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 2;
  raw.page_sources.assign(2, source);
  raw.blocks = {para("9 线路作业", 1),
                para("表4 邻近或交叉其他电力线工作的安全距离", 1),
                table(1, "220", "4.0"),
                para("9.7.3 起重机械与架空输电线的最小安全距离应符合表 5 的规定，并符合表4。", 2),
                para("表巨 与架空输电线及其他带电体的最小安全距离", 2),
                table(2, "220", "6.0")};
  return raw;
}

TEST(CaptionNumbers, AnOcrCaptionTakesTheNumberTheTextCitesAndSaysSo) {
  auto doc = build_document(sealed_caption("ocr"), "R");
  const auto* t = table_with_id(doc, "表5");
  ASSERT_NE(t, nullptr) << ::testing::PrintToString(table_ids(doc));
  EXPECT_EQ(t->page_start, 2);
  EXPECT_NE(t->caption.find("与架空输电线及其他带电体的最小安全距离"), std::string::npos);
  EXPECT_NE(t->caption.find("推定"), std::string::npos) << t->caption;
  EXPECT_NE(t->caption.find("表巨"), std::string::npos) << t->caption;
  EXPECT_NE(table_with_id(doc, "表4"), nullptr);
}

TEST(CaptionNumbers, TextLayerCaptionsAreNotRenumbered) {
  auto doc = build_document(sealed_caption("text_layer"), "R");
  EXPECT_EQ(table_with_id(doc, "表5"), nullptr) << ::testing::PrintToString(table_ids(doc));
}

TEST(CaptionNumbers, OnlyAnUncaptionedTableThatAgreesWithWhatOcrReadIsTaken) {
  RawDocument raw = sealed_caption("ocr");
  // The clause cites only 表4, which has its caption: no number to take.
  raw.blocks[3] = para("9.7.3 起重机械与架空输电线的安全距离应符合表4的规定。", 2);
  auto cites_four = build_document(raw, "R");
  EXPECT_EQ(table_with_id(cites_four, "表5"), nullptr);
  EXPECT_NE(table_with_id(cites_four, "表4"), nullptr)  // not two tables labelled 表4
      << ::testing::PrintToString(table_ids(cites_four));

  // 下.1 keeps ".1": a cited 表3.2 disagrees, 表E.1 agrees.
  raw.blocks[3] = para("表3.2 给出了试验周期。", 2);
  raw.blocks[4] = para("表下.1 绝缘安全工器具试验项目", 2);
  auto doc = build_document(raw, "R");
  EXPECT_EQ(table_with_id(doc, "表3.2"), nullptr) << ::testing::PrintToString(table_ids(doc));
  raw.blocks[3] = para("表 E.1 给出了绝缘安全工器具试验项目、周期和要求。", 2);
  doc = build_document(raw, "R");
  EXPECT_NE(table_with_id(doc, "表E.1"), nullptr) << ::testing::PrintToString(table_ids(doc));
}

// GB 26859's 表E.1 runs over three pages; OCR reads the second page's `表E.1(续)` as
// `表下 1( 续)`: the table there continues the one before and is merged with it.
TEST(CaptionNumbers, AGarbledContinuationCaptionContinuesTheTableBefore) {
  RawDocument raw = sealed_caption("ocr");
  raw.page_count = 3;
  raw.page_sources.assign(3, "ocr");
  raw.blocks.push_back(para("表下 1( 续)", 3));
  raw.blocks.push_back(table(3, "330", "7.0"));
  auto doc = build_document(raw, "R");
  const auto* t = table_with_id(doc, "表5");
  ASSERT_NE(t, nullptr) << ::testing::PrintToString(table_ids(doc));
  EXPECT_EQ(t->page_start, 2);
  EXPECT_EQ(t->page_end, 3) << ::testing::PrintToString(table_ids(doc));
  EXPECT_EQ(t->segments.size(), 2u);
  EXPECT_EQ(doc.tables.size(), 2u) << "表4 and 表5, no third table";

  raw.page_sources.assign(3, "text_layer");
  auto layer = build_document(raw, "R");
  EXPECT_EQ(table_with_id(layer, "表5"), nullptr) << "a text layer's caption is not guessed";
}

// A continuation whose first part lost its caption still goes by its label; where the first part
// has it, the continuation does not make the label ambiguous (two 表3 would be T1 and T2).
TEST(CaptionNumbers, AContinuationCaptionNamesTheTableItContinues) {
  RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 3;
  raw.page_sources.assign(3, "text_layer");
  raw.blocks = {para("表 C.1 (续)", 1), table(1, "10", "0.7")};
  EXPECT_NE(table_with_id(build_document(raw, "R"), "表C.1"), nullptr);
  raw.blocks = {para("表3 安全距离", 1), table(1, "10", "0.7"), para("正文", 2),
                para("表3（续）", 3), table(3, "20", "1.0")};
  const auto doc = build_document(raw, "R");
  const auto* t = table_with_id(doc, "表3");
  ASSERT_NE(t, nullptr) << ::testing::PrintToString(table_ids(doc));
  EXPECT_EQ(t->page_end, 3);
}

}  // namespace caption_numbers_test
}  // namespace regreader::parse
