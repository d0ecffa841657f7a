#include "regreader/parse/ocr/ocr_layer.hpp"

#include <gtest/gtest.h>

#include "regreader/core/text.hpp"

using namespace regreader;
using namespace regreader::parse;

namespace ocr_layer_test {

// One line of characters 10 pt wide from x = 100, at y 100-110, all read with `conf`.
std::vector<PdfChar> line(const std::u32string& s, float conf, float y = 100) {
  std::vector<PdfChar> out;
  float x = 100;
  for (char32_t c : s) {
    out.push_back({c, x, x + 10, y, y + 10, y + 9, 10, false, conf});
    x += 10;
  }
  return out;
}

std::string text_of(const std::vector<PdfChar>& chars) {
  std::vector<char32_t> cps;
  for (const auto& c : chars)
    cps.push_back(c.c);
  return text::from_codepoints(cps);
}

TEST(OcrLayer, PlusMinusReadAsShi) {
  auto spaced = [](const std::u32string& text, float x = 100) {
    std::vector<PdfChar> out;
    for (char32_t c : text) {
      if (c != U' ') out.push_back({c, x, x + 9, 100, 110, 109, 10, false, 90});
      x += 10;
    }
    return out;
  };
  auto text = [](const std::vector<PdfChar>& chars) {
    std::u32string t;
    for (const auto& c : chars)
      t += c.c;
    return t;
  };
  auto a = spaced(U"士800 士50");
  mend_plus_minus(a);
  EXPECT_EQ(text(a), U"±800±50");
  auto b = spaced(U"护士2名，士兵");
  mend_plus_minus(b);
  EXPECT_EQ(text(b), U"护士2名，士兵") << "after a Han character, or before none, 士 stays";
}

// The text of `s`, read with confidence 90, after `mend`.
std::string mended_by(void (*mend)(std::vector<PdfChar>&), const std::u32string& s) {
  auto chars = line(s, 90);
  mend(chars);
  return text_of(chars);
}

TEST(OcrLayer, TheDashBeforeAStandardsYearReadAsYi) {
  auto mended = [](const std::u32string& s) { return mended_by(mend_year_dashes, s); };
  EXPECT_EQ(mended(U"本标准按照GB/T1.1一2009给出的规则"), "本标准按照GB/T1.1—2009给出的规则");
  EXPECT_EQ(mended(U"参照GB2894一2008"), "参照GB2894—2008");
  EXPECT_EQ(mended(U"DL/T5352一2018规定"), "DL/T5352—2018规定");
  EXPECT_EQ(mended(U"第10一2009条"), "第10一2009条") << "no standard's code before the number";
  EXPECT_EQ(mended(U"GB2894一200"), "GB2894一200") << "no year after it";
  EXPECT_EQ(mended(U"GB2894一20091"), "GB2894一20091") << "five digits are no year";
  EXPECT_EQ(mended(U"一2009年"), "一2009年");
}

TEST(OcrLayer, AnAppendixTablesNumberGetsItsPointBack) {
  auto mended = [](const std::u32string& s) { return mended_by(mend_appendix_numbers, s); };
  EXPECT_EQ(mended(U"表A1给出了工作票格式"), "表A.1给出了工作票格式");
  EXPECT_EQ(mended(U"见图B2"), "见图B.2");
  EXPECT_EQ(mended(U"表A.1"), "表A.1") << "the point was read";
  EXPECT_EQ(mended(U"表A12"), "表A12") << "A.12 or A1.2: left as read";
  EXPECT_EQ(mended(U"表1"), "表1");
}

TEST(OcrLayer, AnUnsureDigitTakesTheLayersReadingAndStaysUnsure) {
  auto ocr = line(U"10及以下8.70", 95);
  ocr[5].conf = 50;  // the 8
  combine_with_text_layer(ocr, line(U"10及以下0.70", 100));
  EXPECT_EQ(text_of(ocr), "10及以下0.70");
  EXPECT_LE(ocr[5].conf, 40.0f);
}

TEST(OcrLayer, ASeparatorBetweenDigitsTheLayerDisputesIsUnsure) {
  auto ocr = line(U"电压20.35", 92);
  combine_with_text_layer(ocr, line(U"电压20、35", 100));
  EXPECT_EQ(text_of(ocr), "电压20.35") << "neither reading is taken over the other";
  EXPECT_LE(ocr[4].conf, 40.0f) << "20.35 or 20 and 35: another number either way";
  EXPECT_EQ(ocr[3].conf, 92.0f);
  auto prose = line(U"设备，工具", 92);  // a comma between words is no number
  combine_with_text_layer(prose, line(U"设备、工具", 100));
  EXPECT_EQ(prose[2].conf, 92.0f);
}

TEST(OcrLayer, AConfidentDigitTheLayerDisputesIsKeptButMadeUnsure) {
  auto ocr = line(U"电压1.00", 96);
  combine_with_text_layer(ocr, line(U"电压7.00", 100));
  EXPECT_EQ(text_of(ocr), "电压1.00");
  EXPECT_LE(ocr[2].conf, 40.0f) << "one of the two readings is wrong";
  EXPECT_EQ(ocr[4].conf, 96.0f) << "digits both read alike keep their confidence";
}

TEST(OcrLayer, ALineTheLayerReadsDifferentlyAltogetherIsNotVotedOn) {
  auto ocr = line(U"工作票签发人", 60);
  combine_with_text_layer(ocr, line(U"一二三四五", 100));
  for (const auto& c : ocr)
    EXPECT_EQ(c.alt, 0u);
}

TEST(OcrLayer, HanDifferencesBecomeAlternativesDecidedByTheDocumentsOwnText) {
  // Page 1: the document reads 现场勘察 with confidence twice; page 2 has an unsure 勤察
  // where the layer reads 勘察, and a confident 验电 where the layer reads 瞌电.
  std::vector<PdfPage> pages(2);
  auto p1 = line(U"现场勘察现场勘察验电验电", 95);
  pages[0].lines = build_lines(p1);
  auto p2 = line(U"现场勤察后验电", 60);
  for (auto& c : p2)
    if (c.c == U'验' || c.c == U'电') c.conf = 95;
  combine_with_text_layer(p2, line(U"现场勘察后瞌电", 100));
  EXPECT_EQ(text_of(p2), "现场勤察后验电") << "the layer's readings are only alternatives";
  pages[1].lines = build_lines(p2);
  resolve_alternatives(pages);
  ASSERT_EQ(pages[1].lines.size(), 1u);
  EXPECT_EQ(pages[1].lines[0].text, "现场勘察后验电");
}

TEST(OcrLayer, AConfidentReadingWithKnownPairsStands) {
  // 带电 is more frequent than 停电 in the document, but the OCR read 停 with confidence and
  // 停电 occurs elsewhere: the layer's 带 does not win on frequency alone.
  std::vector<PdfPage> pages(2);
  auto p1 = line(U"带电带电带电停电", 95);
  pages[0].lines = build_lines(p1);
  auto p2 = line(U"部分停电", 95);
  combine_with_text_layer(p2, line(U"部分带电", 100));
  pages[1].lines = build_lines(p2);
  resolve_alternatives(pages);
  EXPECT_EQ(pages[1].lines[0].text, "部分停电");
}

TEST(OcrLayer, TheRecognisersSecondChoiceWinsWhereOnlyItFormsTheDocumentsPairs) {
  // The document reads 撤杆 and 撤线 with confidence; an unsure 撒线 whose recogniser's second
  // choice was 撤 becomes 撤线, an unsure 中部 whose second choice (申) forms no known pair
  // stays, and a confident 撒 stands however its second choice fares.
  std::vector<PdfPage> pages(2);
  auto p1 = line(U"立撤杆撤线中部", 95);
  pages[0].lines = build_lines(p1);
  auto p2 = line(U"放撒线路中部撒线", 60);
  p2[1].runner_up = U'撤';
  p2[4].runner_up = U'申';
  p2[6].runner_up = U'撤';
  p2[6].conf = 95;
  pages[1].lines = build_lines(p2);
  resolve_alternatives(pages);
  ASSERT_EQ(pages[1].lines.size(), 1u);
  EXPECT_EQ(pages[1].lines[0].text, "放撤线路中部撒线");
  for (const auto& c : pages[1].lines[0].chars) {
    EXPECT_EQ(c.runner_up, 0u);
    if (c.c == U'撤') {
      EXPECT_EQ(c.conf, 60.0f) << "a character changed stays as unsure as it was";
    }
  }
}

TEST(OcrLayer, TheRecognisersThirdChoiceWinsWhereOnlyItFormsTheDocumentsPairs) {
  // The document reads 撤线 with confidence; an unsure 撇线 whose second choice (撒) forms no
  // known pair and whose third is 撤 becomes 撤线; an unsure 撇 whose choices form nothing stays.
  std::vector<PdfPage> pages(2);
  pages[0].lines = build_lines(line(U"放线紧线与撤线", 95));
  auto l = line(U"紧线与撇线撇开", 40);
  l[3].runner_up = U'撒', l[3].third = U'撤';
  l[5].runner_up = U'撒', l[5].third = U'撤';
  pages[1].lines = build_lines(l);
  resolve_alternatives(pages);
  ASSERT_EQ(pages[1].lines.size(), 1u);
  EXPECT_EQ(pages[1].lines[0].text, "紧线与撤线撇开");
  for (const auto& c : pages[1].lines[0].chars)
    EXPECT_EQ(c.third, 0u) << "alternatives are cleared once decided";
}

TEST(OcrLayer, WithNoPairToGoByAnUnsureReadingYieldsToADictionaryWord) {
  // Nothing else in the document reads 塌 or 撤: an unsure 場方 whose second choice was 塌 is
  // 塌方 (a word 場方 is not); a surer 撇离 (conf 65) keeps its reading.
  std::vector<PdfPage> pages(1);
  auto l = line(U"防止場方人员撇离", 95);
  l[2].conf = 45, l[2].runner_up = U'塌';
  l[6].conf = 65, l[6].runner_up = U'撤';
  pages[0].lines = build_lines(l);
  resolve_alternatives(pages);
  EXPECT_EQ(pages[0].lines[0].text, "防止塌方人员撇离");
}

TEST(OcrLayer, WhereTheDocumentDoesNotTellTheLibrarysTextDecides) {
  // An unsure 場方 (68: too sure for the dictionary) whose second choice was 塌: nothing in the
  // document reads 塌 or 場; the library's other regulations hold 塌方, so it is 塌方. A reading
  // of 96 stands; without a library the reading stays.
  auto read = [](float conf, const CharPairs* library) {
    std::vector<PdfPage> pages(1);
    auto l = line(U"防止土层場方", 99);
    l[4].conf = conf, l[4].runner_up = U'塌';
    pages[0].lines = build_lines(l);
    resolve_alternatives(pages, library);
    return pages[0].lines[0].text;
  };
  const CharPairs library{char_pair(U'塌', U'方'), char_pair(U'土', U'层')};
  EXPECT_EQ(read(68, &library), "防止土层塌方");
  EXPECT_EQ(read(96, &library), "防止土层場方");
  EXPECT_EQ(read(68, nullptr), "防止土层場方");
}

TEST(OcrRereading, EachCharacterTakesTheReadingMostReadingsAgreeOn) {
  auto ocr = line(U"附录刁的要求", 90);
  combine_ocr_readings(ocr, {line(U"附录E的要求", 60), line(U"附录E的要求", 70)});
  EXPECT_EQ(text_of(ocr), "附录E的要求");
  EXPECT_FLOAT_EQ(ocr[2].conf, 70.0f);  // the agreeing reading's confidence
}

TEST(OcrRereading, OnATieTheMoreConfidentReadingWins) {
  auto ocr = line(U"装设遗栏", 50);
  combine_ocr_readings(ocr, {line(U"装设遮栏", 85)});
  EXPECT_EQ(text_of(ocr), "装设遮栏");
  auto kept = line(U"装设遮栏", 85);
  combine_ocr_readings(kept, {line(U"装设遗栏", 50)});
  EXPECT_EQ(text_of(kept), "装设遮栏");
}

TEST(OcrRereading, ADigitAnyReadingDisputesIsUnsureEvenWhenOutvoted) {
  auto ocr = line(U"16及以下0.70", 95);
  combine_ocr_readings(ocr, {line(U"10及以下0.70", 90), line(U"10及以下0.70", 92)});
  EXPECT_EQ(text_of(ocr), "10及以下0.70");
  EXPECT_LE(ocr[1].conf, 40.0f);        // read 6 once: unsure
  EXPECT_FLOAT_EQ(ocr[7].conf, 95.0f);  // the 7 every reading agrees on keeps its confidence
}

TEST(OcrRereading, AReadingOfAnotherLineVotesOnNothing) {
  auto ocr = line(U"工作间断时接地线保留", 80);
  combine_ocr_readings(ocr, {line(U"恢复送电前应检查", 99)});
  EXPECT_EQ(text_of(ocr), "工作间断时接地线保留");
  auto none = line(U"工作间断", 80);
  combine_ocr_readings(none, {});
  EXPECT_EQ(text_of(none), "工作间断");
}

TEST(OcrRereading, ANumberAnotherReadingReadsOtherwiseIsUnsureHoweverFarTheLinesDiffer) {
  // A row under a seal: the readings differ in 4 of 6 characters, too many to align, and the
  // page's 1.3 (the print says 1.5) would keep its 92.
  auto ocr = line(U"土56本1.3", 92);
  combine_ocr_readings(ocr, {line(U"±50三1.5", 90)});
  ASSERT_EQ(text_of(ocr), "土56本1.3");
  for (size_t k : {1u, 2u, 4u, 6u})
    EXPECT_LE(ocr[k].conf, 40.0f) << k;
  EXPECT_FLOAT_EQ(ocr[0].conf, 92.0f) << "only numbers are compared";
  auto same = line(U"土50本1.5", 92);
  combine_ocr_readings(same, {line(U"±50三1.5", 90)});
  for (const auto& c : same)
    EXPECT_FLOAT_EQ(c.conf, 92.0f) << "the numbers agree";
}

TEST(OcrRereading, ADecimalPointOneReadingDropsIsADispute) {
  // `10` and `1.0` align as one insertion: no digit is substituted.
  auto ocr = line(U"距离10米", 95);
  dispute_numbers(ocr, {line(U"距离1.0米", 90)});
  EXPECT_LE(ocr[2].conf, 40.0f);
  EXPECT_LE(ocr[3].conf, 40.0f);
  auto blank = line(U"距离10米", 95);
  dispute_numbers(blank, {line(U"距离", 90)});
  EXPECT_FLOAT_EQ(blank[2].conf, 95.0f) << "nothing read there is no evidence";
}

}  // namespace ocr_layer_test
