#include "regreader/parse/pdf/pdf_footnotes.hpp"

#include <gtest/gtest.h>

#include "regreader/core/text.hpp"

namespace regreader::parse {
namespace pdf_footnotes_test {

// A line of characters one em wide on `baseline`; characters in `raised` (by index) are set at
// 58% of the size a third of an em higher, as LibreOffice prints a footnote mark.
PdfLine line(const std::string& t, float baseline, float size, std::vector<size_t> raised = {}) {
  std::vector<PdfChar> chars;
  float x = 72;
  size_t k = 0;
  for (char32_t c : text::to_u32string(t)) {
    const bool up = std::find(raised.begin(), raised.end(), k++) != raised.end();
    const float s = up ? 0.58f * size : size, b = up ? baseline - 0.33f * size : baseline;
    chars.push_back({c, x, x + s, b - s, b, b, s});
    x += s;
  }
  PdfLine l;
  l.chars = std::move(chars);
  assemble_line(l);
  return l;
}

PdfPage page(std::vector<PdfLine> lines) {
  PdfPage p;
  p.number = 3;
  p.width = 595;
  p.height = 842;
  p.lines = std::move(lines);
  return p;
}

TEST(PdfFootnotes, AMarkedLineAtThePagesFootIsAFootnote) {
  auto p = page({line("巡视人员发现危急缺陷应立即报告1。", 500, 12, {15}),
                 line("1 危急缺陷指严重威胁人身安全、", 740, 9),
                 line("随时可能导致事故的缺陷", 752, 9)});
  std::vector<RawFootnote> notes;
  take_footnotes(p, 12, notes);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].id, "脚注1");
  EXPECT_EQ(notes[0].text, "危急缺陷指严重威胁人身安全、随时可能导致事故的缺陷");
  EXPECT_EQ(notes[0].page, 3);
  ASSERT_EQ(p.lines.size(), 1u) << "the footnote's lines leave the page's text";
  EXPECT_EQ(p.lines[0].text, "巡视人员发现危急缺陷应立即报告[脚注1]。");
  EXPECT_FLOAT_EQ(p.lines[0].size, 12);
}

// A raised digit after a letter or a number is a power (m², 10⁶), and a small line at the foot
// whose label no mark above carries is a table's note or a label: both stay text.
TEST(PdfFootnotes, PowersAndUnmarkedSmallLinesStayText) {
  auto p = page({line("截面不小于25mm2，电阻不大于106Ω", 500, 12, {13, 22}),
                 line("2 表中截面为最小值", 740, 9), line("6 其余按设计", 752, 9)});
  std::vector<RawFootnote> notes;
  take_footnotes(p, 12, notes);
  EXPECT_TRUE(notes.empty());
  ASSERT_EQ(p.lines.size(), 3u);
  EXPECT_EQ(p.lines[0].text, "截面不小于25mm2，电阻不大于106Ω");
}

// Text in the body's own size at the foot is body text, whatever it opens with; a page number
// under the footnotes is not part of them.
TEST(PdfFootnotes, OnlySmallTypeAtTheFootAndNoPageNumber) {
  auto body = page({line("应立即报告1。", 500, 12, {5}), line("1 应立即停止作业", 740, 12)});
  std::vector<RawFootnote> notes;
  take_footnotes(body, 12, notes);
  EXPECT_TRUE(notes.empty());
  auto foot =
      page({line("应立即报告①，并记录②。", 500, 12, {5, 10}), line("①报告值班调度员。", 730, 9),
            line("②记入运行日志。", 742, 9), line("第 3 页 共 9 页", 760, 9)});
  take_footnotes(foot, 12, notes);
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[0].id, "脚注①");
  EXPECT_EQ(notes[1].text, "记入运行日志。");
  ASSERT_EQ(foot.lines.size(), 2u);
  EXPECT_EQ(foot.lines[0].text, "应立即报告[脚注①]，并记录[脚注②]。");
  EXPECT_EQ(foot.lines[1].text, "第 3 页 共 9 页");
}

}  // namespace pdf_footnotes_test
}  // namespace regreader::parse
