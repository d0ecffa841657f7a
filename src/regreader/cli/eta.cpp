#include "regreader/cli/eta.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace regreader::cli {

FileKind file_kind(const std::filesystem::path& file) {
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (ext == ".pdf") return FileKind::kPdf;
  if (ext == ".docx" || ext == ".doc" || ext == ".wps" || ext == ".odt" || ext == ".rtf")
    return FileKind::kOffice;
  return FileKind::kText;
}

RunEstimate::RunEstimate(std::vector<File> files) : files_(std::move(files)) {}

void RunEstimate::start(size_t index, double now) {
  current_ = index;
  running_ = index < files_.size();
  started_ = now;
  fraction_ = 0;
  fraction_at_ = now;
  current_is_scan_ = false;
}

void RunEstimate::step(int done, int total, double now, bool ocr) {
  if (!running_ || total <= 0 || done < 0) return;
  current_is_scan_ = current_is_scan_ || ocr;
  fraction_ = std::clamp(static_cast<double>(done) / total, 0.0, 1.0);
  fraction_at_ = now;
}

void RunEstimate::finish(double now) {
  if (!running_) return;
  const File& f = files_[current_];
  Rate& r = current_is_scan_ ? scans_ : rates_[static_cast<int>(f.kind)];
  r.seconds += std::max(0.0, now - started_);
  r.bytes += static_cast<double>(std::max<std::uintmax_t>(f.bytes, 1));
  running_ = false;
  next_ = current_ + 1;
}

std::optional<double> RunEstimate::seconds_per_byte(FileKind kind) const {
  const auto measured = [&](Rate r, bool scans) -> std::optional<double> {
    // The file being read counts by the share of its pages read so far.
    if (running_ && current_is_scan_ == scans && files_[current_].kind == kind && fraction_ > 0) {
      r.seconds += fraction_at_ - started_;
      r.bytes +=
          fraction_ * static_cast<double>(std::max<std::uintmax_t>(files_[current_].bytes, 1));
    }
    if (r.bytes <= 0 || r.seconds <= 0) return std::nullopt;
    return r.seconds / r.bytes;
  };
  if (auto spb = measured(rates_[static_cast<int>(kind)], false)) return spb;
  // PDFs still to come, with only scans measured: the scans' rate, an upper bound.
  if (kind == FileKind::kPdf) return measured(scans_, true);
  return std::nullopt;
}

std::optional<double> RunEstimate::seconds_left(double now) const {
  double left = 0;
  size_t next = next_;
  if (running_) {
    const File& f = files_[current_];
    const double elapsed = now - started_;
    if (fraction_ > 0) {
      // Its own pages are the best measure of the file being read.
      left += std::max(
          0.0, (fraction_at_ - started_) / fraction_ * (1 - fraction_) - (now - fraction_at_));
    } else if (const auto spb = seconds_per_byte(f.kind)) {
      left += std::max(0.0, *spb * static_cast<double>(f.bytes) - elapsed);
    } else {
      return std::nullopt;
    }
    next = current_ + 1;
  }
  for (size_t i = next; i < files_.size(); ++i) {
    const auto spb = seconds_per_byte(files_[i].kind);
    if (!spb) return std::nullopt;
    left += *spb * static_cast<double>(std::max<std::uintmax_t>(files_[i].bytes, 1));
  }
  return left;
}

std::string format_eta(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  char buf[32];
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%ld s", s);
  else if (s < 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  return buf;
}

}  // namespace regreader::cli
