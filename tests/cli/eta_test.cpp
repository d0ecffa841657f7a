// The ingest ETA on a clock the test drives: each kind of file has its own rate, the file being
// read is measured by its pages, and no figure is shown before a kind still to come has a rate.

#include "regreader/cli/eta.hpp"

#include <gtest/gtest.h>

namespace regreader::cli {
namespace eta_test {

constexpr std::uintmax_t kKB = 1024, kMB = 1024 * 1024;

TEST(Eta, FileKindsByExtension) {
  EXPECT_EQ(file_kind("a/规程.PDF"), FileKind::kPdf);
  EXPECT_EQ(file_kind("b.docx"), FileKind::kOffice);
  EXPECT_EQ(file_kind("c.wps"), FileKind::kOffice);
  EXPECT_EQ(file_kind("d.md"), FileKind::kText);
}

// The run that showed 166:18 for 4:14: a quick Markdown file first, then PDFs. A rate per byte
// over all files made the PDFs look a hundred times longer than they were.
TEST(Eta, AFastKindSaysNothingAboutASlowOne) {
  RunEstimate e({{2 * kKB, FileKind::kText}, {4 * kMB, FileKind::kPdf}, {4 * kMB, FileKind::kPdf}});
  EXPECT_FALSE(e.seconds_left(0)) << "nothing measured yet";
  e.start(0, 0);
  e.finish(0.05);
  EXPECT_FALSE(e.seconds_left(0.05)) << "no PDF measured: no guess";
  e.start(1, 0.05);
  EXPECT_FALSE(e.seconds_left(1)) << "no page read yet";
  // Its pages say how long it takes: 2 of 20 pages in 2 s.
  e.step(2, 20, 2.05);
  auto left = e.seconds_left(2.05);
  ASSERT_TRUE(left);
  // 18 pages left of this file (18 s), and the next PDF of the same size (20 s).
  EXPECT_NEAR(*left, 18 + 20, 0.5);
  e.step(20, 20, 20.05);
  e.finish(20.05);
  left = e.seconds_left(20.05);
  ASSERT_TRUE(left);
  EXPECT_NEAR(*left, 20, 0.5) << "the next PDF, at the measured rate";
}

TEST(Eta, EachKindKeepsItsOwnRate) {
  RunEstimate e({{1 * kMB, FileKind::kOffice},
                 {1 * kMB, FileKind::kPdf},
                 {2 * kMB, FileKind::kOffice},
                 {2 * kMB, FileKind::kPdf}});
  e.start(0, 0);
  e.finish(10);  // LibreOffice: 10 s a MB
  e.start(1, 10);
  e.finish(11);  // text PDF: 1 s a MB
  const auto left = e.seconds_left(11);
  ASSERT_TRUE(left);
  EXPECT_NEAR(*left, 2 * 10 + 2 * 1, 0.01);
  // Time passing inside a file shortens its own share, never below zero.
  e.start(2, 11);
  EXPECT_NEAR(*e.seconds_left(16), 15 + 2, 0.01);
  EXPECT_NEAR(*e.seconds_left(60), 0 + 2, 0.01);
}

// A scan's OCR takes seconds a page: timed apart, it does not make the text PDFs to come look
// as slow, and its own pages measure it while it is read.
TEST(Eta, ScansAreTimedApartFromTextPdfs) {
  RunEstimate e({{1 * kMB, FileKind::kPdf}, {1 * kMB, FileKind::kPdf}, {1 * kMB, FileKind::kPdf}});
  e.start(0, 0);
  e.step(1, 10, 3, /*ocr=*/true);
  ASSERT_TRUE(e.seconds_left(3));
  EXPECT_NEAR(*e.seconds_left(3), 27 + 2 * 30, 0.5)
      << "its own pages, and the scans' rate for the PDFs to come while no text PDF is measured";
  e.step(10, 10, 30, true);
  e.finish(30);
  e.start(1, 30);
  e.step(5, 10, 30.5);  // a text PDF: 10 pages a second
  e.step(10, 10, 31);
  e.finish(31);
  ASSERT_TRUE(e.seconds_left(31));
  EXPECT_NEAR(*e.seconds_left(31), 1, 0.01) << "the last PDF at the text rate, not 30 s";
}

TEST(Eta, Formats) {
  EXPECT_EQ(format_eta(12.4), "12 s");
  EXPECT_EQ(format_eta(65), "1:05");
  EXPECT_EQ(format_eta(2 * 3600 + 3 * 60), "2:03:00");
  EXPECT_EQ(format_eta(-3), "0 s");
}

}  // namespace eta_test
}  // namespace regreader::cli
