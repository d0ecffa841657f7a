#include "regreader/store/database.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "regreader/core/error.hpp"

namespace regreader::store {

namespace {
[[noreturn]] void fail(sqlite3* db, const std::string& what) {
  throw StorageError(what + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}
}  // namespace

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) !=
      SQLITE_OK)
    fail(db, "cannot prepare SQL");
}

Statement::~Statement() {
  if (stmt_) sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int index, std::string_view value) {
  if (sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK)
    fail(db_, "cannot bind a value");
  return *this;
}

Statement& Statement::bind_pointer(int index, const void* pointer, const char* type) {
  if (sqlite3_bind_pointer(stmt_, index, const_cast<void*>(pointer), type, nullptr) != SQLITE_OK)
    fail(db_, "cannot bind a value");
  return *this;
}

Statement& Statement::bind(int index, int64_t value) {
  if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK) fail(db_, "cannot bind a value");
  return *this;
}

Statement& Statement::bind(int index, double value) {
  if (sqlite3_bind_double(stmt_, index, value) != SQLITE_OK) fail(db_, "cannot bind a value");
  return *this;
}

Statement& Statement::bind_blob(int index, const void* data, size_t bytes) {
  if (sqlite3_bind_blob64(stmt_, index, data, bytes, SQLITE_TRANSIENT) != SQLITE_OK)
    fail(db_, "cannot bind a value");
  return *this;
}

std::string Statement::blob(int column) const {
  const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, column));
  return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, column)))
           : std::string();
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail(db_, "SQL step failed");
}

void Statement::run() {
  while (step()) {
  }
  reset();
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::string Statement::text(int column) const {
  const auto* p = sqlite3_column_text(stmt_, column);
  return p ? std::string(reinterpret_cast<const char*>(p),
                         static_cast<size_t>(sqlite3_column_bytes(stmt_, column)))
           : std::string();
}

int64_t Statement::integer(int column) const {
  return sqlite3_column_int64(stmt_, column);
}
double Statement::real(int column) const {
  return sqlite3_column_double(stmt_, column);
}
int Statement::column_count() const {
  return sqlite3_column_count(stmt_);
}

Database::Database(const std::filesystem::path& path, bool create) {
  if (create) {
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path().empty() ? "." : path.parent_path(), ec);
    if (ec)
      throw StorageError("cannot create data directory " + path.parent_path().string() + ": " +
                         ec.message());
  }
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StorageError("cannot open database " + path.string() + ": " + msg);
  }
  path_ = path.string();
  sqlite3_busy_timeout(db_, 5000);
  exec("PRAGMA foreign_keys = ON");
  exec("PRAGMA mmap_size = 1073741824");
}

Database::~Database() {
  cache_.clear();  // statements are finalized before their connection closes
  sqlite3_close(db_);
}

CachedStatement Database::cached(const std::string& sql) {
  std::lock_guard lock(cache_mutex_);
  auto key = std::make_pair(std::this_thread::get_id(), sql);
  auto it = cache_.find(key);
  if (it == cache_.end())
    it = cache_.emplace(std::move(key), std::make_unique<Statement>(db_, sql)).first;
  return CachedStatement(*it->second);
}

void Database::exec(std::string_view sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    throw StorageError("SQL failed: " + msg);
  }
}

void Database::exec_waiting(std::string_view sql) {
  const auto start = std::chrono::steady_clock::now();
  auto pause = std::chrono::milliseconds(50);
  bool told = false;
  for (;;) {
    char* err = nullptr;
    const int rc = sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &err);
    const std::string msg = err ? err : "";
    sqlite3_free(err);
    if (rc == SQLITE_OK) return;
    const auto waited = std::chrono::steady_clock::now() - start;
    const int extended = sqlite3_extended_errcode(db_);
    // BUSY_SNAPSHOT: this connection still reads a snapshot older than the last commit (an
    // unfinished statement); waiting cannot help, and retrying would spin until the deadline.
    if (((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) ||
        extended == SQLITE_BUSY_SNAPSHOT)
      throw StorageError("SQL failed: " + msg);
    if (waited > std::chrono::seconds(kLockWaitSeconds))
      throw StorageError("the database " + path_ + " stayed locked by another process for " +
                         std::to_string(kLockWaitSeconds) + " s: " + msg);
    if (!told) {
      spdlog::info("waiting for another process writing to {}", path_);
      told = true;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(1000));
  }
}

Transaction::Transaction(Database& db) : db_(db) {
  db_.exec_waiting("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (!done_) {
    try {
      db_.exec("ROLLBACK");
    } catch (...) {  // a destructor must not throw; SQLite rolls back on close anyway
    }
  }
}

void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

ReadSnapshot::ReadSnapshot(Database* db) {
  if (!db) return;
  std::lock_guard lock(db->readers_mutex_);
  if (db->readers_ == 0) {
    if (!sqlite3_get_autocommit(db->handle())) return;  // inside a transaction of its own
    db->exec("BEGIN");
    db->reading_ = true;
  } else if (!db->reading_) {
    return;
  }
  ++db->readers_;
  db_ = db;
}

ReadSnapshot::~ReadSnapshot() {
  if (!db_) return;
  std::lock_guard lock(db_->readers_mutex_);
  if (--db_->readers_ > 0) return;
  db_->reading_ = false;
  try {
    db_->exec("COMMIT");
  } catch (...) {  // a read-only transaction cannot fail to end; never throw from here
  }
}

}  // namespace regreader::store
