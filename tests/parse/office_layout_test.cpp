// Documents as utilities write them in Word or WPS: the fixtures are written by
// scripts/make-office-fixtures.py (OpenDocument exported by LibreOffice to DOCX and PDF), so each
// rule is checked on the PDF a Word user exports and on the Word file itself.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "regreader/core/text.hpp"
#include "regreader/parse/parse_document.hpp"
#include "test_support.hpp"

namespace regreader::parse {
namespace office_layout_test {

using model::BlockType;

model::ParsedDocument parse_fixture(const std::string& name) {
  ParseOptions options;
  options.use_office = false;  // the DOCX's structure is its XML; pages need no LibreOffice
  return parse_document(testing::fixtures_dir() / name, "F", options);
}

std::vector<const model::ChapterNode*> top_level(const model::DocumentStructure& s) {
  std::vector<const model::ChapterNode*> out;
  for (const auto& n : s.nodes())
    if (n.parent_id.empty()) out.push_back(&n);
  return out;
}

// The top-level chapters as "number title".
std::vector<std::string> chapter_titles(const model::ParsedDocument& doc) {
  std::vector<std::string> out;
  for (const auto* n : top_level(doc.structure))
    out.push_back(n->section_number + " " + n->title);
  return out;
}

// A parameterised test's name: the fixture's format ("pdf", "docx").
std::string by_format(const ::testing::TestParamInfo<std::string>& info) {
  return info.param.substr(info.param.rfind('.') + 1);
}

// Every block of the document with its type.
std::vector<std::pair<BlockType, std::string>> blocks(const model::ParsedDocument& doc) {
  std::vector<std::pair<BlockType, std::string>> out;
  for (const auto& p : doc.pages)
    for (const auto& b : p.content_blocks)
      out.emplace_back(b.block_type, b.content_markdown);
  return out;
}

class OfficeGuide : public ::testing::TestWithParam<std::string> {};

// Parts 一、… hold items "1.目的" written without a space; "2.1 当…。" steps are list items.
TEST_P(OfficeGuide, PartsHoldTheirItemTitlesAndStepsStayListItems) {
  const auto doc = parse_fixture(GetParam());
  const auto& s = doc.structure;
  const auto parts = top_level(s);
  std::vector<std::string> numbers;
  for (const auto* n : parts)
    numbers.push_back(n->section_number);
  EXPECT_EQ(numbers, (std::vector<std::string>{"一", "二", "三", "四", "五"}));
  ASSERT_EQ(parts.size(), 5u);
  std::vector<std::string> items;
  for (const auto& id : parts[1]->children_ids)
    items.push_back(s.find(id)->section_number + " " + s.find(id)->title);
  EXPECT_EQ(items, (std::vector<std::string>{"1 监视内容", "2 异常处理"}));
  EXPECT_EQ(parts[3]->children_ids.size(), 3u) << "四、巡视检查 holds 1. 2. 3.";
  EXPECT_EQ(s.get_node_by_section_number("2.1"), nullptr) << "a step is no chapter";
  bool step_listed = false;
  for (const auto& [type, text] : blocks(doc))
    step_listed = step_listed || (type == BlockType::kList && text.find("2.1") == 0);
  EXPECT_TRUE(step_listed);
}

// A framed 注意 box, a shaded 说明 call-out and a paragraph of formulas are text blocks whose
// sentence is whole; bullets set with a tab are a list, never a table.
TEST_P(OfficeGuide, BoxesFormulasAndBulletsStayText) {
  const auto doc = parse_fixture(GetParam());
  const std::string box =
      "注意：电池荷电状态低于15%SOC时应停止放电，高于95%SOC时应停止充电，不得超限运行。";
  bool box_whole = false, formula = false, callout = false, bullets = false;
  for (const auto& [type, text] : blocks(doc)) {
    box_whole = box_whole || (type == BlockType::kText && text == box);
    formula = formula || (type == BlockType::kText &&
                          text.find("10MW*4h=40MW·h=100%SOC") != std::string::npos);
    callout = callout || (type == BlockType::kText && text.find("说明：遇大风") == 0);
    bullets = bullets || (type == BlockType::kList && text.find("• 电池堆的电压") == 0);
    if (type == BlockType::kTable) {
      EXPECT_EQ(text.find("监视"), std::string::npos) << "bullets made a table:\n" << text;
      EXPECT_EQ(text.find("注意"), std::string::npos) << text;
    }
    EXPECT_EQ(text.find("\uF06C"), std::string::npos) << "a Wingdings bullet is stored as •";
  }
  EXPECT_TRUE(box_whole);
  EXPECT_TRUE(formula);
  EXPECT_TRUE(callout);
  EXPECT_TRUE(bullets);
}

// An untitled table is named by the lead-in line above it, else by its header; a part printed
// under a bare 续表 joins the table before it; a caption's full number (表3.2-1) is its id.
TEST_P(OfficeGuide, UntitledTablesAreNamedAndABareContinuationJoins) {
  const auto doc = parse_fixture(GetParam());
  std::vector<std::string> names;
  const model::TableEntry* params = nullptr;
  for (const auto& t : doc.tables) {
    names.push_back(t.caption.empty() ? t.merged.named_by + ":" + t.merged.name : t.table_id);
    if (t.table_id == "表1") params = &t;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"line above:各电池簇的告警阈值",
                                             "header:巡视项目/周期/责任人", "表1", "表3.2-1"}));
  ASSERT_NE(params, nullptr);
  EXPECT_EQ(params->segments.size(), 2u);
  EXPECT_EQ(params->merged.row_count, 9) << "the header and rows 1-8";
  EXPECT_EQ(params->merged.cell_text(8, 1), "消防系统启动压力");
  for (const auto& [type, text] : blocks(doc))
    EXPECT_NE(text, "续表") << "the continuation caption is the table's, not a paragraph";
}

// The framed 注意 box and the 说明 call-out are notes of those names (and stay text blocks);
// a paragraph of running text opening with 说明 would not be.
TEST_P(OfficeGuide, BoxedCalloutsAreNotes) {
  const auto doc = parse_fixture(GetParam());
  std::vector<std::string> notes;
  for (const auto& p : doc.pages)
    for (const auto& a : p.annotations)
      notes.push_back(a.annotation_id + "：" + text::prefix(a.content, 8));
  EXPECT_EQ(notes, (std::vector<std::string>{"注意：电池荷电状态低于", "说明：遇大风、暴雨、高"}));
}

INSTANTIATE_TEST_SUITE_P(Exports, OfficeGuide,
                         ::testing::Values("office-guide.pdf", "office-guide.docx"), by_format);

// Word's Title style names the document (with its bracketed Subtitle); every Heading 1 is a
// chapter, the first one on the cover page included.
TEST(OfficeTitle, TheTitleStyleNamesTheDocumentAndHeadingOneIsAChapter) {
  const auto doc = parse_fixture("office-title.docx");
  EXPECT_EQ(doc.info.title, "变电站防误操作管理规定（试行）");
  std::vector<std::string> chapters;
  for (const auto* n : top_level(doc.structure))
    chapters.push_back(n->title);
  EXPECT_EQ(chapters, (std::vector<std::string>{"总则", "防误装置", "附则"}));
}

// Its PDF export: the title is the cover's largest line; chapters set in larger type on a page
// of text (not a cover) are chapters, and hold the articles after them; the subtitle is not one.
TEST(OfficeTitle, ThePdfExportKeepsTheTitleAndChaptersByType) {
  const auto doc = parse_fixture("office-title.pdf");
  EXPECT_EQ(doc.info.title, "变电站防误操作管理规定");
  const auto chapters = top_level(doc.structure);
  std::vector<std::string> titles;
  for (const auto* n : chapters)
    titles.push_back(n->title);
  EXPECT_EQ(titles, (std::vector<std::string>{"总则", "防误装置", "附则"}));
  ASSERT_FALSE(chapters.empty());
  ASSERT_EQ(chapters[0]->children_ids.size(), 2u);
  EXPECT_EQ(doc.structure.find(chapters[0]->children_ids[0])->section_number, "第一条");
}

class OfficeGrid : public ::testing::TestWithParam<std::string> {};

// Items laid out in a borderless grid by a converter (number | text, the end of a wrapped sentence
// back in the first column) are text: no table holds them, and the cut sentence is whole; the real
// table after them, whose long cell runs on in its own column, stays a table.
TEST_P(OfficeGrid, ProseLaidOutInAGridIsTextAndARealTableStays) {
  const auto doc = parse_fixture(GetParam());
  int tables = 0;
  bool whole = false;
  for (const auto& [type, text] : blocks(doc)) {
    if (type == BlockType::kTable) {
      ++tables;
      EXPECT_EQ(text.find("风向标应符合"), std::string::npos) << text;
      EXPECT_NE(text.find("检定周期"), std::string::npos) << text;
    } else {
      whole = whole || text.find("测量误差不应超过±0.5m/s。") != std::string::npos;
    }
  }
  EXPECT_EQ(tables, 1);
  EXPECT_TRUE(whole) << "the sentence wrapped into the first column is one";
}

INSTANTIATE_TEST_SUITE_P(Exports, OfficeGrid,
                         ::testing::Values("office-grid.pdf", "office-grid.docx"), by_format);

class OfficeRules : public ::testing::TestWithParam<std::string> {};

// Word draws the labels (第一章, 第一节, 第一条, （一）) from its numbering: they are stored as
// drawn, never as 第1章 (LibreOffice writes 一, 二, 三 as taiwaneseCountingThousand).
TEST_P(OfficeRules, WordsOwnNumberingIsStoredAsDrawn) {
  const auto doc = parse_fixture(GetParam());
  const auto& s = doc.structure;
  const auto chapters = top_level(s);
  std::vector<std::string> numbers;
  for (const auto* n : chapters)
    numbers.push_back(n->section_number + " " + n->title);
  EXPECT_EQ(numbers, (std::vector<std::string>{"第一章 总则", "第二章 巡视管理", "第三章 缺陷管理",
                                               "第四章 附则"}));
  ASSERT_EQ(chapters.size(), 4u);
  std::vector<std::string> sections;
  for (const auto& id : chapters[1]->children_ids)
    if (s.find(id)->section_number.find("节") != std::string::npos)
      sections.push_back(s.find(id)->section_number + " " + s.find(id)->title);
  EXPECT_EQ(sections, (std::vector<std::string>{"第一节 巡视周期", "第二节 特殊巡视"}));
  std::string all;
  for (const auto& [type, text] : blocks(doc))
    all += text::strip_spaces(text) + "\n";
  EXPECT_NE(all.find("第一条为加强配电设备运维管理"), std::string::npos);
  EXPECT_NE(all.find("第七条本规定由运维检修部负责解释"), std::string::npos)
      << "the articles' list runs on through the chapters";
  EXPECT_NE(all.find("（一）大风、暴雨"), std::string::npos);
  EXPECT_EQ(all.find("第1"), std::string::npos);
}

// A footnote is no chapter (in the PDF, a numbered line in 9 pt type at the page's foot); a text
// box is read once (Word writes it twice: DrawingML and, for older readers, VML).
TEST_P(OfficeRules, AFootnoteIsNoChapterAndATextBoxIsReadOnce) {
  const auto doc = parse_fixture(GetParam());
  for (const auto& n : doc.structure.nodes())
    EXPECT_EQ(n.title.find("危急缺陷指"), std::string::npos) << n.section_number << " " << n.title;
  std::string all;
  for (const auto& [type, text] : blocks(doc))
    all += text + "\n";
  const std::string box = "单人巡视时禁止攀登杆塔";
  const size_t first = all.find(box);
  ASSERT_NE(first, std::string::npos);
  EXPECT_EQ(all.find(box, first + 1), std::string::npos) << "read twice";
  // The clauses after the footnote stay in their chapter.
  bool placed = false;
  for (const auto& p : doc.pages)
    for (const auto& b : p.content_blocks)
      if (b.content_markdown.find("危急缺陷消除后") != std::string::npos) {
        placed = true;
        ASSERT_FALSE(b.chapter_path.empty());
        EXPECT_EQ(b.chapter_path.front(), "第三章 缺陷管理");
        for (const auto& title : b.chapter_path)
          EXPECT_EQ(title.find("危急缺陷指"), std::string::npos) << title;
      }
  EXPECT_TRUE(placed);
}

// A footnote is a note of the page its mark is on, labelled as printed, its mark written where
// it is printed. Word numbers footnotes 1, 2, … as they appear, whatever their ids in the file
// (the first is id 2, after Word's two separators); in the PDF, the note is the 9 pt line at the
// page's foot that opens with the raised mark's label, and leaves the page's text.
TEST_P(OfficeRules, AFootnoteIsANoteLabelledAsPrinted) {
  const auto doc = parse_fixture(GetParam());
  std::vector<std::string> notes;
  for (const auto& p : doc.pages)
    for (const auto& a : p.annotations)
      notes.push_back(std::to_string(p.page_num) + " " + a.annotation_id + "：" +
                      text::prefix(a.content, 6));
  EXPECT_EQ(notes, (std::vector<std::string>{"1 脚注1：危急缺陷指严"}));
  bool marked = false;
  for (const auto& [type, text] : blocks(doc)) {
    marked = marked || text.find("立即报告[脚注1]") != std::string::npos;
    EXPECT_EQ(text.find("危急缺陷指"), std::string::npos) << "the footnote is a note: " << text;
  }
  EXPECT_TRUE(marked);
}

INSTANTIATE_TEST_SUITE_P(Exports, OfficeRules,
                         ::testing::Values("office-rules.pdf", "office-rules.docx"), by_format);

class OfficeNotice : public ::testing::TestWithParam<std::string> {};

// A notice typed in one style throughout, numbered as GB/T 9704 says: 一、 parts hold （一）
// groups, which hold 1. items; its （1） points are sentences, items of a list; its title is the
// line above the addressee, not its first part.
TEST_P(OfficeNotice, PartsHoldGroupsThatHoldItems) {
  const auto doc = parse_fixture(GetParam());
  EXPECT_EQ(doc.info.title, "关于加强迎峰度夏期间安全生产工作的通知");
  EXPECT_EQ(chapter_titles(doc),
            (std::vector<std::string>{"一 总体要求", "二 重点工作", "三 保障措施",
                                      "附件1 迎峰度夏重点设备清单"}));
  const auto& s = doc.structure;
  std::vector<std::string> under_work;  // 二、重点工作's groups and their items
  for (const auto& id : top_level(s)[1]->children_ids) {
    const auto* group = s.find(id);
    ASSERT_TRUE(group);
    under_work.push_back(group->section_number + group->title);
    for (const auto& item_id : group->children_ids)
      under_work.push_back("  " + s.find(item_id)->section_number + " " + s.find(item_id)->title);
  }
  EXPECT_EQ(under_work,
            (std::vector<std::string>{"（一）加强设备巡视", "  1 变电站巡视", "  2 输电线路巡视",
                                      "（二）做好负荷预测", "（三）严格执行两票", "  1 工作票",
                                      "  2 操作票"}));
  bool point = false;
  for (const auto& [type, text] : blocks(doc))
    if (text.find("发现树障应在24小时内处理") != std::string::npos) {
      point = true;
      EXPECT_NE(type, BlockType::kHeading) << text;
    }
  EXPECT_TRUE(point);
  // Its attachment, headed 附件1 on a page of its own and titled on the next line, is what
  // 对照附件1 leads to; the body's list of attachments (附件：1.…) is no chapter.
  const auto* attachment = top_level(s).back();
  // The Word file's pages here are synthetic (no LibreOffice rendering): only the PDF has pages.
  if (GetParam().ends_with(".pdf")) {
    EXPECT_EQ(attachment->page_start, 3);
  }
  bool linked = false;
  for (const auto& l : doc.links)
    if (l.target == "附件1") {
      linked = true;
      EXPECT_TRUE(l.resolved && l.target_id == attachment->node_id) << l.text;
    }
  EXPECT_TRUE(linked);
}

INSTANTIATE_TEST_SUITE_P(Exports, OfficeNotice,
                         ::testing::Values("office-notice.pdf", "office-notice.docx"), by_format);

class OfficeInstruction : public ::testing::TestWithParam<std::string> {};

// No table of a work instruction is captioned 表N: the step table and the record form are named
// by the chapters they open on their pages (`4 作业步骤及标准`, `附录A 作业记录表`), the others
// by their first row; the step table runs over two pages as one table.
TEST_P(OfficeInstruction, TablesAreNamedByTheTitleOverThem) {
  const auto doc = parse_fixture(GetParam());
  std::vector<std::string> names;
  const model::TableEntry* steps = nullptr;
  for (const auto& t : doc.tables) {
    names.push_back(t.merged.named_by + ":" + t.merged.name);
    if (t.merged.name == "作业步骤及标准") steps = &t;
  }
  // The Word file's pages here are synthetic (no LibreOffice rendering) and break between the
  // appendix's heading and its form: a heading on the page before names nothing.
  const bool real_pages = GetParam().ends_with(".pdf");
  EXPECT_EQ(names, (std::vector<std::string>{
                       "header:编写/张三/2026年3月1日", "header:版本/修订日期/修订内容",
                       "heading:作业步骤及标准",
                       real_pages ? "heading:作业记录表" : "header:检查项目/结果/检查人"}));
  ASSERT_NE(steps, nullptr);
  EXPECT_EQ(steps->merged.row_count, 9) << "the header and steps 1-8";
  EXPECT_EQ(steps->merged.cell_text(5, 2), "拆除旧绝缘子，安装新绝缘子并紧固");
}

INSTANTIATE_TEST_SUITE_P(Exports, OfficeInstruction,
                         ::testing::Values("office-instruction.pdf", "office-instruction.docx"),
                         by_format);

class OfficeWide : public ::testing::TestWithParam<std::string> {};

// A table on landscape pages in columns too narrow for its words: a model number or unit the
// word processor cut at the cell's border is one word again (TBB10-3000/200, not "…/20 0"), and
// the row the page break cut is one row, whole, on the page it starts on (某电气公|司).
TEST_P(OfficeWide, WordsCutAtACellsBorderAndRowsCutByThePageAreWhole) {
  const auto doc = parse_fixture(GetParam());
  ASSERT_EQ(doc.tables.size(), 1u);
  const auto& t = doc.tables.front().merged;
  ASSERT_EQ(t.row_count, 7) << "the header and six banks";
  EXPECT_EQ(text::strip_spaces(t.cell_text(0, 3)), "额定容量（kvar）");
  for (int r = 1; r < t.row_count; ++r) {
    EXPECT_EQ(t.cell_text(r, 2), "TBB10-3000/200") << "row " << r;
    EXPECT_EQ(t.cell_text(r, 6), "某电气公司") << "row " << r;
  }
}

INSTANTIATE_TEST_SUITE_P(Exports, OfficeWide,
                         ::testing::Values("office-wide.pdf", "office-wide.docx"), by_format);

class OfficeManual : public ::testing::TestWithParam<std::string> {};

// The manual's four chapters, once each, and no text of a page that begins with a running
// header (`headers`, without spaces).
void expect_manual_chapters_without_headers(const model::ParsedDocument& doc,
                                            const std::vector<std::string>& headers) {
  EXPECT_EQ(chapter_titles(doc),
            (std::vector<std::string>{"1 总则", "2 变压器运行", "3 断路器运行", "4 隔离开关运行"}));
  for (const auto& p : doc.pages)
    for (const auto& b : p.content_blocks) {
      if (b.block_type == model::BlockType::kHeading) continue;
      const std::string t = text::strip_spaces(b.content_markdown);
      for (const auto& name : headers)
        EXPECT_FALSE(t.starts_with(name)) << "a header stored as text on page " << p.page_num;
    }
}

// The running header names the chapter each page is in (a chapter field, Word's STYLEREF): it
// is no text of the page (it was, as `3断路器运行` at the top of pages 3 and 4, between the two
// halves of a clause cut by the page break), and the chapters are the four headings, once each.
// Footnotes numbered through the document are notes of the pages their marks are on.
TEST_P(OfficeManual, AChapterHeaderIsNoTextAndFootnotesAreNotes) {
  const auto doc = parse_fixture(GetParam());
  expect_manual_chapters_without_headers(doc,
                                         {"1总则", "2变压器运行", "3断路器运行", "4隔离开关运行"});
  // (The Word file's pages here are synthetic: LibreOffice's rendering is not asked for.)
  const bool paged = GetParam().ends_with(".pdf");
  std::vector<std::string> notes;
  for (const auto& p : doc.pages)
    for (const auto& a : p.annotations)
      notes.push_back((paged ? std::to_string(p.page_num) + " " : "") + a.annotation_id + "：" +
                      text::prefix(a.content, 4));
  EXPECT_EQ(notes, paged ? (std::vector<std::string>{"2 脚注1：过负荷倍", "3 脚注2：闭锁值见"})
                         : (std::vector<std::string>{"脚注1：过负荷倍", "脚注2：闭锁值见"}));
}

INSTANTIATE_TEST_SUITE_P(Exports, OfficeManual,
                         ::testing::Values("office-manual.pdf", "office-manual.docx"), by_format);

class OfficeNamed : public ::testing::TestWithParam<std::string> {};

// The same manual with its chapters numbered by the word processor: the header's chapter field
// (Word's STYLEREF) prints the chapter's name without its number (变压器运行), which is no text
// of the page either.
TEST_P(OfficeNamed, AHeaderPrintingTheChaptersNameAloneIsNoText) {
  expect_manual_chapters_without_headers(parse_fixture(GetParam()),
                                         {"总则", "变压器运行", "断路器运行", "隔离开关运行"});
}

INSTANTIATE_TEST_SUITE_P(Exports, OfficeNamed,
                         ::testing::Values("office-named.pdf", "office-named.docx"), by_format);

class OfficeContents : public ::testing::TestWithParam<std::string> {};

// A contents page Word generates (a TOC field: entries with dot leaders and page numbers) lists
// the chapters: its entries are no chapters, and every chapter is stored once, from its heading,
// whether chapter 1 starts on the next page or on the contents page itself (no page break after
// the contents: the headings after the last entry were lost with the page's entries, or rebuilt
// from them as 1总则 and 2变压器运行 with 3 and 4 under 2).
TEST_P(OfficeContents, EntriesAreNoChaptersAndEveryChapterIsStoredOnce) {
  const auto doc = parse_fixture(GetParam());
  EXPECT_EQ(chapter_titles(doc),
            (std::vector<std::string>{"1 总则", "2 变压器运行", "3 断路器运行", "4 隔离开关运行"}));
}

INSTANTIATE_TEST_SUITE_P(Exports, OfficeContents,
                         ::testing::Values("office-contents.pdf", "office-contents.docx",
                                           "office-contents-inline.pdf",
                                           "office-contents-inline.docx"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-' || c == '.') c = '_';
                           return name;
                         });

}  // namespace office_layout_test
}  // namespace regreader::parse
