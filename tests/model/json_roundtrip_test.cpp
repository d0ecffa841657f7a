#include <gtest/gtest.h>

#include "regreader/core/error.hpp"
#include "regreader/model/document_structure.hpp"
#include "regreader/model/page_document.hpp"
#include "regreader/model/regulation_info.hpp"

namespace regreader::model {
namespace json_roundtrip_test {

template <typename T>
T round_trip(const T& v) {
  return nlohmann::json::parse(nlohmann::json(v).dump()).get<T>();
}

TableMeta sample_table() {
  TableMeta t;
  t.table_id = "表1";
  t.caption = "表1 设备不停电时的安全距离";
  t.is_truncated = true;
  t.col_headers = {"电压等级 kV", "安全距离 m"};
  t.row_headers = {"10及以下"};
  t.row_count = 2;
  t.col_count = 2;
  t.cells = {{0, 0, "电压等级 kV", 1, 1}, {0, 1, "安全距离 m", 1, 1}, {1, 0, "10及以下", 1, 2}};
  t.master_table_id = "表1";
  t.segment_index = 1;
  return t;
}

TEST(JsonRoundTrip, TableMeta) {
  EXPECT_EQ(round_trip(sample_table()), sample_table());
}

TEST(JsonRoundTrip, PageDocumentWithEveryField) {
  PageDocument p;
  p.reg_id = "GB26860";
  p.page_num = 4;
  p.chapter_path = {"5 安全组织措施", "5.2 工作票种类"};
  p.active_chapters = {"5.2 工作票种类", "5.3 工作票的填用"};
  ContentBlock b;
  b.block_id = "GB26860:p4:b1";
  b.block_type = BlockType::kTable;
  b.order_in_page = 1;
  b.content_markdown = "| a |";
  b.chapter_path = p.chapter_path;
  b.section_number = "5.2.2";
  b.table_meta = sample_table();
  b.rect = std::array<float, 4>{56.5f, 120, 540, 300.75f};
  ContentBlock h;
  h.block_id = "GB26860:p4:b2";
  h.block_type = BlockType::kHeading;
  p.content_blocks = {b, h};
  p.content_markdown = "| a |\n\n";
  p.continues_from_prev = true;
  p.continues_to_next = true;
  p.width = 595.25f;
  p.height = 841.5f;
  p.annotations = {{"注1", "表中未列电压等级按高一挡", {"GB26860:p4:b1"}, 4}};
  EXPECT_EQ(round_trip(p), p);
  EXPECT_TRUE(nlohmann::json(h)["table_meta"].is_null());
}

TEST(JsonRoundTrip, ChapterNodeStructureAndRegulationInfo) {
  ChapterNode n{"r:n1", "5", "安全组织措施", 1, 4, 9, "", {"r:n2"}, {"r:p4:b1"}};
  EXPECT_EQ(round_trip(n), n);
  DocumentStructure s("r", {n, ChapterNode{"r:n2", "5.1", "一般要求", 2, 4, 4, "r:n1", {}, {}}});
  EXPECT_EQ(round_trip(s), s);
  RegulationInfo r{"GB26860",
                   "电力安全工作规程",
                   "/x.pdf",
                   "ab12",
                   "pdf",
                   27,
                   Paging::kSynthetic,
                   "2026-11-22T00:00:00Z",
                   "fair",
                   "fair: 2 empty pages"};
  EXPECT_EQ(round_trip(r), r);
  EXPECT_EQ(nlohmann::json(r)["paging"], "synthetic");
}

TEST(JsonRoundTrip, RejectsUnknownEnumValues) {
  auto j = nlohmann::json(ContentBlock{});
  j["block_type"] = "picture";
  EXPECT_THROW(j.get<ContentBlock>(), Error);
}

// A cell spanning columns is written once, in its first column (not copied across them).
TEST(TableMetaMarkdown, WritesColumnSpansOnceAndEscapesPipes) {
  const std::string md = sample_table().to_markdown();
  EXPECT_NE(md.find("**表1 设备不停电时的安全距离**"), std::string::npos);
  EXPECT_NE(md.find("| 电压等级 kV | 安全距离 m |\n| --- | --- |"), std::string::npos);
  EXPECT_NE(md.find("| 10及以下 |  |"), std::string::npos) << md;
  EXPECT_EQ(md.find("10及以下"), md.rfind("10及以下")) << md;
}

}  // namespace json_roundtrip_test
}  // namespace regreader::model
