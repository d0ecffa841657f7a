#pragma once
// The libraries of one server: a pool of open Library objects (each one connection to the store
// with its aliases and synonyms read) lent to one request at a time and returned after it.
// Opening SQLite and reading the schema cost more than most tool calls; a pool rather than one
// per thread because the HTTP server runs each request on a thread of its own (with thread-local
// stores a tools/call over HTTP took 1.0 ms on a keep-alive connection, with the pool 0.4 ms,
// measured with curl). The MCP tools and the reading room draw from the same pool, so both read
// the engine the settings chose.

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "regreader/index/library.hpp"

namespace regreader::index {

class LibraryPool {
 public:
  /// Libraries of `data_dir` on the engine `store_url` names (Library's constructor).
  LibraryPool(std::filesystem::path data_dir, std::string store_url);

  /// A library for one request, returned to the pool when the lease ends. With `hold_reads`,
  /// every read of the request sees one snapshot: a regulation re-ingested or deleted meanwhile
  /// is seen whole, before or after (DocumentStore::hold_reads).
  class Lease {
   public:
    Lease(LibraryPool& pool, std::unique_ptr<Library> lib, bool hold_reads);
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease();
    const Library& operator*() const { return *lib_; }
    const Library* operator->() const { return lib_.get(); }

   private:
    LibraryPool& pool_;
    std::unique_ptr<Library> lib_;
    std::unique_ptr<store::ReadHold> hold_;
  };

  Lease lease(bool hold_reads = true);
  const std::filesystem::path& data_dir() const { return data_dir_; }

 private:
  // Idle libraries kept at most: more requests than this at once open (and close) their own.
  static constexpr size_t kMaxIdle = 16;

  void put_back(std::unique_ptr<Library> lib);

  std::filesystem::path data_dir_;
  std::string store_url_;
  std::mutex m_;
  std::vector<std::unique_ptr<Library>> idle_;
};

}  // namespace regreader::index
