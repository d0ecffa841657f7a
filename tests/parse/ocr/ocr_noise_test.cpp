#include "regreader/parse/ocr/ocr_noise.hpp"

#include <gtest/gtest.h>

namespace regreader::parse {
namespace ocr_noise_test {

// `n` characters side by side on a line at `y`, from `x`, 10 pt apart, read with `conf`.
void run(std::vector<PdfChar>& out, float x, float y, int n, float conf) {
  for (int i = 0; i < n; ++i) {
    PdfChar c;
    c.c = U'安';
    c.x0 = x + 10.0f * static_cast<float>(i);
    c.x1 = c.x0 + 9.5f;
    c.y0 = y;
    c.y1 = y + 10;
    c.baseline = y + 9;
    c.size = 10;
    c.conf = conf;
    out.push_back(c);
  }
}

TEST(OcrNoise, ScatteredUnsureCharactersAreNotText) {
  std::vector<PdfChar> noise;
  for (int i = 0; i < 60; ++i)  // single letters all over the page
    run(noise, 20.0f + static_cast<float>((i * 97) % 500), 20.0f + 12.0f * static_cast<float>(i), 1,
        45);
  EXPECT_FALSE(ocr_found_text(noise));
  EXPECT_FALSE(ocr_found_text({}));
}

TEST(OcrNoise, RunsReadSurelyAreText) {
  std::vector<PdfChar> page;
  run(page, 50, 100, 8, 90);
  EXPECT_FALSE(ocr_found_text(page)) << "one run alone";
  run(page, 50, 130, 6, 70);
  EXPECT_TRUE(ocr_found_text(page));
}

TEST(OcrNoise, RunsOfUnsureCharactersAreNotText) {
  std::vector<PdfChar> page;
  run(page, 50, 100, 8, 40);
  run(page, 50, 130, 8, 40);
  EXPECT_FALSE(ocr_found_text(page));
}

}  // namespace ocr_noise_test
}  // namespace regreader::parse
