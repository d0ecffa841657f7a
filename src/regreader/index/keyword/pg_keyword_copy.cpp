#include "regreader/index/keyword/pg_keyword_copy.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <map>
#include <mutex>

#include "regreader/core/error.hpp"
#include "regreader/core/hash.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/store/database.hpp"

namespace regreader::index {

namespace fs = std::filesystem;

namespace {

fs::path copy_directory(const store::pg::PgStore& pg) {
  if (pg.local_dir().empty()) return {};
  Sha256 h;
  h.update(pg.location());
  return pg.local_dir() / "keyword" / ("pg-" + h.hex_digest().substr(0, 16));
}

// The database version the copy holds, kept in the copy so that a replica started again catches
// up only what changed while it was away.
constexpr const char* kSyncedSchema =
    "CREATE TABLE IF NOT EXISTS pg_copy_of (version TEXT NOT NULL)";

std::string read_synced(store::Database& db) {
  db.exec(kSyncedSchema);
  auto s = db.prepare("SELECT version FROM pg_copy_of");
  return s.step() ? s.text(0) : "";
}

void write_synced(store::Database& db, const std::string& version) {
  store::Transaction tx(db);
  db.exec("DELETE FROM pg_copy_of");
  db.prepare("INSERT INTO pg_copy_of VALUES (?1)").bind(1, version).run();
  tx.commit();
}

bool same_content(const model::RegulationInfo& a, const model::RegulationInfo& b) {
  return a.source_sha256 == b.source_sha256 && a.indexed_at == b.indexed_at && a.title == b.title &&
         a.source_file == b.source_file;
}

}  // namespace

namespace {
// A catch-up that began meanwhile holds the copy: a query waits this long for it (one taking a
// regulation or two), then reads the database rather than wait for a longer one.
constexpr std::chrono::milliseconds kLongestWait{500};
// The copies pinned by this thread (PgKeywordCopy::pin), with how many pins each.
thread_local std::map<const PgKeywordCopy*, int> pinned_copies;
}  // namespace

PgKeywordCopy::PgKeywordCopy(const store::pg::PgStore& pg) : pg_(pg), dir_(copy_directory(pg)) {}

PgKeywordCopy::~PgKeywordCopy() {
  stop_ = true;
  if (background_.joinable()) background_.join();
}

// Under the unique lock.
bool PgKeywordCopy::open() {
  if (copy_) return true;
  if (unavailable_ || dir_.empty()) return false;
  try {
    enable_keyword_index();
    auto copy = std::make_unique<store::PageStore>(dir_, true);
    ensure_keyword_index(*copy);
    synced_ = read_synced(*copy->database());
    copy_ = std::move(copy);
    return true;
  } catch (const Error& e) {
    spdlog::warn("keyword search reads PostgreSQL itself: no copy can be kept in {} ({})",
                 dir_.string(), e.what());
    unavailable_ = true;
    return false;
  }
}

// Under the lock: the regulations that differ between the database and the copy.
PgKeywordCopy::Changes PgKeywordCopy::changes() const {
  std::map<std::string, model::RegulationInfo> held;
  for (auto& r : copy_->list())
    held.emplace(r.reg_id, std::move(r));
  Changes c;
  for (const auto& r : pg_.list()) {
    auto it = held.find(r.reg_id);
    if (it != held.end()) {
      const bool same = same_content(it->second, r);
      held.erase(it);
      if (same) continue;
    }
    c.copy.push_back(r.reg_id);
  }
  for (const auto& [id, r] : held)
    c.drop.push_back(id);
  return c;
}

// Under the unique lock: takes the changes, then notes the version they bring the copy to. A
// regulation removed from the database meanwhile is skipped (the version has moved: the next
// query looks again); stopping leaves what was copied, and the next catch-up goes on from there.
bool PgKeywordCopy::apply(const Changes& c, const std::string& version) {
  try {
    bool complete = true;
    for (const auto& id : c.copy) {
      if (stop_) return false;
      if (pg_.find(id))
        copy_->save(pg_.load(id));
      else
        complete = false;
    }
    for (const auto& id : c.drop)
      copy_->remove(id);
    if (!c.copy.empty() || !c.drop.empty()) optimize_keyword_index(*copy_);
    if (!complete) return false;
    write_synced(*copy_->database(), version);
    synced_ = version;
    if (!c.copy.empty() || !c.drop.empty())
      spdlog::info("keyword copy of {}: {} regulation(s) taken, {} dropped", pg_.location(),
                   c.copy.size(), c.drop.size());
    return true;
  } catch (const Error& e) {  // a full disk, a regulation changed while it was read: next time
    spdlog::warn("keyword copy not brought up to date ({}); queries read PostgreSQL meanwhile",
                 e.what());
    synced_.clear();
    return false;
  }
}

bool PgKeywordCopy::catch_up(int* changed, bool wait) {
  if (changed) *changed = 0;
  if (in_background_) return false;  // queries read the database until it is done
  if (pinned_here()) return false;   // this thread reads a version it pinned: not now
  // Read before the lists are compared: a change made meanwhile moves it again, and the next
  // query catches that up.
  const std::string version = pg_.version();
  {
    std::shared_lock lock(mutex_);
    if (copy_ && synced_ == version) return true;
    if (unavailable_ || dir_.empty()) return false;
  }
  std::unique_lock lock(mutex_);
  if (in_background_) return false;  // started while this one waited for the lock
  if (!open()) return false;
  if (synced_ == version) return true;
  Changes c;
  try {
    c = changes();
  } catch (const Error& e) {
    spdlog::warn("keyword copy not brought up to date ({})", e.what());
    return false;
  }
  if (changed) *changed = static_cast<int>(c.copy.size() + c.drop.size());
  if (wait || c.copy.size() <= static_cast<size_t>(kForegroundChanges)) return apply(c, version);
  if (background_.joinable()) background_.join();  // one that stopped early
  in_background_ = true;
  spdlog::info("keyword copy of {}: taking {} regulation(s) in the background", pg_.location(),
               c.copy.size());
  background_ = std::thread([this, c = std::move(c), version] {
    try {
      std::unique_lock lock(mutex_);
      apply(c, version);
    } catch (const std::exception& e) {  // out of memory: the queries go on reading the database
      spdlog::warn("keyword copy not brought up to date ({})", e.what());
    }
    in_background_ = false;
  });
  return false;
}

bool PgKeywordCopy::pinned_here() const {
  return pinned_copies.count(this) > 0;
}

class PgKeywordCopy::Pin final : public PinnedReads {
 public:
  Pin(PgKeywordCopy& copy, std::shared_lock<std::shared_timed_mutex> lock)
      : copy_(copy), lock_(std::move(lock)) {
    ++pinned_copies[&copy_];
  }
  ~Pin() override {
    if (--pinned_copies[&copy_] == 0) pinned_copies.erase(&copy_);
  }
  const store::DocumentStore& store() const override { return *copy_.copy_; }

 private:
  PgKeywordCopy& copy_;
  std::shared_lock<std::shared_timed_mutex>
      lock_;  ///< empty for a pin inside another of this thread
};

std::unique_ptr<PinnedReads> PgKeywordCopy::pin() {
  if (pinned_here())
    return std::make_unique<Pin>(*this, std::shared_lock<std::shared_timed_mutex>());
  if (!catch_up()) return nullptr;
  std::shared_lock lock(mutex_, std::defer_lock);
  if (!lock.try_lock_for(kLongestWait) || !copy_ || synced_.empty()) return nullptr;
  return std::make_unique<Pin>(*this, std::move(lock));
}

std::optional<std::vector<SearchHit>> PgKeywordCopy::search(const std::string& query,
                                                            const SearchFilter& filter) {
  if (pinned_here()) return keyword_search(*copy_, query, filter);  // at the pinned version
  if (!catch_up()) return std::nullopt;
  std::shared_lock lock(mutex_, std::defer_lock);
  if (!lock.try_lock_for(kLongestWait) || !copy_) return std::nullopt;
  return keyword_search(*copy_, query, filter);
}

}  // namespace regreader::index
