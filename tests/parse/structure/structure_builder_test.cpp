#include "regreader/parse/structure/structure_builder.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "regreader/parse/markdown/markdown_parser.hpp"

#include "parse/raw_blocks.hpp"

namespace regreader::parse {
namespace structure_builder_test {

using fixtures::larger;
using fixtures::para;
using fixtures::table;

// A PDF-like regulation: no markup, headings known only from numbering and font.
RawDocument pdf_like() {
  RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 4;
  raw.blocks = {para("目次", 1, true),
                para("4 作业要求 ........................ 2", 1),
                para("5 安全组织措施 .................. 2", 1),
                para("4 作业要求", 2, true),
                para("本规程适用于 10 kV 及以上的变电站。", 2),
                para("5 安全组织措施", 2, true),
                para("5.2 工作票种类", 2, true),
                para("5.2.1 需要高压设备全部停电的工作，填用第一种工作票。", 2),
                para("5.2.2 大于表1安全距离的相关场所的工作，填用第二种工作票，", 2),
                para("并经工作许可人同意（见注1）。", 3),
                para("0.5 秒内确认位置。", 3),
                para("表1 设备不停电时的安全距离", 3),
                table(3),
                para("注1：表中未列电压等级按高一挡电压等级安全距离。", 3),
                para("a) 核对设备名称；", 3),
                para("b) 拉开断路器。", 3),
                para("附录 A （资料性附录） 工作票格式", 4, true),
                para("A.1 工作票应包括编号。", 4)};
  return raw;
}

TEST(StructureBuilder, BuildsTheChapterTreeWithPageRanges) {
  auto doc = build_document(pdf_like(), "R");
  const auto& s = doc.structure;
  const auto* n522 = s.get_node_by_section_number("5.2.2");
  ASSERT_NE(n522, nullptr);
  EXPECT_EQ(n522->page_start, 2);
  EXPECT_EQ(n522->page_end, 3);
  EXPECT_EQ(s.get_chapter_path(n522->node_id),
            (std::vector<std::string>{"5 安全组织措施", "5.2 工作票种类",
                                      "5.2.2 大于表1安全距离的相关场所的工作…"}));
  EXPECT_EQ(s.get_node_by_section_number("5")->page_end, 3);
  EXPECT_EQ(s.get_node_by_section_number("4")->page_start, 2)
      << "the table of contents is not a chapter";
  const auto* app = s.get_node_by_section_number("附录A");
  ASSERT_NE(app, nullptr);
  EXPECT_EQ(app->page_start, 4);
  EXPECT_EQ(s.find(s.get_node_by_section_number("A.1")->parent_id), app);
  EXPECT_EQ(s.get_node_by_section_number("0.5"), nullptr);
}

TEST(StructureBuilder, PagesCarryBlocksPathsNotesAndContinuations) {
  auto doc = build_document(pdf_like(), "R");
  ASSERT_EQ(doc.pages.size(), 4u);
  const auto& p2 = doc.pages[1];
  const auto& p3 = doc.pages[2];
  EXPECT_TRUE(p2.continues_to_next);
  EXPECT_TRUE(p3.continues_from_prev);
  EXPECT_FALSE(doc.pages[0].continues_to_next);
  EXPECT_EQ(p3.chapter_path.back(), "5.2.2 大于表1安全距离的相关场所的工作…");
  EXPECT_EQ(p2.active_chapters,
            (std::vector<std::string>{"4 作业要求", "5 安全组织措施", "5.2 工作票种类",
                                      "5.2.1 需要高压设备全部停电的工作…",
                                      "5.2.2 大于表1安全距离的相关场所的工作…"}));
  // Page 3: continued text, a quantity line, the table (caption joined), the note, one list.
  ASSERT_EQ(p3.content_blocks.size(), 5u);
  EXPECT_EQ(p3.content_blocks[2].block_type, model::BlockType::kTable);
  EXPECT_EQ(p3.content_blocks[2].table_meta->caption, "表1 设备不停电时的安全距离");
  EXPECT_EQ(p3.content_blocks[2].table_meta->table_id, "表1");
  EXPECT_EQ(p3.content_blocks[4].block_type, model::BlockType::kList);
  EXPECT_EQ(p3.content_blocks[4].content_markdown, "a) 核对设备名称；\nb) 拉开断路器。");
  ASSERT_EQ(p3.annotations.size(), 1u);
  EXPECT_EQ(p3.annotations[0].annotation_id, "注1");
  // The table above the note, and the paragraph that says 见注1.
  EXPECT_EQ(p3.annotations[0].related_blocks, (std::vector<std::string>{"R:p3:b3", "R:p3:b1"}));
  EXPECT_EQ(p3.content_blocks[2].block_id, "R:p3:b3");
  for (const auto& b : p3.content_blocks)
    EXPECT_FALSE(b.chapter_path.empty());
}

TEST(StructureBuilder, IdsAreDeterministic) {
  EXPECT_EQ(build_document(pdf_like(), "R").pages, build_document(pdf_like(), "R").pages);
  EXPECT_EQ(build_document(pdf_like(), "R").structure, build_document(pdf_like(), "R").structure);
}

TEST(StructureBuilder, LawsNestArticlesUnderChaptersAndKeepTheSpace) {
  const char* md =
      "# 中华人民共和国示例法\n\n## 第一章 总则\n\n第一条　为了规范示例，制定本法。\n\n"
      "第二条 本法适用于示例。依照第一条规定执行。\n\n## 第二章 附则\n\n第三条 "
      "本法自公布之日起施行。\n";
  auto doc = build_document(parse_markdown(md, true, {}), "LAW");
  const auto& s = doc.structure;
  EXPECT_EQ(doc.info.title, "中华人民共和国示例法");
  ASSERT_EQ(s.roots().size(), 2u);
  EXPECT_EQ(s.roots()[0]->display_title(), "第一章 总则");
  EXPECT_EQ(s.roots()[0]->children_ids.size(), 2u);
  EXPECT_EQ(s.find(s.get_node_by_section_number("第三条")->parent_id)->section_number, "第二章");
  EXPECT_EQ(doc.pages[0].content_blocks[2].content_markdown, "第一条 为了规范示例，制定本法。");
}

TEST(StructureBuilder, MarkdownHeadingLevelsNestUnnumberedHeadings) {
  const char* md =
      "# 标题\n\n## 前言\n\n说明。\n\n## 1 范围\n\n### 1.1 适用\n\n正文。\n\n## 术语\n\n### "
      "变电站\n\n定义。\n";
  auto doc = build_document(parse_markdown(md, true, {}), "M");
  const auto& s = doc.structure;
  ASSERT_EQ(s.roots().size(), 3u);
  EXPECT_EQ(s.roots()[2]->title, "术语");
  EXPECT_EQ(s.roots()[2]->children_ids.size(), 1u);
  EXPECT_EQ(s.get_node_by_section_number("1.1")->level, 2);
}

// A Word file converted to Markdown: escaped clause dots, bold chapter numbers, anchors, header
// images and page numbers between the words.
TEST(StructureBuilder, AConvertersMarkupAroundNumbersIsNotTheirText) {
  const char* md =
      "![ref1]\n\n1**<a name=\"_page6\"></a> 总 则\n\n1\\.0.1为使设计因地制宜，制定本规范。\n\n"
      "本规范适用于新建建筑。\n5\n![ref2]\n\n**2** 术 语\n\n2\\.0.1接闪器 由接闪杆组成。\n";
  auto doc = build_document(parse_markdown(md, true, {}), "C");
  const auto& s = doc.structure;
  ASSERT_EQ(s.roots().size(), 2u);
  EXPECT_EQ(s.roots()[0]->display_title(), "1 总 则") << "spaced as printed";
  EXPECT_EQ(s.roots()[1]->display_title(), "2 术 语");
  ASSERT_NE(s.get_node_by_section_number("2.0.1"), nullptr);
  EXPECT_EQ(s.find(s.get_node_by_section_number("2.0.1")->parent_id)->section_number, "2");
  for (const auto& p : doc.pages)
    for (const auto& b : p.content_blocks)
      EXPECT_EQ(b.content_markdown.find("![ref"), std::string::npos) << b.content_markdown;
}

// OCR may leave pieces of a table's header as lines between the caption and the table: the
// caption still names the table; a sentence between them does not let it.
TEST(StructureBuilder, ACaptionOverHeaderPiecesNamesTheTable) {
  const char* md =
      "# 规程\n\n7.5.1 砍剪树木时应保持表4的安全距离。\n\n表4 "
      "邻近或交叉其他电力线工作的安全距离\n\n"
      "电压等级安全距\n\nV\n\n| 10及以下 | 1.0 |\n|---|---|\n| 220 | 4.0 |\n\n"
      "表5 与带电体的距离\n\n下表列出了各电压等级的距离。\n\n| 10 | 0.7 |\n|---|---|\n| 35 | 1.0 "
      "|\n";
  auto doc = build_document(parse_markdown(md, true, {}), "R");
  ASSERT_EQ(doc.tables.size(), 2u);
  EXPECT_EQ(doc.tables[0].table_id, "表4");
  EXPECT_EQ(doc.tables[0].caption, "表4 邻近或交叉其他电力线工作的安全距离");
  EXPECT_NE(doc.tables[1].table_id, "表5") << "a sentence stands between caption and table";
}

const model::ChapterNode* node_titled(const model::DocumentStructure& s, const std::string& t) {
  for (const auto& n : s.nodes())
    if (n.title == t) return &n;
  return nullptr;
}

TEST(StructureBuilder, HeadingsNumberedInWordsUnderAnAppendixNotInsideArticles) {
  // Company rules head their sections 一、二、 under a chapter or appendix; inside an article
  // the same numbers count the items of a list.
  const char* md =
      "# 示例细则\n\n## 第一章 总则\n\n第一条 本细则适用于：\n\n一、变电站\n\n二、配电站\n\n"
      "### 附录A：职责\n\n一、生产技术部门职责\n\n负责归口管理。\n\n二、运行部门职责：\n\n"
      "负责执行。\n\n三、凡使用操作票的单位，均应按本细则执行。\n";
  auto doc = build_document(parse_markdown(md, true, {}), "R");
  const auto& s = doc.structure;
  const auto* appendix = s.get_node_by_section_number("附录A");
  ASSERT_NE(appendix, nullptr);
  ASSERT_EQ(appendix->children_ids.size(), 2u);
  const auto* second = s.find(appendix->children_ids[1]);
  EXPECT_EQ(second->section_number, "二");
  EXPECT_EQ(second->title, "运行部门职责：");
  EXPECT_EQ(s.find(appendix->children_ids[0])->title, "生产技术部门职责");
  EXPECT_EQ(node_titled(s, "变电站"), nullptr);  // an item of 第一条's list
  bool printed = false;
  for (const auto& p : doc.pages)
    for (const auto& b : p.content_blocks)
      printed = printed || b.content_markdown.find("二、运行部门职责") != std::string::npos;
  EXPECT_TRUE(printed);  // the heading keeps its 、 as printed
}

// A converted appendix whose title ran into the sentence that presents its table: the title is
// what comes before the appendix's own 表F.1; the caption after it still names the table.
TEST(StructureBuilder, AnAppendixTitleRunIntoItsTablesSentence) {
  const char* md =
      "## 1 范围\n\n本标准规定了安全要求。\n\n## 附录 F\n\n"
      "(规范性附录) 标示牌式样表 F.1 给出了标示牌式样。表 F.1 标示牌式样\n\n"
      "|名称|式样|\n|---|---|\n|在此工作!|绿底|\n\n## 附录 G\n\n(资料性附录)\n\n"
      "操作票格式表 G.1 给出了操作票格式。表 G.1 操作票\n\n|单位|编号|\n|---|---|\n|甲|1|\n";
  auto doc = build_document(parse_markdown(md, true, {}), "R");
  const auto* f = doc.structure.get_node_by_section_number("附录F");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->title, "标示牌式样");
  const auto* g = doc.structure.get_node_by_section_number("附录G");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->title, "操作票格式");
  ASSERT_EQ(doc.tables.size(), 2u);
  EXPECT_EQ(doc.tables[0].table_id, "表F.1");
  EXPECT_EQ(doc.tables[1].table_id, "表G.1");
}

TEST(StructureBuilder, QuestionsOfAQuestionAndAnswerSectionAreHeadings) {
  // A manual's Q&A: "N、" paragraphs that ask (a question mark, or 答： after them) are the
  // section's questions; the first may state a fact when the second asks. Numbered items inside
  // an answer, or in a section that asks nothing, stay list items.
  const char* md =
      "# 应知应会\n\n## 技术与安全应知应会知识\n\n1、目前我公司承试工作分为两个大类，\n\n"
      "一类是：交接试验。\n\n2、承试工作可能造成伤害的因素有那些？具体的防范措施又是什么？\n\n"
      "答：因素有：\n\n1、电的伤害。\n\n2、机械伤害。\n\n3、开关柜停电，拉出开关的操作顺序是什么？"
      "（其他型号请查看说明书）\n\n答：先分闸。\n\n4、送电顺序\n\n答：先合上进线开关。\n\n"
      "## 电工安全操作规程\n\n1、电气操作人员应思想集中。\n\n2、工作前应详细检查工具。\n";
  auto doc = build_document(parse_markdown(md, true, {}), "R");
  const auto& s = doc.structure;
  const auto* qa = node_titled(s, "技术与安全应知应会知识");
  ASSERT_NE(qa, nullptr);
  std::vector<std::string> titles;
  for (const auto& id : qa->children_ids)
    titles.push_back(s.find(id)->section_number + " " + s.find(id)->title);
  EXPECT_EQ(titles, (std::vector<std::string>{
                        "1 目前我公司承试工作分为两个大类，",
                        "2 承试工作可能造成伤害的因素有那些？具体的防范措施又是什么？",
                        "3 开关柜停电，拉出开关的操作顺序是什么？", "4 送电顺序"}));
  EXPECT_EQ(node_titled(s, "电的伤害。"), nullptr);  // an item of an answer
  const auto* rules = node_titled(s, "电工安全操作规程");
  ASSERT_NE(rules, nullptr);
  EXPECT_TRUE(rules->children_ids.empty()) << "numbered rules that ask nothing are a list";
}

TEST(StructureBuilder, TermsAppendicesAndExplanations) {
  RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 5;
  raw.blocks = {
      para("1 总则", 2, true), para("1.0.1 为规范风电场工程风能资源测量，制定本规范。", 2),
      para("2 术语和定义", 2, true), para("2.1", 2),
      para("电力系统安全性 security of power system", 2),
      para("电力系统在运行中承受扰动的能力。", 2),
      // A term with an English term too long for a title, wrapped (NB/T 31147).
      para("2.2 初拟风电机组轮毂高度 proposed hub height of wind tur-", 2), para("bine", 2),
      para("附录A", 4, true), para("(规范性附录)", 4), para("电力系统稳定性分类", 4),
      para("条文说明", 5, true), para("4 风能资源测量", 5, true), para("4.1 测量方案", 5, true),
      para("4.1.5 本条说明测风塔的数量。", 5), para("4.1.7～4.1.8 测风塔位置的说明。", 5)};
  auto doc = build_document(raw, "R");
  const auto& s = doc.structure;
  ASSERT_NE(s.get_node_by_section_number("1.0.1"), nullptr);
  ASSERT_NE(s.get_node_by_section_number("2.1"), nullptr);
  EXPECT_EQ(s.get_node_by_section_number("2.1")->title, "电力系统安全性");
  ASSERT_NE(s.get_node_by_section_number("2.2"), nullptr);
  EXPECT_EQ(s.get_node_by_section_number("2.2")->title, "初拟风电机组轮毂高度");
  ASSERT_NE(s.get_node_by_section_number("附录A"), nullptr);
  EXPECT_EQ(s.get_node_by_section_number("附录A")->title, "电力系统稳定性分类");
  ASSERT_NE(node_titled(s, "条文说明"), nullptr);
  // The explanation numbers again from 4: not rejected as out of order after 2.1.
  ASSERT_NE(s.get_node_by_section_number("4"), nullptr);
  EXPECT_EQ(s.get_node_by_section_number("4")->page_start, 5);
  EXPECT_NE(s.get_node_by_section_number("4.1.7～4.1.8"), nullptr);
}

// A converter leaves the explanation's heading after the standard's number in one paragraph, or
// with the closing mark of a bold run opened lines before; the explained clauses that follow
// are its chapters, not paragraphs of the last clause of the standard.
TEST(StructureBuilder, ExplanationsHeadedAsConvertersLeaveThem) {
  for (const std::string heading : {"GB 50229-2019\n条文说明", "条文说明**", "附：条文说明"}) {
    const std::string md =
        "## 3 基本规定\n\n3.0.1 接地装置应按设计施工。\n\n"
        "3.0.2 接地线不应作其他用途。\n\n**中华人民共和国国家标准\n\n"
        "接地装置施工及验收规范**\n\n" +
        heading + "\n\n**3 基本规定**\n\n3.0.1 本条规定施工的依据。\n";
    auto doc = build_document(parse_markdown(md, true, {}), "R");
    const auto& s = doc.structure;
    SCOPED_TRACE(heading);
    ASSERT_NE(node_titled(s, "条文说明"), nullptr);
    std::vector<std::string> explained;
    for (const auto& block : doc.pages.back().content_blocks)
      if (block.content_markdown.find("本条规定") != std::string::npos)
        explained = block.chapter_path;
    ASSERT_FALSE(explained.empty());
    EXPECT_EQ(explained.back().rfind("3.0.1 本条规定", 0), 0u) << explained.back();
  }
}

// A converter that wrote a run of clauses twice: each repeated clause is cited under its own
// chapter, not under the last chapter before the repeat.
TEST(StructureBuilder, AClauseWrittenAgainBelongsToItsOwnChapter) {
  const std::string md =
      "**11 变电站**\n\n**11.1 防火间距及消防道路**\n\n"
      "11.1.1 变电站内建筑物及设备的防火间距不应小于表11.1.1的规定。\n\n"
      "11.1.2 油量为2500kg及以上的屋外油浸变压器之间的防火间距不能满足要求时，应设置防火墙。\n\n"
      "11.1.3 变电站站区围墙处可设一个供消防车辆进出的出入口。\n\n"
      "11.1 防火间距及消防道路\n\n"
      "11.1.2 油量为2500kg及以上的屋外油浸变压器之间的防火间距不能满足要求时，应设置防火墙。\n\n"
      "**11.2 安全疏散**\n\n11.2.1 控制室的疏散出口不应少于2个。\n";
  auto doc = build_document(parse_markdown(md, true, {}), "R");
  std::vector<std::vector<std::string>> repeated;
  for (const auto& page : doc.pages)
    for (const auto& b : page.content_blocks)
      if (b.content_markdown.rfind("11.1.2 ", 0) == 0 ||
          b.content_markdown == "11.1 防火间距及消防道路")
        repeated.push_back(b.chapter_path);
  ASSERT_EQ(repeated.size(), 3u);
  EXPECT_EQ(repeated[0].back().rfind("11.1.2 ", 0), 0u) << repeated[0].back();
  EXPECT_EQ(repeated[1].back(), "11.1 防火间距及消防道路");
  EXPECT_EQ(repeated[2], repeated[0]);
  // The chapter of the clause after which the repeat stands keeps its own text only.
  const auto* last = doc.structure.get_node_by_section_number("11.1.3");
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last->content_block_ids.size(), 1u);
}

TEST(StructureBuilder, GluedNumbersFieldCodesAndCovers) {
  RawDocument raw;
  raw.format = "markdown";
  raw.page_count = 2;
  raw.blocks = {para("目 次", 1),
                para("1 范围\t PAGEREF _Toc469558889 \\h I", 1),
                para("3 风能资源评估\t PAGEREF _Toc469558890 \\h XVII", 1),
                para("1 范围", 2),
                para("2 规范性引用文件", 2),
                para("3 风能资源评估", 2),
                para("3.1 风特征参数", 2),
                para("3.1.3 风功率密度应按下式计算。", 2),
                para("3.1.450年一遇最大风速和极大风速应按下列规定确定：", 2)};
  auto doc = build_document(raw, "R");
  const auto& s = doc.structure;
  EXPECT_EQ(s.get_node_by_section_number("目次"), nullptr);
  ASSERT_NE(s.get_node_by_section_number("1"), nullptr);
  EXPECT_EQ(s.get_node_by_section_number("1")->title, "范围");
  ASSERT_NE(s.get_node_by_section_number("3.1.4"), nullptr);
  EXPECT_EQ(s.get_node_by_section_number("3.1.450"), nullptr);
  for (const auto& n : s.nodes())
    EXPECT_EQ(n.title.find("PAGEREF"), std::string::npos) << n.title;
  for (const auto& p : doc.pages)
    EXPECT_EQ(p.content_markdown.find("PAGEREF"), std::string::npos);
}

TEST(StructureBuilder, UnnumberedChaptersByTypeSize) {
  const auto heading = larger;
  RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 4;
  raw.blocks = {heading("电力工程承试工作手册", 1),   para("湖南电器检测所", 1),
                heading("电工安全操作规程", 2),       para("一、电工必须持证上岗。", 2),
                heading("湖南电器检测所有限公司", 2), heading("2016.12.27", 2),
                heading("变配电安全操作规程", 3),     para("倒闸操作必须两人进行。", 3),
                heading("总协调员岗位职责", 4),       para("负责项目的总体协调。", 4),
                heading("实施日期： 年 月 日", 4)};
  auto doc = build_document(raw, "R");
  const auto& s = doc.structure;
  ASSERT_NE(node_titled(s, "电工安全操作规程"), nullptr);
  EXPECT_EQ(node_titled(s, "电工安全操作规程")->page_start, 2);
  ASSERT_NE(node_titled(s, "总协调员岗位职责"), nullptr);
  EXPECT_EQ(node_titled(s, "电力工程承试工作手册"), nullptr) << "the cover is not a chapter";
  // A signature above its date, the date, and a form's blank date field are not chapters.
  EXPECT_EQ(node_titled(s, "湖南电器检测所有限公司"), nullptr);
  EXPECT_EQ(node_titled(s, "2016.12.27"), nullptr);
  EXPECT_EQ(s.nodes().size(), 3u);
}

// An unnumbered heading right over a table without a caption names the table; the heading stays
// a chapter.
TEST(StructureBuilder, UnnumberedHeadingOverATableNamesIt) {
  const RawBlock h = larger("设备试验工作内容", 2);
  const RawBlock first = larger("电工安全操作规程", 1);
  RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 2;
  raw.blocks = {first, para("电工必须持证上岗。", 1), h, table(2)};
  auto doc = build_document(raw, "R");
  ASSERT_NE(node_titled(doc.structure, "设备试验工作内容"), nullptr);
  const auto& blocks = doc.pages[1].content_blocks;
  auto t = std::find_if(blocks.begin(), blocks.end(), [](const auto& b) { return b.table_meta; });
  ASSERT_NE(t, blocks.end());
  EXPECT_EQ(t->table_meta->caption, "设备试验工作内容");
}

TEST(StructureBuilder, NotesSetAsParagraphsOrTableRows) {
  RawDocument raw;
  raw.format = "docx";
  raw.page_count = 1;
  RawBlock t = table(1);
  t.table->row_count = 3;
  t.table->cells.push_back({2, 0, "注：表中未列电压等级按高一档电压等级的安全距离。", 1, 2});
  raw.blocks = {para("5 安全距离", 1, true), para("表1 设备不停电时的安全距离", 1), t,
                para("注：1 不同高度的年平均风速参考值按风切变指数为1/7推算。", 1),
                para("2 与风功率密度上限值对应的年平均风速参考值，按瑞利分布推算。", 1)};
  auto doc = build_document(raw, "R");
  const auto& notes = doc.pages[0].annotations;
  ASSERT_EQ(notes.size(), 3u);
  EXPECT_EQ(notes[0].annotation_id, "注");
  EXPECT_NE(notes[0].content.find("高一档"), std::string::npos);
  ASSERT_EQ(doc.tables.size(), 1u);
  EXPECT_EQ(doc.tables[0].merged.row_count, 2) << "the 注 row is not data";
  EXPECT_EQ(notes[0].related_blocks, std::vector<std::string>{"R:p1:b2"}) << "the table's own note";
  EXPECT_EQ(notes[1].annotation_id, "注1");
  EXPECT_EQ(notes[2].annotation_id, "注2");
  EXPECT_EQ(notes[2].content.rfind("与风功率密度", 0), 0u);
}

TEST(StructureBuilder, ANoteMarkerAloneOnItsLineTakesTheParagraphAfterIt) {
  RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 2;
  raw.blocks = {para("5 操作", 1, true), para("5.1 合闸前检查储能。", 1),
                para("注：", 1),         para("高压断路器合不上的原因：机构没有储能。", 1),
                para("注：", 1),         para("6 试验", 2, true)};
  auto doc = build_document(raw, "R");
  const auto& notes = doc.pages[0].annotations;
  ASSERT_FALSE(notes.empty());
  EXPECT_EQ(notes[0].annotation_id, "注");
  EXPECT_EQ(notes[0].content.rfind("高压断路器合不上的原因", 0), 0u) << notes[0].content;
  EXPECT_NE(doc.structure.get_node_by_section_number("6"), nullptr)
      << "a marker at the end of a page takes nothing from the next";
  for (const auto& n : doc.pages[1].annotations)
    EXPECT_EQ(n.content.find("试验"), std::string::npos);
}

TEST(StructureBuilder, AMisreadChapterNumberIsTakenFromItsSections) {
  RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 2;
  raw.blocks = {para("5 安全组织措施", 1, true),
                para("5.9 工作终结", 1, true),
                para("5.9.4 工作许可人在接到报告后方可下令恢复送电。", 1),
                para("5 安全技术措施", 2, true),  // OCR read 6 as 5
                para("6.1 一般要求", 2, true),
                para("6.1.1 停电检修应做好安全措施。", 2)};
  auto doc = build_document(raw, "R");
  const auto* six = doc.structure.get_node_by_section_number("6");
  ASSERT_NE(six, nullptr);
  EXPECT_EQ(six->title, "安全技术措施");
  EXPECT_EQ(six->page_start, 2);
  EXPECT_EQ(doc.structure.find(doc.structure.get_node_by_section_number("6.1")->parent_id), six);
}

// What OCR does to the headings of a scan (GB 26859's kind): a sub-clause number misread
// ("5.1" for 5.2), a number it could not read at all ("了洒" for 3.3), an appendix letter
// misread ("附录各" over its designation), 前言 with a glyph lost. Mended only on OCR pages.
RawDocument ocr_headings(bool ocr) {
  RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 4;
  raw.page_sources.assign(4, ocr ? "ocr" : "text_layer");
  raw.blocks = {para("前 ]", 1),
                para("本标准按照给出的规则起草。", 1),
                para("3 术语和定义", 2, true),
                para("3.1", 2),
                para("低[电]压 low voltage", 2),
                para("用于配电的交流电力系统中的电压等级。", 2),
                para("3.2 高[电]压 high voltage", 2),
                para("了洒", 2),
                para("发电厂[站] electrical generating station", 2),
                para("由建筑物组成的生产电能的工厂。", 2),
                para("3.4 变电站", 2),
                para("5 安全组织措施", 3, true),
                para("5.1 工作票所列人员", 3, true),
                para("5.1.1 工作票签发人应确认工作必要。", 3),
                para("5.1 工作许可", 3, true),  // 5.2 misread
                para("5.2.1 工作负责人应在得到许可后方可开始工作。", 3),
                para("5.2.2 不应约时停电。", 3),
                para("附录各", 4),
                para("(资料性附录)", 4),
                para("电力线路第一种工作票格式", 4),
                para("A.1 工作票应包括编号。", 4)};
  return raw;
}

TEST(StructureBuilder, OcrMisreadHeadingsAreMendedFromTheirNeighbours) {
  auto doc = build_document(ocr_headings(true), "R");
  const auto& s = doc.structure;
  const auto* permit = s.get_node_by_section_number("5.2");
  ASSERT_NE(permit, nullptr);
  EXPECT_EQ(permit->title, "工作许可");
  EXPECT_EQ(s.find(s.get_node_by_section_number("5.2.1")->parent_id), permit);
  const auto* three = s.get_node_by_section_number("3.3");
  ASSERT_NE(three, nullptr);
  EXPECT_EQ(three->title, "发电厂[站]");
  const auto* app = s.get_node_by_section_number("附录A");
  ASSERT_NE(app, nullptr);
  EXPECT_EQ(app->title, "电力线路第一种工作票格式");
  EXPECT_EQ(app->page_start, 4);
  bool preface = false;
  for (const auto& n : s.nodes())
    preface = preface || (n.title == "前言" && n.page_start == 1);
  EXPECT_TRUE(preface);
}

TEST(StructureBuilder, TextLayerNumbersOutOfSequenceAreWhatThePagePrints) {
  // The same lines from a text layer are what the document prints: nothing is mended.
  auto doc = build_document(ocr_headings(false), "R");
  const auto& s = doc.structure;
  EXPECT_EQ(s.get_node_by_section_number("5.2"), nullptr);
  EXPECT_EQ(s.get_node_by_section_number("3.3"), nullptr);
  EXPECT_EQ(s.get_node_by_section_number("附录A"), nullptr);
}

TEST(StructureBuilder, MarkupHeadingsMadeOfBrokenLinesAreNotChapters) {
  auto h = [](const std::string& t, int level) {
    RawBlock b = para(t, 1);
    b.heading_level = level;
    return b;
  };
  RawDocument raw;
  raw.format = "docx";
  raw.page_count = 1;
  raw.blocks = {h("7 电气操作", 1),
                h("7.3 操作票", 2),
                para("7.3.1 操作票应填写设备双重名称。", 1),
                h("3.2 操作方式", 2),  // a list item of 7.3 that the conversion made a heading
                h("0.4 m(1000kV 为0.6 m)", 2),
                h("8 线路作业", 1)};
  auto doc = build_document(raw, "R");
  const auto& s = doc.structure;
  EXPECT_EQ(s.get_node_by_section_number("3.2"), nullptr);
  EXPECT_EQ(node_titled(s, "0.4 m(1000kV 为0.6 m)"), nullptr);
  ASSERT_NE(s.get_node_by_section_number("8"), nullptr);
  EXPECT_EQ(s.nodes().size(), 4u);  // 7, 7.3, 7.3.1, 8
}

TEST(StructureBuilder, FormulasLaidOutLikeATableAreText) {
  RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 1;
  RawBlock f;
  f.kind = RawBlock::Kind::kTable;
  f.page = 1;
  model::TableMeta t;
  t.row_count = 3;
  t.col_count = 3;
  t.cells = {{0, 1, "dP/dδ＞0", 1, 1},
             {0, 2, "……………………（1）", 1, 1},
             {1, 0, "式中：P———线路传输的有功功率。", 1, 3},
             {2, 1, "KP＝(Pj－Pz)/Pz×100％", 1, 1},
             {2, 2, "……………………（3）", 1, 1}};
  f.table = t;
  raw.blocks = {para("5.3.3 静态稳定判据如公式（1）所示：", 1), f};
  auto doc = build_document(raw, "R");
  EXPECT_TRUE(doc.tables.empty());
  ASSERT_EQ(doc.pages[0].content_blocks.size(), 2u);
  const auto& b = doc.pages[0].content_blocks[1];
  EXPECT_EQ(b.block_type, model::BlockType::kText);
  EXPECT_EQ(b.content_markdown.find("式中"), b.content_markdown.rfind("式中")) << "said once";
  EXPECT_NE(b.content_markdown.find("（3）"), std::string::npos);
}

TEST(StructureBuilder, ASyntheticPageSharedByContentsAndChaptersKeepsTheChapters) {
  RawDocument raw;
  raw.format = "markdown";
  raw.paging = model::Paging::kSynthetic;
  raw.page_count = 1;
  raw.blocks = {para("目  次", 1),
                para("1 范围\t PAGEREF _Toc469558889 \\h I", 1),
                para("2 规范性引用文件\t PAGEREF _Toc469558890 \\h I", 1),
                para("1 范围", 1),
                para("本导则适用于电气操作。", 1),
                para("2 规范性引用文件", 1)};
  auto doc = build_document(raw, "R");
  ASSERT_NE(doc.structure.get_node_by_section_number("1"), nullptr);
  ASSERT_NE(doc.structure.get_node_by_section_number("2"), nullptr);
  EXPECT_EQ(doc.structure.nodes().size(), 2u);
}

TEST(StructureBuilder, AnAppendixKeepsItsPrintedDesignationInTheText) {
  // Found over the whole corpus: the designation went missing from page text when it was cut
  // from the title.
  RawDocument raw;
  raw.format = "markdown";
  raw.page_count = 1;
  raw.blocks = {para("附录C（资料性附录）充电装置及整流模块选择", 1)};
  auto doc = build_document(raw, "R");
  ASSERT_NE(doc.structure.get_node_by_section_number("附录C"), nullptr);
  EXPECT_EQ(doc.structure.get_node_by_section_number("附录C")->title, "充电装置及整流模块选择");
  EXPECT_NE(doc.pages[0].content_markdown.find("资料性附录"), std::string::npos);
}

TEST(StructureBuilder, MarkupHeadingsOfBareValuesAreNotChapters) {
  // Found over the whole corpus: the OCR'd GB 26860 Markdown marks "### 0.28 mO 、0.21 mn" as a
  // heading.
  RawBlock h = para("0.28 mO 、0.21 mn、0.16 m!l", 1);
  h.heading_level = 3;
  RawBlock chapter = para("1 范围", 1);
  chapter.heading_level = 2;
  RawDocument raw;
  raw.format = "markdown";
  raw.page_count = 1;
  raw.blocks = {h, chapter};
  auto doc = build_document(raw, "R");
  ASSERT_EQ(doc.structure.nodes().size(), 1u);
  EXPECT_EQ(doc.structure.nodes()[0].section_number, "1");
}

// A contents page read by OCR: its leader dots come out garbled, so the contents run seems to
// end early, and OCR's line heights make any line look set in larger type. An appendix line of
// the contents after that is no appendix of page 2: the appendices are where the body has them.
TEST(StructureBuilder, AContentsLineOnAnOcrPageIsNoChapterWhateverItsHeight) {
  RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 5;
  raw.page_sources = {"ocr", "ocr", "ocr", "ocr", "ocr"};
  raw.blocks = {para("电力安全工作规程", 1),
                para("目次", 2),
                para("1 范围 ........................ 3", 2),
                para("规范性引用文件 :0", 2),  // the run ends here: its dots are gone
                larger("附录 C （资料性附录） 带电作业工作票格式", 2),
                para("附录 D （资料性附录） 紧急抢修单格式", 2),
                larger("附录 E （规范性附录） 绝缘安全工器具试验项目", 2),
                para("1 范围", 3, true),
                para("本标准规定了电力线路工作的安全要求。", 3),
                para("2 规范性引用文件", 3, true),
                para("3 术语和定义", 3, true),
                para("4 总则", 3, true),
                para("附录 A （资料性附录） 第一种工作票格式", 4, true),
                para("表A.1 给出了第一种工作票格式。", 4),
                para("附录 B （资料性附录） 第二种工作票格式", 5, true),
                para("表B.1 给出了第二种工作票格式。", 5)};
  auto doc = build_document(raw, "R");
  const auto& s = doc.structure;
  for (const auto& n : s.nodes())
    EXPECT_NE(n.page_start, 2) << n.section_number << " " << n.title;
  const auto* a = s.get_node_by_section_number("附录A");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->page_start, 4);
  const auto* b = s.get_node_by_section_number("附录B");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->page_start, 5);
  EXPECT_EQ(s.get_node_by_section_number("附录F"), nullptr);
}

}  // namespace structure_builder_test
}  // namespace regreader::parse
