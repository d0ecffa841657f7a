#pragma once
// How long an ingest run has left. Files of one kind take time in proportion to their size, but
// kinds differ by orders of magnitude (a Markdown file in milliseconds, a scan's page in seconds
// of OCR): a rate measured on one kind says nothing about another. So each kind has its own rate
// (seconds per byte of the files of that kind finished so far, or of the pages read of the file
// being parsed), and no estimate is given while a kind still to come has none. A PDF that turns
// out to be a scan is timed apart (OCR takes seconds a page), so it never inflates the rate of the
// text PDFs still to come (their rate is the scans' only while no text PDF is measured); a scan
// still to come is found out by its pages once it starts. Pure: the caller
// says what time it is, so tests drive it with their own clock.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace regreader::cli {

enum class FileKind { kPdf, kOffice, kText };

/// By extension: .pdf; .docx/.doc/.wps/.odt/.rtf (LibreOffice may render them); anything else.
FileKind file_kind(const std::filesystem::path& file);

class RunEstimate {
 public:
  struct File {
    std::uintmax_t bytes = 0;
    FileKind kind = FileKind::kText;
  };
  explicit RunEstimate(std::vector<File> files);

  /// The file at `index` starts at `now` (seconds on any clock that only goes forward).
  void start(size_t index, double now);
  /// The current file has read `done` of `total` pages (or steps) by `now`; `ocr`: they are read
  /// by OCR (the file is a scan).
  void step(int done, int total, double now, bool ocr = false);
  /// The current file is finished (stored or failed) at `now`.
  void finish(double now);

  /// Seconds left at `now`; nullopt while a kind still to come has no measured rate.
  std::optional<double> seconds_left(double now) const;

 private:
  struct Rate {
    double seconds = 0;
    double bytes = 0;
  };
  std::optional<double> seconds_per_byte(FileKind kind) const;

  std::vector<File> files_;
  Rate rates_[3];
  Rate scans_;  ///< PDFs read by OCR, apart from the text PDFs
  bool current_is_scan_ = false;
  size_t current_ = 0;
  size_t next_ = 0;  ///< the first file not started yet, between files
  bool running_ = false;
  double started_ = 0;
  double fraction_ = 0;  ///< of the current file's pages read
  double fraction_at_ = 0;
};

/// "12 s", "1:05", "2:03:00".
std::string format_eta(double seconds);

}  // namespace regreader::cli
