#include "regreader/web/page_images.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <fstream>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <vector>

#include "regreader/core/error.hpp"
#include "regreader/parse/pdf/pdf_document.hpp"

namespace regreader::web {

namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

http::Reply png_reply(std::string body) {
  http::Reply r;
  r.content_type = "image/png";
  r.headers["Cache-Control"] = "private, max-age=86400";
  r.body = std::move(body);
  return r;
}

// The cached image of a page, or nullopt; a hit is touched, so that the least recently used
// images are the ones the budget drops.
std::optional<std::string> cached(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  fs::last_write_time(file, fs::file_time_type::clock::now(), ec);
  return read_file(file);
}

}  // namespace

struct PageImages::Impl {
  PageImageLimits limits;
  std::mutex m;
  std::condition_variable slot_freed;
  int drawing_now = 0;
  // Pages being drawn, by cache file: a second reader waits for the first one's drawing.
  std::map<std::string, std::shared_future<std::string>> in_flight;
  std::atomic<long long> drawings{0};
  std::mutex cache_m;
  std::optional<std::uintmax_t> cache_size;  // summed at the first write

  std::string draw(const fs::path& pdf, int page);
  void store(const fs::path& file, const std::string& png);
  void keep_within_budget(const fs::path& dir);
};

std::string PageImages::Impl::draw(const fs::path& pdf, int page) {
  {
    std::unique_lock lock(m);
    slot_freed.wait(lock, [&] { return drawing_now < limits.max_concurrent; });
    ++drawing_now;
  }
  struct Release {
    Impl& i;
    ~Release() {
      {
        std::lock_guard lock(i.m);
        --i.drawing_now;
      }
      i.slot_freed.notify_one();
    }
  } release{*this};
  ++drawings;
  auto drawn = parse::PdfDocument(pdf).render_png(page - 1, limits.dpi, limits.max_pixels);
  if (drawn.dpi < limits.dpi)
    spdlog::info("page {} of {} is large: drawn at {} dpi to stay within {:.0f} Mpx", page,
                 pdf.filename().string(), drawn.dpi, limits.max_pixels / 1e6);
  return std::move(drawn.png);
}

void PageImages::Impl::store(const fs::path& file, const std::string& png) {
  std::error_code ec;
  fs::create_directories(file.parent_path(), ec);
  const fs::path tmp = file.string() + ".tmp" + std::to_string(::getpid());
  std::ofstream(tmp, std::ios::binary) << png;
  fs::rename(tmp, file, ec);
  if (ec) return;
  std::lock_guard lock(cache_m);
  if (!cache_size) {
    cache_size = 0;
    for (const auto& e : fs::directory_iterator(file.parent_path(), ec))
      if (e.is_regular_file(ec)) *cache_size += e.file_size(ec);
  } else {
    *cache_size += png.size();
  }
  if (*cache_size > limits.cache_bytes) keep_within_budget(file.parent_path());
}

// Drops the least recently used images until the cache holds 90% of its budget.
void PageImages::Impl::keep_within_budget(const fs::path& dir) {
  struct Entry {
    fs::file_time_type used;
    std::uintmax_t size;
    fs::path path;
  };
  std::vector<Entry> entries;
  std::error_code ec;
  std::uintmax_t total = 0;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (!e.is_regular_file(ec)) continue;
    entries.push_back({e.last_write_time(ec), e.file_size(ec), e.path()});
    total += entries.back().size;
  }
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.used < b.used; });
  const auto target = limits.cache_bytes / 10 * 9;
  for (const auto& e : entries) {
    if (total <= target) break;
    if (fs::remove(e.path, ec)) total -= e.size;
  }
  cache_size = total;
}

PageImages::PageImages(PageImageLimits limits) : impl_(std::make_unique<Impl>()) {
  impl_->limits = limits;
  impl_->limits.max_concurrent = std::max(1, limits.max_concurrent);
}

PageImages::~PageImages() = default;

long long PageImages::drawings() const {
  return impl_->drawings;
}

http::Reply PageImages::get(const index::Library& lib, const std::string& id, int page) {
  const auto info = lib.documents().require(id);
  if (page > info.total_pages)
    throw Error(ErrorCode::kNotFound, id + " has " + std::to_string(info.total_pages) + " pages");
  const auto src = lib.page_pdf(info);
  if (!src)
    throw Error(ErrorCode::kNotFound,
                "no page images for " + id +
                    " (only PDFs and Word files rendered by LibreOffice at ingest are drawn)");
  const auto& l = impl_->limits;
  const fs::path file =
      lib.data_dir() / "cache" / "pages" /
      (info.source_sha256 + "-" + std::to_string(page) + "-" + std::to_string(l.dpi) + "dpi-" +
       std::to_string(static_cast<long long>(l.max_pixels)) + "px.png");
  if (auto hit = cached(file)) return png_reply(std::move(*hit));

  std::promise<std::string> mine;
  std::shared_future<std::string> theirs;
  {
    std::lock_guard lock(impl_->m);
    const auto it = impl_->in_flight.find(file.string());
    if (it != impl_->in_flight.end()) {
      theirs = it->second;
    } else {
      // Drawn and stored between the look above and this lock: served from the cache.
      if (auto hit = cached(file)) return png_reply(std::move(*hit));
      impl_->in_flight.emplace(file.string(), mine.get_future().share());
    }
  }
  if (theirs.valid()) return png_reply(theirs.get());  // rethrows the drawing's error

  auto finish = [&] {
    std::lock_guard lock(impl_->m);
    impl_->in_flight.erase(file.string());
  };
  try {
    std::string png = impl_->draw(*src, page);
    impl_->store(file, png);
    mine.set_value(png);
    finish();
    return png_reply(std::move(png));
  } catch (...) {
    mine.set_exception(std::current_exception());
    finish();
    throw;
  }
}

}  // namespace regreader::web
