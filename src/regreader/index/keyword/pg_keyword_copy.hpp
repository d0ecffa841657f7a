#pragma once
// PostgreSQL's keyword leg at the embedded engine's speed. A replica keeps a copy of the stored
// regulations in an embedded store in its local directory (PgStore::local_dir():
// keyword/pg-<hash of the database's location>/), with the embedded engine's FTS5 index, and
// answers keyword queries from it (keyword_index.hpp): both engines rank alike by construction.
// Searching the database itself cost 13 ms a query at 10^5 blocks (24x the embedded store:
// ranking up to a thousand matches, and their texts sent back to be scored).
//
// PostgreSQL stays the one truth. Each query first reads the database's version (one round
// trip); when it moved since the copy was made, the copy takes the regulations stored,
// replaced, renamed or removed since (compared by id, content hash, title and ingest time)
// before it answers, so a replica sees at once what another one stored. When many are to be
// taken (a new replica: 5 s at 10^5 blocks), they are taken in the background and queries are
// answered from the database meanwhile. Without a local directory, or when the copy cannot be
// written, the leg searches PostgreSQL itself (pg_keyword_index.hpp).

#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <thread>
#include <vector>

#include "regreader/index/engine.hpp"
#include "regreader/index/search_filter.hpp"
#include "regreader/store/page_store.hpp"
#include "regreader/store/pg/pg_store.hpp"

namespace regreader::index {

class PgKeywordCopy {
 public:
  /// The copy for `pg`'s database in `pg.local_dir()`; opened at the first search.
  explicit PgKeywordCopy(const store::pg::PgStore& pg);
  ~PgKeywordCopy();
  PgKeywordCopy(const PgKeywordCopy&) = delete;
  PgKeywordCopy& operator=(const PgKeywordCopy&) = delete;

  /// Keyword search over the copy, brought up to the database's version first; nullopt when no
  /// copy can be kept (then the caller searches PostgreSQL).
  std::optional<std::vector<SearchHit>> search(const std::string& query,
                                               const SearchFilter& filter);
  /// Brings the copy up to the database's version; false when no copy can be kept, or when it is
  /// being brought up in the background (over kForegroundChanges regulations to take, unless
  /// `wait`). Returns how many regulations were copied or dropped in `changed`.
  bool catch_up(int* changed = nullptr, bool wait = false);
  /// More regulations to take than this are taken in the background.
  static constexpr int kForegroundChanges = 8;
  /// The copy brought up to the database's version and pinned there for the calling thread
  /// until the returned object is destroyed: no catch-up runs meanwhile, and this thread's
  /// searches read that version. nullptr when no copy is ready (being taken, or none kept).
  std::unique_ptr<PinnedReads> pin();
  /// Where the copy lives ("" without a local directory).
  std::filesystem::path directory() const { return dir_; }

 private:
  bool open();
  /// What differs: regulations to copy, and ids to drop.
  struct Changes {
    std::vector<std::string> copy, drop;
  };
  Changes changes() const;
  bool apply(const Changes& c, const std::string& version);
  bool pinned_here() const;
  class Pin;

  const store::pg::PgStore& pg_;
  std::filesystem::path dir_;
  std::unique_ptr<store::PageStore> copy_;
  std::string synced_;  ///< the database's version the copy holds
  bool unavailable_ = false;
  std::shared_timed_mutex mutex_;  ///< searches share it; catching up takes it alone
  std::atomic<bool> in_background_{false}, stop_{false};
  std::thread background_;
};

}  // namespace regreader::index
