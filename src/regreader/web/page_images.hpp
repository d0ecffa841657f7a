#pragma once
// The reading room's page images: a page as printed, drawn by MuPDF from the kept source PDF
// (or a Word file's kept rendering) and cached on disk. Drawing is bounded three ways, so that
// no request can exhaust the machine: each image has at most `max_pixels` (a larger page is
// drawn at a lower resolution, and the reply says which), one page is drawn once however many
// readers ask for it at the same moment (the others wait for that drawing), and at most
// `max_concurrent` pages are drawn at once. The disk cache keeps under `cache_bytes`, dropping
// the images used least recently.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "regreader/http/message.hpp"
#include "regreader/index/library.hpp"

namespace regreader::web {

struct PageImageLimits {
  int dpi = 144;                              ///< 2× 72 dpi: sharp on HiDPI screens
  double max_pixels = 8e6;                    ///< an A4 page at 144 dpi has 2 Mpx
  int max_concurrent = 2;                     ///< drawings at once; other requests wait their turn
  std::uintmax_t cache_bytes = 512ull << 20;  ///< the disk cache's budget
};

class PageImages {
 public:
  explicit PageImages(PageImageLimits limits = {});
  ~PageImages();
  PageImages(const PageImages&) = delete;
  PageImages& operator=(const PageImages&) = delete;

  /// Page `page` (1-based) of regulation `id` as a PNG reply. Throws Error(kNotFound) for a page
  /// out of range or a regulation without a kept PDF, ParseError when MuPDF cannot draw it.
  http::Reply get(const index::Library& lib, const std::string& id, int page);

  /// How many times a page was drawn (not served from the cache or another request's drawing).
  long long drawings() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace regreader::web
