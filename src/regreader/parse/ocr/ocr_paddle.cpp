#include "regreader/parse/ocr/ocr_paddle.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <optional>
#include <thread>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/ocr/db_boxes.hpp"
#include "regreader/parse/ocr/leptonica.hpp"
#include "regreader/parse/ocr/onnx_runtime.hpp"
#include "regreader/parse/ocr/pix.hpp"

#ifndef REGREADER_OCR_DIRS
#define REGREADER_OCR_DIRS ""
#endif

namespace regreader::parse {

namespace fs = std::filesystem;

namespace {

// The detector reads the page scaled so that its longer side is at most this many pixels
// (RapidOCR's max_side_len): at 300 dpi an A4 page becomes about 170 dpi, where body text is
// 20-25 px high, enough for the detector and four times cheaper than the full page.
constexpr int kDetectSide = 2000;
// The detector's input sides are multiples of its stride.
constexpr int kDetectStride = 32;
// The recogniser's input height, and its narrowest input (PP-OCRv4's 3 x 48 x 320).
constexpr int kRecHeight = 48;
constexpr int kRecMinWidth = 320;
// Lines read with a lower confidence are noise (a seal's strokes, a rule): RapidOCR's
// text_score.
constexpr float kMinLineConfidence = 0.5f;
// A Han character read with less than kRunnerUpBelow keeps the recogniser's second choice
// (`PdfChar::runner_up`) when that had at least kRunnerUpProb: 撒 0.80 with 撤 0.15, 欧 0.46
// with 砍 0.43. `resolve_alternatives` decides between them by the document's own text.
constexpr float kRunnerUpBelow = 0.9f;
constexpr float kRunnerUpProb = 0.1f;
bool keeps_runner_up(const CtcChar& g) {
  return g.prob < kRunnerUpBelow && g.runner_up_prob >= kRunnerUpProb && text::is_han(g.c) &&
         text::is_han(g.runner_up);
}
// ... and its third choice when that had at least kThirdProb (撇 0.29, 撒 0.24, 撤 0.10).
constexpr float kThirdProb = 0.05f;
bool keeps_third(const CtcChar& g) {
  return keeps_runner_up(g) && g.third_prob >= kThirdProb && text::is_han(g.third);
}

// ImageNet normalisation the detector was trained with (per channel, BGR = grey x 3).
constexpr float kDetMean[3] = {0.485f, 0.456f, 0.406f};
constexpr float kDetStd[3] = {0.229f, 0.224f, 0.225f};

constexpr const char* kRuntime = "libonnxruntime.so.1";
constexpr const char* kDetector = "ch_PP-OCRv4_det_infer.onnx";
constexpr const char* kRecogniser = "ch_PP-OCRv4_rec_infer.onnx";
constexpr const char* kKeys = "ppocr_keys_v1.txt";

std::vector<fs::path> search_dirs() {
  const std::string& configured = settings().get("parse.ocr_models");
  if (!configured.empty()) return {fs::path(configured)};
  std::vector<fs::path> dirs;
  const std::string compiled = REGREADER_OCR_DIRS;  // ':'-separated, set by CMake
  for (size_t from = 0; from <= compiled.size();) {
    size_t to = compiled.find(':', from);
    if (to == std::string::npos) to = compiled.size();
    if (to > from) dirs.emplace_back(compiled.substr(from, to - from));
    from = to + 1;
  }
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) dirs.push_back(self.parent_path().parent_path() / "share" / "regreader" / "ocr");
  return dirs;
}

int threads() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

uint8_t pixel(const GrayImage& img, int x, int y) {
  return img.pixels[static_cast<size_t>(y) * img.stride + x];
}

// The detector's input: the page (`pix` is `image` as leptonica's) scaled to at most
// kDetectSide, padded with white to the stride, normalised; `scale` is input pixels per page
// pixel.
Tensor detector_input(const GrayImage& image, Pix* pix, float& scale) {
  const int side = std::max(image.width, image.height);
  scale = side > kDetectSide ? static_cast<float>(kDetectSide) / static_cast<float>(side) : 1.0f;
  GrayImage scaled = image;
  if (scale < 1.0f) {
    const PixPtr small = checked(lept().pixScale(pix, scale, scale), "scale a page for OCR");
    scaled = from_pix(small.get(), image.dpi);
  }
  auto pad = [](int v) {
    return std::max(kDetectStride, (v + kDetectStride - 1) / kDetectStride * kDetectStride);
  };
  const int w = pad(scaled.width), h = pad(scaled.height);
  Tensor t{{1, 3, h, w}, std::vector<float>(static_cast<size_t>(3) * w * h)};
  for (int c = 0; c < 3; ++c) {
    float* plane = t.values.data() + static_cast<size_t>(c) * w * h;
    const float white = (1.0f - kDetMean[c]) / kDetStd[c];
    std::fill(plane, plane + static_cast<size_t>(w) * h, white);
    for (int y = 0; y < scaled.height; ++y)
      for (int x = 0; x < scaled.width; ++x)
        plane[static_cast<size_t>(y) * w + x] =
            (static_cast<float>(pixel(scaled, x, y)) / 255.0f - kDetMean[c]) / kDetStd[c];
  }
  return t;
}

struct Crop {
  TextBox box;  // in page pixels
  GrayImage image;
  float ratio = 1;  // width / height
};

// The line `box` cut out of the page.
Crop cut_line(Pix* page, const GrayImage& image, const TextBox& b) {
  Crop crop{b, {}, 1};
  const int x0 = static_cast<int>(std::floor(b.x0)), y0 = static_cast<int>(std::floor(b.y0));
  const int x1 = std::min(image.width, static_cast<int>(std::ceil(b.x1)));
  const int y1 = std::min(image.height, static_cast<int>(std::ceil(b.y1)));
  if (x1 - x0 < 2 || y1 - y0 < 2) return crop;
  BOX* rect = lept().boxCreate(x0, y0, x1 - x0, y1 - y0);
  const PixPtr cut = checked(lept().pixClipRectangle(page, rect, nullptr), "cut a text line");
  lept().boxDestroy(&rect);
  crop.image = from_pix(cut.get(), image.dpi);
  crop.box.x0 = static_cast<float>(x0), crop.box.y0 = static_cast<float>(y0);
  crop.box.x1 = static_cast<float>(x1), crop.box.y1 = static_cast<float>(y1);
  crop.ratio = static_cast<float>(x1 - x0) / static_cast<float>(y1 - y0);
  return crop;
}

// The grey of a line's ink and of its paper: its 8th and 95th percentile (a line's glyphs
// cover a tenth to a third of its box; a table rule crossing it, less). Print under a seal whose
// red the ink filter removed is mid-grey on light grey (colour_ink.hpp), so the threshold
// between ink and paper is the line's own. A line of nearly one grey (under kMinInkSpan) has no
// ink to tell.
constexpr int kMinInkSpan = 48;
std::optional<int> ink_threshold(const GrayImage& line) {
  std::array<int, 256> histogram{};
  for (int y = 0; y < line.height; ++y)
    for (int x = 0; x < line.width; ++x)
      ++histogram[pixel(line, x, y)];
  const long long n = static_cast<long long>(line.width) * line.height;
  auto percentile = [&](double q) {
    long long seen = 0;
    for (int v = 0; v < 256; ++v)
      if ((seen += histogram[static_cast<size_t>(v)]) > static_cast<long long>(q * n)) return v;
    return 255;
  };
  const int lo = percentile(0.08), hi = percentile(0.95);
  if (hi - lo < kMinInkSpan) return std::nullopt;
  return (lo + hi) / 2;
}

// A line for the recogniser: scaled to kRecHeight, left-aligned on at least kRecMinWidth.
Tensor recogniser_input(const Crop& crop) {
  const int cw = std::max(1, static_cast<int>(std::ceil(kRecHeight * crop.ratio)));
  const int w = std::max(kRecMinWidth, cw);
  const size_t plane = static_cast<size_t>(w) * kRecHeight;
  Tensor t{{1, 3, kRecHeight, w}, std::vector<float>(3 * plane, 0.0f)};
  const PixPtr src = to_pix(crop.image);
  const PixPtr scaled =
      checked(lept().pixScaleToSize(src.get(), cw, kRecHeight), "scale a text line");
  const GrayImage line = from_pix(scaled.get(), crop.image.dpi);
  for (int y = 0; y < kRecHeight && y < line.height; ++y)
    for (int x = 0; x < cw && x < line.width; ++x) {
      const float v = static_cast<float>(pixel(line, x, y)) / 127.5f - 1.0f;
      for (int c = 0; c < 3; ++c)
        t.values[static_cast<size_t>(c) * plane + static_cast<size_t>(y) * w + x] = v;
    }
  return t;
}

// Confidence given to the characters next to ink the recogniser did not read.
constexpr float kUnreadInkConf = 40.0f;

bool numeric(char32_t c) {
  return (c >= U'0' && c <= U'9') || c == U'.' || c == U'±' || c == U'+' || c == U'-';
}

// Lowers the confidence of the number (or the one character) at each end of a line where the
// crop has ink, beyond that end, wider than half a glyph the recogniser placed nothing on: a sign
// or digit it did not read (GB 26859's `±660` under a seal read as `660`, which a reader takes
// for another voltage). Ink is looked for in the middle half of the line's height, where table
// rules above and below it are not.
void flag_unread_ink(const GrayImage& crop, float crop_x, std::vector<PdfChar>& chars) {
  if (chars.empty() || crop.width < 2 || crop.height < 4) return;
  const std::optional<int> ink = ink_threshold(crop);
  if (!ink) return;
  const int threshold = *ink;
  int first = -1, last = -1;
  for (int x = 0; x < crop.width; ++x)
    for (int y = crop.height / 4; y < crop.height * 3 / 4; ++y)
      if (pixel(crop, x, y) < threshold) {
        if (first < 0) first = x;
        last = x;
        break;
      }
  if (first < 0) return;
  const float gap = 0.5f * static_cast<float>(crop.height) * 0.7f;  // half a glyph of the box
  auto flag = [&](size_t from, int dir) {
    for (long k = static_cast<long>(from); k >= 0 && k < static_cast<long>(chars.size());
         k += dir) {
      PdfChar& c = chars[static_cast<size_t>(k)];
      c.conf = std::min(c.conf, kUnreadInkConf);
      if (!numeric(c.c)) break;
      const long next = k + dir;
      if (next < 0 || next >= static_cast<long>(chars.size()) ||
          !numeric(chars[static_cast<size_t>(next)].c))
        break;
    }
  };
  if (chars.front().x0 - (crop_x + static_cast<float>(first)) > gap) flag(0, 1);
  if ((crop_x + static_cast<float>(last)) - chars.back().x1 > gap) flag(chars.size() - 1, -1);
}

// A gap wider than this share of the line box's height (the glyphs' height and the detector's
// margins) is a glyph skipped (skipped_glyphs), when there is ink in it.
constexpr float kSkippedGlyph = 0.5f;
// The share of the gap's middle half (in height) that must be ink.
constexpr float kGapInk = 0.04f;

// A piece read again reaches this share of the line's height beyond the characters around it.
constexpr float kPieceMargin = 0.15f;

// The line `crop` read by the recogniser; `input_step` gets the input pixels per output step.
CtcLine recognise(OnnxModel& recogniser, const CtcAlphabet& alphabet, const Crop& crop,
                  float& input_step) {
  const Tensor input = recogniser_input(crop);
  const Tensor rec = recogniser.run(input);
  if (rec.shape.size() != 3 || rec.shape[0] != 1)
    throw Error(ErrorCode::kConversion, "unexpected OCR recogniser output");
  const int steps = static_cast<int>(rec.shape[1]), classes = static_cast<int>(rec.shape[2]);
  input_step = static_cast<float>(input.shape[3]) / static_cast<float>(steps);
  return ctc_greedy_decode(rec.values.data(), steps, classes, alphabet);
}

// Each glyph the line's reading skipped (skipped_glyphs), read again: the piece of the line from
// the character before it to the one after, alone. When that reading starts and ends with those
// two characters and reads only Han characters between them, those go into the gap with their
// own confidence (and second choices, for resolve_alternatives). Only these pieces are read twice.
void read_skipped_glyphs(OnnxModel& recogniser, const CtcAlphabet& alphabet,
                         const std::vector<Crop>& crops, std::vector<std::vector<PdfChar>>& lines) {
  struct Piece {
    size_t line;
    SkippedGlyph gap;
    Crop crop;
  };
  std::vector<Piece> pieces;
  for (size_t l = 0; l < crops.size(); ++l) {
    const auto gaps = skipped_glyphs(crops[l].image, crops[l].box.x0, lines[l]);
    if (gaps.empty()) continue;
    const PixPtr line = to_pix(crops[l].image);  // once per line, not per gap
    for (const SkippedGlyph& g : gaps) {
      const auto& chars = lines[l];
      TextBox b = crops[l].box;
      const float margin = kPieceMargin * static_cast<float>(crops[l].image.height);
      b.x0 = std::max(b.x0, chars[g.after].x0 - margin);
      b.x1 = std::min(b.x1, chars[g.after + 1].x1 + margin);
      Crop piece = cut_line(line.get(), crops[l].image,
                            {b.x0 - crops[l].box.x0, 0, b.x1 - crops[l].box.x0,
                             static_cast<float>(crops[l].image.height), b.score});
      if (piece.image.width == 0) continue;
      piece.box.x0 = b.x0, piece.box.x1 = b.x1;
      pieces.push_back({l, g, std::move(piece)});
    }
  }
  // Later gaps of a line first, so that the indices of earlier ones still hold.
  for (size_t k = pieces.size(); k-- > 0;) {
    const Piece& p = pieces[k];
    float input_step = 1;
    const CtcLine read = recognise(recogniser, alphabet, p.crop, input_step);
    auto& chars = lines[p.line];
    const PdfChar& before = chars[p.gap.after];
    const PdfChar& after = chars[p.gap.after + 1];
    if (read.chars.size() < 3 || read.chars.front().c != before.c ||
        read.chars.back().c != after.c ||
        !std::all_of(read.chars.begin() + 1, read.chars.end() - 1,
                     [](const CtcChar& c) { return text::is_han(c.c); }))
      continue;
    const size_t n = read.chars.size() - 2;
    const float width = (p.gap.x1 - p.gap.x0) / static_cast<float>(n);
    std::vector<PdfChar> found;
    for (size_t i = 1; i + 1 < read.chars.size(); ++i) {
      PdfChar c = before;
      c.c = read.chars[i].c;
      c.x0 = p.gap.x0 + width * static_cast<float>(i - 1);
      c.x1 = c.x0 + width;
      c.conf = 100.0f * std::min(read.chars[i].prob, read.confidence);
      c.space_before = false;
      c.runner_up = keeps_runner_up(read.chars[i]) ? read.chars[i].runner_up : 0;
      c.third = keeps_third(read.chars[i]) ? read.chars[i].third : 0;
      found.push_back(c);
    }
    chars[p.gap.after + 1].space_before = false;
    chars.insert(chars.begin() + static_cast<long>(p.gap.after) + 1, found.begin(), found.end());
  }
}

// Characters placed in an image's pixels moved to page points: `pt` points per pixel, the
// image's top left at (x, y) points.
void to_page_points(std::vector<PdfChar>& chars, float x, float y, float pt) {
  for (auto& c : chars) {
    c.x0 = x + c.x0 * pt, c.x1 = x + c.x1 * pt;
    c.y0 = y + c.y0 * pt, c.y1 = y + c.y1 * pt;
    c.baseline = y + c.baseline * pt, c.size *= pt;
  }
}

}  // namespace

std::vector<SkippedGlyph> skipped_glyphs(const GrayImage& crop, float crop_x,
                                         const std::vector<PdfChar>& chars) {
  std::vector<SkippedGlyph> out;
  const std::optional<int> ink = ink_threshold(crop);
  if (!ink || chars.size() < 2) return out;
  const float h = static_cast<float>(crop.height);
  // Only in Chinese text: the gaps in a number (`1 000`) are thin spaces, not glyphs.
  auto alnum = [](char32_t c) { return c < 0x80 && std::isalnum(static_cast<int>(c)); };
  for (size_t i = 0; i + 1 < chars.size(); ++i) {
    if (alnum(chars[i].c) || alnum(chars[i + 1].c)) continue;
    const float x0 = chars[i].x1, x1 = chars[i + 1].x0;
    if (x1 - x0 < kSkippedGlyph * h) continue;
    const int from = std::clamp(static_cast<int>(x0 - crop_x), 0, crop.width);
    const int to = std::clamp(static_cast<int>(x1 - crop_x), 0, crop.width);
    long dark = 0, all = 0;
    for (int y = crop.height / 4; y < crop.height * 3 / 4; ++y)
      for (int x = from; x < to; ++x, ++all)
        dark += pixel(crop, x, y) < *ink ? 1 : 0;
    if (all > 0 && static_cast<float>(dark) >= kGapInk * static_cast<float>(all))
      out.push_back({i, x0, x1});
  }
  return out;
}

PaddleFiles find_paddle_files() {
  PaddleFiles files;
  std::string tried;
  for (const fs::path& dir : search_dirs()) {
    std::error_code ec;
    const bool complete =
        fs::is_regular_file(dir / kRuntime, ec) && fs::is_regular_file(dir / kDetector, ec) &&
        fs::is_regular_file(dir / kRecogniser, ec) && fs::is_regular_file(dir / kKeys, ec);
    if (complete) {
      files.runtime = (dir / kRuntime).string();
      files.detector = (dir / kDetector).string();
      files.recogniser = (dir / kRecogniser).string();
      files.keys = (dir / kKeys).string();
      return files;
    }
    tried += (tried.empty() ? "" : ", ") + dir.string();
  }
  files.missing = std::string(kRuntime) + " and the PP-OCRv4 models are not in " +
                  (tried.empty() ? std::string("any folder") : tried);
  return files;
}

std::vector<PdfChar> line_chars(const CtcLine& line, float x0, float y0, float x1, float y1,
                                float step) {
  std::vector<PdfChar> out;
  const float height = y1 - y0;
  std::vector<const CtcChar*> glyphs;
  std::vector<bool> spaced;
  bool pending_space = false;
  for (const CtcChar& c : line.chars) {
    if (c.c == U' ') {
      pending_space = !glyphs.empty();
      continue;
    }
    glyphs.push_back(&c);
    spaced.push_back(pending_space);
    pending_space = false;
  }
  auto centre = [&](size_t i) {
    return x0 +
           step * (static_cast<float>(glyphs[i]->first_step + glyphs[i]->last_step) / 2.0f + 0.5f);
  };
  for (size_t i = 0; i < glyphs.size(); ++i) {
    const CtcChar& g = *glyphs[i];
    const float mid = centre(i);
    const float half = (text::is_han(g.c) ? 0.5f : 0.27f) * height;
    float left = std::max(x0, mid - half), right = std::min(x1, mid + half);
    if (i > 0) left = std::max(left, (centre(i - 1) + mid) / 2.0f);
    if (i + 1 < glyphs.size()) right = std::min(right, (mid + centre(i + 1)) / 2.0f);
    PdfChar pc;
    pc.c = g.c;
    pc.x0 = left;
    pc.x1 = std::max(left + 0.1f, right);
    pc.y0 = y0;
    pc.y1 = y1;
    pc.baseline = y1;
    pc.size = height;
    pc.conf = 100.0f * std::min(g.prob, line.confidence);
    pc.space_before = spaced[i];
    if (keeps_runner_up(g)) pc.runner_up = g.runner_up;
    if (keeps_third(g)) pc.third = g.third;
    out.push_back(pc);
  }
  return out;
}

struct PaddleEngine::Impl {
  OnnxRuntime runtime;
  std::unique_ptr<OnnxModel> detector, recogniser;
  CtcAlphabet alphabet;
  explicit Impl(const PaddleFiles& f)
      : runtime(f.runtime),
        detector(runtime.load(f.detector, threads())),
        recogniser(runtime.load(f.recogniser, threads())),
        alphabet(CtcAlphabet::from_file(f.keys)) {}
};

PaddleEngine::PaddleEngine(const PaddleFiles& files) : impl_(std::make_unique<Impl>(files)) {}

PaddleEngine::~PaddleEngine() = default;

std::vector<PdfChar> PaddleEngine::recognize(const GrayImage& image) {
  return read(image, 0, 0);
}

std::vector<PdfChar> PaddleEngine::recognize_block(const GrayImage& image, float x, float y) {
  return read(image, x, y);
}

std::vector<PdfChar> PaddleEngine::recognize_line(const GrayImage& image, float x, float y) {
  if (image.width < 4 || image.height < 4) return {};
  const float w = static_cast<float>(image.width), h = static_cast<float>(image.height);
  const Crop crop{{0, 0, w, h, 1}, image, w / h};
  float input_step = 1;
  const CtcLine line = recognise(*impl_->recogniser, impl_->alphabet, crop, input_step);
  if (line.confidence < kMinLineConfidence) return {};
  auto chars = line_chars(line, 0, 0, w, h, input_step * h / kRecHeight);
  to_page_points(chars, x, y, 72.0f / static_cast<float>(image.dpi));
  return chars;
}

std::vector<PdfChar> PaddleEngine::read(const GrayImage& image, float x, float y) {
  std::vector<PdfChar> out;
  if (image.width < 4 || image.height < 4) return out;
  const PixPtr page = to_pix(image);
  float scale = 1;
  Tensor det = impl_->detector->run(detector_input(image, page.get(), scale));
  if (det.shape.size() != 4) throw Error(ErrorCode::kConversion, "unexpected OCR detector output");
  const ProbabilityMap map{static_cast<int>(det.shape[3]), static_cast<int>(det.shape[2]),
                           std::move(det.values)};
  std::vector<Crop> crops;
  for (TextBox b : db_boxes(map)) {
    b.x0 /= scale, b.x1 /= scale, b.y0 /= scale, b.y1 /= scale;
    Crop c = cut_line(page.get(), image, b);
    if (c.image.width > 0) crops.push_back(std::move(c));
  }
  // Each line is read alone, at its own width. Read in batches of six lines of similar shape
  // (PaddleOCR's rec_batch_num), padded to the widest, the 31 pages of GB 26859 took 8 % longer
  // (four of them a quarter more memory), and 20 pages of corpus PDFs rasterised at 72 dpi were
  // read no better (bench/ocr_synthetic.py: 65 ideographs substituted either way).
  const float pt = 72.0f / static_cast<float>(image.dpi);
  std::vector<std::vector<PdfChar>> lines(crops.size());
  for (size_t i = 0; i < crops.size(); ++i) {
    float input_step = 1;
    const CtcLine decoded = recognise(*impl_->recogniser, impl_->alphabet, crops[i], input_step);
    if (decoded.confidence < kMinLineConfidence) continue;
    const TextBox& b = crops[i].box;
    // A step in page pixels: the line was scaled by kRecHeight / its height.
    const float step = input_step * (b.y1 - b.y0) / kRecHeight;
    lines[i] = line_chars(decoded, b.x0, b.y0, b.x1, b.y1, step);
    flag_unread_ink(crops[i].image, b.x0, lines[i]);
  }
  read_skipped_glyphs(*impl_->recogniser, impl_->alphabet, crops, lines);
  for (auto& chars : lines)
    to_page_points(chars, x, y, pt);
  for (auto& l : lines)
    out.insert(out.end(), l.begin(), l.end());
  return out;
}

}  // namespace regreader::parse
