#include "regreader/parse/fidelity_check.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace fidelity_check_test {

TEST(FidelityCheck, ReadsPrintedContentsEntries) {
  auto e = parse_toc_entries(
      "前言………………………………II\n1 范围……………………1\n5.3 风特征参数 ........ 16\n"
      "附录A (规范性附录) 测风塔安装报告编制要求 ...... 31");
  ASSERT_EQ(e.size(), 4u);
  EXPECT_EQ(e[0].title, "前言");
  EXPECT_EQ(e[0].printed_page, -1);  // Roman: front matter
  EXPECT_EQ(e[1].section, "1");
  EXPECT_EQ(e[1].title, "范围");
  EXPECT_EQ(e[1].printed_page, 1);
  EXPECT_EQ(e[2].section, "5.3");
  EXPECT_EQ(e[2].printed_page, 16);
  EXPECT_EQ(e[3].section, "附录A");
  EXPECT_EQ(e[3].printed_page, 31);
  // Entries run together on one line, as a PDF paragraph joins them.
  auto joined = parse_toc_entries("1 范围……1 2 规范性引用文件……1 3 术语和定义……2");
  ASSERT_EQ(joined.size(), 3u);
  EXPECT_EQ(joined[2].section, "3");
  EXPECT_EQ(joined[2].printed_page, 2);
  EXPECT_TRUE(parse_toc_entries("在电气设备上工作，应有保证安全的制度措施。").empty());
  // OCR breaks a leader line with stray marks: the entry still ends where its leader starts.
  auto ocr = parse_toc_entries(
      "4 作业要求……·………....'...... .....|...…2\n"
      "12 电力电缆工作 .. ......……-… …-…………·…… ……. 16附录A (资料性附录) 工作票格式");
  ASSERT_EQ(ocr.size(), 2u);
  EXPECT_EQ(ocr[0].section, "4");
  EXPECT_EQ(ocr[0].title, "作业要求");
  EXPECT_EQ(ocr[0].printed_page, 2);
  EXPECT_EQ(ocr[1].section, "12");
  EXPECT_EQ(ocr[1].title, "电力电缆工作");
  EXPECT_EQ(ocr[1].printed_page, 16);
}

model::ContentBlock block(const std::string& md, model::BlockType t = model::BlockType::kText) {
  model::ContentBlock b;
  b.content_markdown = md;
  b.block_type = t;
  return b;
}

model::PageDocument page(int n, std::vector<model::ContentBlock> blocks) {
  model::PageDocument p;
  p.page_num = n;
  p.content_blocks = std::move(blocks);
  for (const auto& b : p.content_blocks)
    p.content_markdown += (p.content_markdown.empty() ? "" : "\n\n") + b.content_markdown;
  return p;
}

model::ChapterNode node(const std::string& id, const std::string& sec, const std::string& title,
                        int page) {
  model::ChapterNode n;
  n.node_id = id;
  n.section_number = sec;
  n.title = title;
  n.level = 1;
  n.page_start = n.page_end = page;
  return n;
}

TEST(FidelityCheck, FindsWhatAReaderWouldCheckByHand) {
  std::vector<model::PageDocument> pages;
  pages.push_back(page(1, {block("目次"), block("1 范围……1\n2 规范性引用文件……1\n3 术语和定义……2\n"
                                                "4 作业要求……2\n5 安全组织措施……3")}));
  const std::vector<std::string> body = {"工作票应保存一年。", "验电前应先试验验电器。",
                                         "装设接地线应先接接地端。", "高处作业应使用安全带。"};
  for (int p = 2; p <= 5; ++p)
    pages.push_back(page(p, {block("GB 26859—2011"), block(body[static_cast<size_t>(p - 2)])}));
  pages.push_back(page(6, {}));
  // Printed page + 1 is the physical page; the tree lost 4 and has 5 four pages late.
  model::DocumentStructure s(
      "R", {node("R:n1", "1", "范围", 2), node("R:n2", "2", "规范性引用文件", 2),
            node("R:n3", "3", "术语和定义", 3), node("R:n5", "5", "安全组织措施", 8)});
  model::TableEntry t;
  t.table_id = "表2";
  t.page_start = 3;
  t.merged.row_count = 2;
  t.merged.col_count = 2;
  t.merged.cells = {{0, 0, "电压等级kV", 1, 1},
                    {0, 1, "安全距离m", 1, 1},
                    {1, 0, "10及以下", 1, 1},
                    {1, 1, "8. 70", 1, 1}};
  const auto r = check_document(pages, s, {t});
  EXPECT_TRUE(r.has_printed_toc);
  ASSERT_EQ(r.toc.size(), 5u);
  ASSERT_EQ(r.toc_missing.size(), 1u);
  EXPECT_EQ(r.toc_missing[0].section, "4");
  ASSERT_EQ(r.toc_off_page.size(), 1u);
  EXPECT_EQ(r.toc_off_page[0].section, "5");
  EXPECT_EQ(r.empty_pages, std::vector<int>{6});
  ASSERT_EQ(r.running_lines.size(), 1u);
  EXPECT_NE(r.running_lines[0].find("GB"), std::string::npos);
  ASSERT_EQ(r.suspicious_cells.size(), 1u);
  EXPECT_EQ(r.suspicious_cells[0].text, "8. 70");
  EXPECT_EQ(r.rating, "poor");  // a fifth of the 目次 is missing
  EXPECT_NE(r.summary().find("目次"), std::string::npos);
}

TEST(FidelityCheck, GarbageGlyphsAndOcrConfidence) {
  auto p = page(1, {block("犌犅38755—2019 电力系统安全稳定导则")});
  p.text_source = "ocr";
  p.ocr_confidence = 62;
  const auto r = check_document({p}, model::DocumentStructure("R", {}), {});
  EXPECT_EQ(r.garbage_chars, 2);
  EXPECT_EQ(r.ocr_pages, std::vector<int>{1});
  EXPECT_EQ(r.low_confidence_pages, std::vector<int>{1});
  EXPECT_EQ(r.rating, "poor");

  auto clean = page(1, {block("电力系统安全稳定导则")});
  const auto good = check_document({clean}, model::DocumentStructure("R", {}), {});
  EXPECT_EQ(good.rating, "good");
  EXPECT_TRUE(good.problems.empty());
}

// Tables whose values OCR mostly could not confirm make the document poor; a few make it fair.
TEST(FidelityCheck, MostlyUnsureTablesArePoor) {
  auto table = [](int unsure) {
    model::TableEntry t;
    t.table_id = "表4";
    t.page_start = 1;
    t.merged.row_count = 6;
    t.merged.col_count = 2;
    for (int r = 0; r < 6; ++r)
      for (int c = 0; c < 2; ++c)
        t.merged.cells.push_back({r, c, std::to_string(r * 10 + c), 1, 1, r * 2 + c < unsure});
    return t;
  };
  const auto p = page(1, {block("工作票应保存一年。")});
  const auto few = check_document({p}, model::DocumentStructure("R", {}), {table(2)});
  EXPECT_EQ(few.unsure_cells, 2);
  EXPECT_EQ(few.filled_cells, 12);
  EXPECT_EQ(few.rating, "fair");
  const auto most = check_document({p}, model::DocumentStructure("R", {}), {table(7)});
  EXPECT_EQ(most.rating, "poor");
}

}  // namespace fidelity_check_test
}  // namespace regreader::parse
