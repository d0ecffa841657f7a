#include "regreader/index/library_pool.hpp"

namespace regreader::index {

LibraryPool::LibraryPool(std::filesystem::path data_dir, std::string store_url)
    : data_dir_(std::move(data_dir)), store_url_(std::move(store_url)) {}

LibraryPool::Lease::Lease(LibraryPool& pool, std::unique_ptr<Library> lib, bool hold_reads)
    : pool_(pool), lib_(std::move(lib)) {
  if (hold_reads) hold_ = lib_->documents().hold_reads();
}

LibraryPool::Lease::~Lease() {
  hold_.reset();  // ends the read transaction before another request can take the library
  pool_.put_back(std::move(lib_));
}

LibraryPool::Lease LibraryPool::lease(bool hold_reads) {
  {
    std::lock_guard lock(m_);
    if (!idle_.empty()) {
      auto lib = std::move(idle_.back());
      idle_.pop_back();
      return {*this, std::move(lib), hold_reads};
    }
  }
  return {*this, std::make_unique<Library>(data_dir_, Library::Mode::kRead, store_url_),
          hold_reads};
}

// A data directory without a database is opened again by the next request, so a store created
// after the server started is seen.
void LibraryPool::put_back(std::unique_ptr<Library> lib) {
  std::lock_guard lock(m_);
  if (lib && !lib->empty() && idle_.size() < kMaxIdle) idle_.push_back(std::move(lib));
}

}  // namespace regreader::index
