// The PP-OCR engine's pieces that need no runtime (CTC decoding, DB boxes, placing characters,
// choosing the engine, loading a runtime that is not one), and, when scripts/fetch-ocr-models.sh
// has installed ONNX Runtime and the models, the engine on a page of our sample regulation.

#include "regreader/parse/ocr/ocr_paddle.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/ocr/ctc_decode.hpp"
#include "regreader/parse/ocr/db_boxes.hpp"
#include "regreader/parse/ocr/onnx_runtime.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/pdf/pdf_document.hpp"
#include "test_support.hpp"

namespace regreader::parse {
namespace ocr_paddle_test {

// Probabilities of `steps` time steps over `classes`, each step certain of one class except
// where `probs` says otherwise.
std::vector<float> one_hot(const std::vector<int>& best, int classes,
                           const std::vector<float>& probs = {}) {
  std::vector<float> out(best.size() * static_cast<size_t>(classes), 0.0f);
  for (size_t t = 0; t < best.size(); ++t) {
    const float p = t < probs.size() ? probs[t] : 1.0f;
    for (int k = 0; k < classes; ++k)
      out[t * static_cast<size_t>(classes) + static_cast<size_t>(k)] =
          k == best[t] ? p : (1.0f - p) / static_cast<float>(classes - 1);
  }
  return out;
}

std::string text_of(const CtcLine& line) {
  std::vector<char32_t> cps;
  for (const auto& c : line.chars)
    cps.push_back(c.c);
  return text::from_codepoints(cps);
}

TEST(CtcDecode, RunsAreOneCharacterAndBlanksSeparateRepeats) {
  const CtcAlphabet a{{U'电', U'压', U'1'}};  // classes: 0 blank, 1 电, 2 压, 3 '1', 4 space
  const auto probs = one_hot({1, 1, 0, 2, 2, 2, 0, 3, 0, 3, 4, 1}, 5,
                             {0.9f, 0.6f, 1, 0.8f, 0.95f, 0.7f, 1, 0.5f, 1, 1, 1, 1});
  const CtcLine line = ctc_greedy_decode(probs.data(), 12, 5, a);
  EXPECT_EQ(text_of(line), "电压11 电");
  ASSERT_EQ(line.chars.size(), 6u);
  EXPECT_EQ(line.chars[0].first_step, 0);
  EXPECT_EQ(line.chars[0].last_step, 1);
  EXPECT_FLOAT_EQ(line.chars[0].prob, 0.9f) << "the best step of a run";
  EXPECT_EQ(line.chars[1].first_step, 3);
  EXPECT_EQ(line.chars[1].last_step, 5);
  EXPECT_FLOAT_EQ(line.chars[1].prob, 0.95f);
  EXPECT_EQ(line.chars[3].first_step, 9) << "a blank between two runs of 1 makes two 1s";
  EXPECT_NEAR(line.confidence, (0.9f + 0.95f + 0.5f + 1 + 1 + 1) / 6, 1e-5);
}

TEST(CtcDecode, EachCharacterKeepsTheRunnerUpOfItsSurestStep) {
  const CtcAlphabet a{{U'撒', U'撤', U'线'}};  // 0 blank, 1 撒, 2 撤, 3 线, 4 space
  // Step 0: 撒 0.5, 撤 0.3; step 1: 撒 0.8, 撤 0.15 (its surest); step 3: 线 alone.
  std::vector<float> probs(4 * 5, 0.0f);
  probs[0 * 5 + 1] = 0.5f, probs[0 * 5 + 2] = 0.3f, probs[0 * 5 + 0] = 0.2f;
  probs[1 * 5 + 1] = 0.8f, probs[1 * 5 + 2] = 0.15f, probs[1 * 5 + 0] = 0.05f;
  probs[2 * 5 + 0] = 1.0f;
  probs[3 * 5 + 3] = 1.0f;
  const CtcLine line = ctc_greedy_decode(probs.data(), 4, 5, a);
  ASSERT_EQ(text_of(line), "撒线");
  EXPECT_EQ(line.chars[0].runner_up, U'撤');
  EXPECT_FLOAT_EQ(line.chars[0].runner_up_prob, 0.15f) << "the runner-up where 撒 was surest";
  EXPECT_EQ(line.chars[1].runner_up, 0u) << "only the blank competed with 线";
}

TEST(CtcDecode, EachCharacterKeepsTheThirdChoiceOfItsSurestStep) {
  // 撇 0.29, 撒 0.24, 撤 0.10 (a 72-100 dpi glyph whose right reading came third); 线 alone.
  const CtcAlphabet a{{U'撇', U'撒', U'撤', U'线'}};  // 0 blank, 1-4, 5 space
  std::vector<float> probs(3 * 6, 0.0f);
  probs[0 * 6 + 1] = 0.29f, probs[0 * 6 + 2] = 0.24f, probs[0 * 6 + 3] = 0.10f;
  probs[0 * 6 + 0] = 0.2f;
  probs[1 * 6 + 0] = 1.0f;
  probs[2 * 6 + 4] = 0.9f, probs[2 * 6 + 1] = 0.1f;
  const CtcLine line = ctc_greedy_decode(probs.data(), 3, 6, a);
  ASSERT_EQ(text_of(line), "撇线");
  EXPECT_EQ(line.chars[0].runner_up, U'撒');
  EXPECT_EQ(line.chars[0].third, U'撤');
  EXPECT_FLOAT_EQ(line.chars[0].third_prob, 0.10f);
  EXPECT_EQ(line.chars[1].runner_up, U'撇');
  EXPECT_EQ(line.chars[1].third, 0u) << "no third symbol competed with 线";
}

TEST(CtcDecode, ClassesBeyondTheAlphabetAreBlanks) {
  const CtcAlphabet a{{U'A'}};  // 0 blank, 1 A, 2 space, 3 unknown
  const auto probs = one_hot({3, 1, 3, 1}, 4);
  EXPECT_EQ(text_of(ctc_greedy_decode(probs.data(), 4, 4, a)), "AA");
  EXPECT_EQ(ctc_greedy_decode(probs.data(), 0, 4, a).confidence, 0.0f);
}

TEST(CtcDecode, AlphabetIsOneSymbolPerLine) {
  TempDir dir;
  const auto path = dir.path() / "keys.txt";
  std::ofstream(path) << "'\n疗\n\n1\r\n";
  const CtcAlphabet a = CtcAlphabet::from_file(path.string());
  ASSERT_EQ(a.symbols.size(), 4u);
  EXPECT_EQ(a.symbols[1], U'疗');
  EXPECT_EQ(a.symbols[2], U' ') << "an empty line keeps its class";
  EXPECT_EQ(a.symbols[3], U'1') << "CRLF files read the same";
  try {
    CtcAlphabet::from_file((dir.path() / "none.txt").string());
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kConversion);
  }
}

ProbabilityMap map_of(int w, int h) {
  return {w, h, std::vector<float>(static_cast<size_t>(w) * h, 0.0f)};
}
void fill(ProbabilityMap& m, int x0, int y0, int x1, int y1, float p) {
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      m.p[static_cast<size_t>(y) * m.width + x] = p;
}

TEST(DbBoxes, RegionsBecomeUnclippedBoxesAndNoiseIsDropped) {
  ProbabilityMap m = map_of(200, 80);
  fill(m, 100, 50, 160, 60, 0.9f);  // a second line, lower
  fill(m, 20, 10, 80, 20, 0.9f);    // a line: 60 x 10
  fill(m, 120, 10, 150, 20, 0.4f);  // above the threshold, but a weak region: dropped
  fill(m, 5, 70, 7, 72, 0.95f);     // a speck thinner than min_side: dropped
  const auto boxes = db_boxes(m);
  ASSERT_EQ(boxes.size(), 2u);
  // Grown by area * ratio / perimeter = 600 * 1.6 / 140.
  const float d = 600.0f * 1.6f / 140.0f;
  EXPECT_NEAR(boxes[0].x0, 20 - d, 1e-3);
  EXPECT_NEAR(boxes[0].y0, 10 - d, 1e-3);
  EXPECT_NEAR(boxes[0].x1, 80 + d, 1e-3);
  EXPECT_NEAR(boxes[0].y1, 20 + d, 1e-3);
  EXPECT_NEAR(boxes[0].score, 0.9f, 1e-5);
  EXPECT_GT(boxes[1].y0, boxes[0].y0) << "top to bottom";
  EXPECT_LE(boxes[1].y1, 80.0f) << "clamped to the map";
  EXPECT_TRUE(db_boxes(map_of(0, 0)).empty());
  ProbabilityMap bad{10, 10, {}};
  EXPECT_THROW(db_boxes(bad), Error);
}

TEST(LineChars, CharactersSitOnTheirStepsWithinTheBox) {
  CtcLine line;
  line.chars = {
      {U'电', 1, 2, 0.9f}, {U'压', 6, 7, 0.99f}, {U' ', 9, 9, 0.9f}, {U'1', 11, 11, 0.6f}};
  line.confidence = 0.85f;
  const auto chars = line_chars(line, 100, 50, 150, 60, 4.0f);  // 10 high, steps 4 wide
  ASSERT_EQ(chars.size(), 3u) << "a space is no character";
  EXPECT_FLOAT_EQ((chars[0].x0 + chars[0].x1) / 2, 100 + 4 * 2.0f) << "centred on steps 1-2";
  EXPECT_NEAR(chars[0].x1 - chars[0].x0, 10.0f, 1e-4) << "a Han character is as wide as high";
  EXPECT_LE(chars[1].x1, chars[2].x0) << "no overlap";
  EXPECT_LT(chars[2].x1 - chars[2].x0, 6.0f) << "a digit is narrower";
  EXPECT_TRUE(chars[2].space_before);
  EXPECT_FALSE(chars[1].space_before);
  EXPECT_FLOAT_EQ(chars[0].conf, 85.0f) << "the line's confidence caps its characters'";
  EXPECT_FLOAT_EQ(chars[2].conf, 60.0f);
  for (const auto& c : chars) {
    EXPECT_GE(c.x0, 100.0f);
    EXPECT_LE(c.x1, 150.0f);
    EXPECT_EQ(c.y0, 50.0f);
    EXPECT_EQ(c.baseline, 60.0f);
  }
}

TEST(OcrEngines, NamesAndChoice) {
  EXPECT_EQ(parse_ocr_engine("auto"), OcrEngineChoice::kAuto);
  EXPECT_EQ(parse_ocr_engine("paddle"), OcrEngineChoice::kPaddle);
  EXPECT_EQ(parse_ocr_engine("tesseract"), OcrEngineChoice::kTesseract);
  EXPECT_THROW(parse_ocr_engine("rapid"), Error);
}

TEST(OcrEngines, AutoFallsBackToTesseractWhenPaddleIsNotInstalled) {
  TempDir empty;
  ScopedSettings scoped(settings_with({{"parse.ocr_models", empty.path().string()}}));
  const PaddleFiles files = find_paddle_files();
  EXPECT_NE(files.missing.find(empty.path().string()), std::string::npos) << files.missing;
  std::string why;
  const auto engine = make_ocr_engine(OcrEngineChoice::kAuto, &why);
  EXPECT_EQ(engine->name(), "tesseract");
  EXPECT_TRUE(engine->rereads());
  EXPECT_NE(why.find("libonnxruntime.so.1"), std::string::npos) << why;
  try {
    make_ocr_engine(OcrEngineChoice::kPaddle);
    FAIL() << "paddle asked for by name and not installed";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kConversion);
    EXPECT_NE(std::string(e.what()).find("not installed"), std::string::npos) << e.what();
  }
  EXPECT_EQ(make_ocr_engine(OcrEngineChoice::kTesseract)->name(), "tesseract");
}

TEST(OcrEngines, ARuntimeThatIsNotOneIsRefusedWithItsReason) {
  TempDir dir;
  const auto fake = dir.path() / "libonnxruntime.so.1";
  std::ofstream(fake) << "not a library";
  try {
    OnnxRuntime rt(fake.string());
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kConversion);
    EXPECT_NE(std::string(e.what()).find("cannot load ONNX Runtime"), std::string::npos)
        << e.what();
  }
  // The engine's folder complete but its runtime broken: auto reads with tesseract and says why.
  for (const char* f :
       {"ch_PP-OCRv4_det_infer.onnx", "ch_PP-OCRv4_rec_infer.onnx", "ppocr_keys_v1.txt"})
    std::ofstream(dir.path() / f) << "x";
  ScopedSettings scoped(settings_with({{"parse.ocr_models", dir.path().string()}}));
  std::string why;
  EXPECT_EQ(make_ocr_engine(OcrEngineChoice::kAuto, &why)->name(), "tesseract");
  EXPECT_NE(why.find("cannot load ONNX Runtime"), std::string::npos) << why;
  EXPECT_THROW(make_ocr_engine(OcrEngineChoice::kPaddle), Error);
}

// With the runtime installed: a page of our sample regulation, rendered without its text layer,
// read by PP-OCR against the page's own text layer.
// A line image 20 px high: a dark block for each character at [x0, x1), and `ink` between the
// second and third when asked.
GrayImage line_with(const std::vector<std::pair<int, int>>& glyphs, bool ink) {
  GrayImage img;
  img.width = img.stride = 100, img.height = 20, img.channels = 1, img.dpi = 300;
  img.pixels.assign(2000, 255);
  auto fill = [&](int x0, int x1, int y0, int y1) {
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x)
        img.pixels[static_cast<size_t>(y * 100 + x)] = 20;
  };
  for (const auto& [x0, x1] : glyphs)
    fill(x0, x1, 4, 16);
  if (ink) fill(46, 54, 6, 14);
  return img;
}

std::vector<PdfChar> chars_at(const std::u32string& text,
                              const std::vector<std::pair<int, int>>& glyphs) {
  std::vector<PdfChar> out;
  for (size_t i = 0; i < text.size(); ++i) {
    PdfChar c;
    c.c = text[i];
    c.x0 = static_cast<float>(glyphs[i].first) + 10;  // the crop starts at x = 10
    c.x1 = static_cast<float>(glyphs[i].second) + 10;
    out.push_back(c);
  }
  return out;
}

TEST(SkippedGlyphs, AWideGapWithInkInALineOfChineseIsAGlyphNotRead) {
  const std::vector<std::pair<int, int>> glyphs = {{0, 18}, {20, 38}, {62, 80}};
  const auto found = skipped_glyphs(line_with(glyphs, true), 10, chars_at(U"紧与线", glyphs));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].after, 1u);
  EXPECT_FLOAT_EQ(found[0].x0, 48);
  EXPECT_FLOAT_EQ(found[0].x1, 72);
  EXPECT_TRUE(skipped_glyphs(line_with(glyphs, false), 10, chars_at(U"紧与线", glyphs)).empty())
      << "a gap of paper is a space";
  EXPECT_TRUE(skipped_glyphs(line_with(glyphs, true), 10, chars_at(U"110", glyphs)).empty())
      << "the gap of `1 000` is a thin space";
  const std::vector<std::pair<int, int>> close = {{0, 18}, {20, 38}, {44, 62}};
  EXPECT_TRUE(skipped_glyphs(line_with(close, true), 10, chars_at(U"紧与线", close)).empty());
}

TEST(PaddleEngine, ReadsARenderedPageOfTheSampleRegulation) {
  const PaddleFiles files = find_paddle_files();
  if (!files.missing.empty())
    GTEST_SKIP() << "PP-OCR is not installed (make ocr-models): " << files.missing;
  PaddleEngine engine(files);
  EXPECT_EQ(engine.name(), "paddle");
  EXPECT_FALSE(engine.rereads());
  const PdfDocument pdf(testing::sample_pdf());
  const GrayImage image = pdf.render_gray(1, 300);
  const auto chars = engine.recognize(image);
  std::vector<char32_t> read, layer;
  for (const auto& c : chars) {
    read.push_back(c.c);
    EXPECT_GE(c.conf, 0.0f);
    EXPECT_LE(c.conf, 100.0f);
    EXPECT_GE(c.x0, 0.0f);
    EXPECT_LE(c.x1, pdf.page_size(1).first + 1);
  }
  for (const auto& c : pdf.read_page(1).chars)
    layer.push_back(c.c);
  const std::string got = text::from_codepoints(read);
  for (const char* phrase : {"倒闸操作应由两人进行", "操作票应填写设备的双重名称"})
    EXPECT_NE(got.find(phrase), std::string::npos) << phrase << "\n" << got;
  // A cut of the page is placed where it was cut from.
  const auto block = engine.recognize_block(image, 10.0f, 20.0f);
  ASSERT_FALSE(block.empty());
  EXPECT_NEAR(block.front().x0 - 10.0f, chars.front().x0, 2.0f);
  EXPECT_GT(layer.size(), 100u);
  // One line cut out and read alone, without the detector, lands where it was cut from.
  const size_t at = got.find("倒闸操作应由两人进行");
  ASSERT_NE(at, std::string::npos);
  const size_t first = text::to_codepoints(got.substr(0, at)).size();
  const PdfChar& lead = chars[first];
  const float px = 300.0f / 72.0f;
  const int x0 = std::max(0, static_cast<int>(lead.x0 * px) - 10);
  const int y0 = std::max(0, static_cast<int>(lead.y0 * px) - 10);
  const int w = std::min(image.width - x0, static_cast<int>(12 * (lead.x1 - lead.x0) * px));
  const int h = std::min(image.height - y0, static_cast<int>((lead.y1 - lead.y0) * px) + 20);
  GrayImage cut;
  cut.width = cut.stride = w, cut.height = h, cut.dpi = 300;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      cut.pixels.push_back(image.pixels[static_cast<size_t>(y0 + y) * image.stride + x0 + x]);
  const auto alone = engine.recognize_line(cut, x0 / px, y0 / px);
  std::vector<char32_t> line;
  for (const auto& c : alone)
    line.push_back(c.c);
  EXPECT_NE(text::from_codepoints(line).find("倒闸操作"), std::string::npos)
      << text::from_codepoints(line);
  ASSERT_FALSE(alone.empty());
  EXPECT_NEAR(alone.front().x0, lead.x0, 3.0f);
  EXPECT_NEAR(alone.front().y1, lead.y1, 4.0f);
}

}  // namespace ocr_paddle_test
}  // namespace regreader::parse
