// Page images under load and abuse (issue 41): a page declared 14400 pt square is drawn within
// the pixel cap, readers asking for one page at once share one drawing, and the disk cache keeps
// within its budget.

#include "regreader/web/page_images.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <thread>
#include <vector>

#include "regreader/core/error.hpp"
#include "regreader/index/library.hpp"
#include "test_support.hpp"

namespace regreader::web {
namespace page_images_test {

namespace fs = std::filesystem;

// Width and height from a PNG's IHDR chunk.
std::pair<long, long> png_size(const std::string& png) {
  auto be32 = [&](size_t at) {
    long v = 0;
    for (size_t i = 0; i < 4; ++i)
      v = (v << 8) | static_cast<unsigned char>(png.at(at + i));
    return v;
  };
  return {be32(16), be32(20)};
}

size_t files_in(const fs::path& dir) {
  size_t n = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    n += e.is_regular_file() ? 1 : 0;
  return n;
}

class PageImagesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path huge = dir_.path() / "huge.pdf";
    std::ofstream(huge, std::ios::binary) << testing::one_page_pdf(
        "BT /F1 400 Tf 1000 7000 Td (Safety rules for electric power work) Tj ET", 14400, 14400);
    index::Library lib(dir_.path() / "data", index::Library::Mode::kCreate);
    index::IngestOptions o;
    o.reg_id = "SAMPLE";
    lib.ingest(testing::sample_pdf(), o);
    o.reg_id = "HUGE";
    lib.ingest(huge, o);
  }
  index::Library library() { return {dir_.path() / "data", index::Library::Mode::kRead}; }
  fs::path cache() { return dir_.path() / "data" / "cache" / "pages"; }
  parse::TempDir dir_;
};

TEST_F(PageImagesTest, AHugePageIsDrawnWithinThePixelCap) {
  const auto lib = library();
  PageImages images({.dpi = 144, .max_pixels = 4e6});
  const auto r = images.get(lib, "HUGE", 1);
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body.substr(1, 3), "PNG");
  const auto [w, h] = png_size(r.body);
  EXPECT_GT(w, 1000) << "drawn at a lower resolution, not refused";
  EXPECT_LE(static_cast<double>(w) * static_cast<double>(h), 4e6)
      << "at 144 dpi it would be 28800 × 28800 px (830 Mpx)";
}

TEST_F(PageImagesTest, ReadersAskingForOnePageAtOnceShareOneDrawing) {
  const auto lib = library();
  PageImages images({.dpi = 144, .max_concurrent = 1});
  std::vector<std::thread> readers;
  std::vector<std::string> bodies(8);
  for (size_t i = 0; i < bodies.size(); ++i)
    readers.emplace_back([&, i] { bodies[i] = images.get(lib, "SAMPLE", 1).body; });
  for (auto& t : readers)
    t.join();
  EXPECT_EQ(images.drawings(), 1);
  for (const auto& b : bodies)
    EXPECT_EQ(b, bodies.front());
  EXPECT_EQ(images.get(lib, "SAMPLE", 1).body, bodies.front());
  EXPECT_EQ(images.drawings(), 1) << "served from the cache";
  EXPECT_EQ(files_in(cache()), 1u);
}

TEST_F(PageImagesTest, TheCacheKeepsWithinItsBudget) {
  const auto lib = library();
  PageImages images({.dpi = 72, .cache_bytes = 1});
  EXPECT_EQ(images.get(lib, "SAMPLE", 1).status, 200);
  EXPECT_EQ(images.get(lib, "SAMPLE", 2).status, 200);
  EXPECT_EQ(files_in(cache()), 0u) << "a one-byte budget keeps nothing";
  EXPECT_EQ(images.get(lib, "SAMPLE", 1).status, 200);
  EXPECT_EQ(images.drawings(), 3);
  PageImages roomy({.dpi = 72});
  roomy.get(lib, "SAMPLE", 1);
  roomy.get(lib, "SAMPLE", 2);
  EXPECT_EQ(files_in(cache()), 2u);
}

TEST_F(PageImagesTest, PagesOutOfRangeAreNotFound) {
  const auto lib = library();
  PageImages images;
  try {
    images.get(lib, "SAMPLE", 999);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kNotFound);
  }
}

}  // namespace page_images_test
}  // namespace regreader::web
