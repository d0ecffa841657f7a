#pragma once
// A thin RAII layer over the SQLite C API: one connection, prepared statements, transactions.
// Every SQLite failure becomes a StorageError carrying SQLite's message.

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

namespace regreader::store {

class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql);
  ~Statement();
  Statement(Statement&& o) noexcept : db_(o.db_), stmt_(o.stmt_) { o.stmt_ = nullptr; }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, std::string_view value);
  /// Text: without it a string literal would bind as the bool overload's `true`.
  Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
  Statement& bind(int index, int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<int64_t>(value)); }
  Statement& bind(int index, double value);
  Statement& bind(int index, bool value) {
    return bind(index, static_cast<int64_t>(value ? 1 : 0));
  }
  /// Binds raw bytes (vectors of floats, for the vector index).
  Statement& bind_blob(int index, const void* data, size_t bytes);
  /// A pointer for an application function (sqlite3_bind_pointer): it must outlive the step.
  Statement& bind_pointer(int index, const void* pointer, const char* type);
  /// Advances; true while a row is available.
  bool step();
  /// Runs a statement that returns no rows, then resets it for reuse.
  void run();
  void reset();

  std::string text(int column) const;
  int64_t integer(int column) const;
  double real(int column) const;
  /// Raw bytes of a BLOB (or TEXT) column.
  std::string blob(int column) const;
  int column_count() const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

/// A statement from Database::cached, reset (its bindings cleared) when the lease ends, so
/// that no stepped statement keeps a read snapshot open between uses.
class CachedStatement {
 public:
  explicit CachedStatement(Statement& s) : s_(&s) {}
  ~CachedStatement() { s_->reset(); }
  CachedStatement(const CachedStatement&) = delete;
  CachedStatement& operator=(const CachedStatement&) = delete;
  Statement* operator->() const { return s_; }
  Statement& operator*() const { return *s_; }

 private:
  Statement* s_;
};

class Database {
 public:
  /// Opens `path`; creates the file (and its directory) only when `create` is true.
  Database(const std::filesystem::path& path, bool create);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void exec(std::string_view sql);
  /// exec, waiting (with backoff, up to lock_wait()) while another connection holds the lock.
  void exec_waiting(std::string_view sql);
  Statement prepare(std::string_view sql) { return Statement(db_, sql); }
  /// A statement prepared once per connection and thread, and kept, for the queries every search
  /// runs (preparing an FTS5 query costs about as much as running a selective one). Each thread
  /// has its own, so threads sharing a connection never step one statement at once. `sql` must
  /// be one of a small fixed set of texts, not built from input.
  CachedStatement cached(const std::string& sql);
  sqlite3* handle() const { return db_; }
  /// How long a writer waits for another one (an ingest holds the lock while it stores a file).
  static constexpr int kLockWaitSeconds = 600;

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
  std::mutex cache_mutex_;
  friend class ReadSnapshot;
  std::mutex readers_mutex_;
  int readers_ = 0;       ///< live ReadSnapshots sharing the read transaction below
  bool reading_ = false;  ///< that transaction was begun by a ReadSnapshot
  /// By thread and text.
  std::map<std::pair<std::thread::id, std::string>, std::unique_ptr<Statement>> cache_;
};

/// BEGIN IMMEDIATE on construction (waiting for another writer to finish, see exec_waiting);
/// ROLLBACK on destruction unless commit() was called.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

/// One consistent view for a series of reads: BEGIN on construction (SQLite takes the snapshot
/// at the first read), COMMIT on destruction. A reader inside it sees a regulation that is being
/// replaced or deleted entirely as it was or entirely as it is, never half of each. Inside an
/// open transaction it does nothing, so nested readers share the outer view; threads sharing the
/// connection share one view too (the first to begin opens it, the last to end closes it: a
/// transaction belongs to the connection, not to a thread).
class ReadSnapshot {
 public:
  explicit ReadSnapshot(Database* db);
  ~ReadSnapshot();
  ReadSnapshot(const ReadSnapshot&) = delete;
  ReadSnapshot& operator=(const ReadSnapshot&) = delete;

 private:
  Database* db_ = nullptr;  ///< null when nested or without a database
};

}  // namespace regreader::store
