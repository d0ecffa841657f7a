#pragma once
// The only door to libpq. A connection, parameterised statements with text parameters and
// text results (and one call each way for large binary values), and a transaction guard; every
// failure is a StorageError carrying PostgreSQL's message (never a half-applied statement: the
// guard rolls back on unwinding).

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

namespace regreader::store::pg {

/// A parameter: text, or SQL NULL.
using Param = std::optional<std::string>;

/// The rows of one statement's result, as text.
class PgResult {
 public:
  explicit PgResult(PGresult* r);
  ~PgResult();
  PgResult(PgResult&&) noexcept;
  PgResult& operator=(PgResult&&) noexcept;
  PgResult(const PgResult&) = delete;
  PgResult& operator=(const PgResult&) = delete;

  int rows() const;
  int columns() const;
  bool is_null(int row, int col) const;
  std::string text(int row, int col) const;
  /// The value's bytes as they came: text, or raw bytes of a query_binary() result.
  std::string_view bytes(int row, int col) const;
  long long integer(int row, int col) const;
  double real(int row, int col) const;
  /// Rows a DELETE/UPDATE/INSERT touched.
  long long affected() const;

 private:
  PGresult* r_;
};

/// `conninfo` as it may be shown or logged: the user, host, port and database of a postgresql://
/// URL, or the key=value pairs, without a password (and without URL parameters, which may hold
/// one).
std::string conninfo_without_password(const std::string& conninfo);

/// `message` with every password `conninfo` holds (URL user info, `password=`) replaced by ***.
std::string mask_password(std::string message, const std::string& conninfo);

/// Limits every connection starts with, unless its URL sets them (`?connect_timeout=3`,
/// `?options=-c%20statement_timeout%3D0`): a server that never answers is given up after
/// kConnectTimeoutSeconds, and one statement may run kStatementTimeoutMs.
inline constexpr int kConnectTimeoutSeconds = 10;
inline constexpr int kStatementTimeoutMs = 300'000;

class PgConnection {
 public:
  /// Connects (a libpq conninfo string or postgresql:// URI) with the limits above. Throws
  /// StorageError naming the server's reason (refused, unknown database, authentication, timed
  /// out), never the password.
  explicit PgConnection(const std::string& conninfo);
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  /// Runs one or more statements without parameters.
  void exec(std::string_view sql);
  /// Runs one statement with $1.. parameters.
  PgResult query(const std::string& sql, const std::vector<Param>& params = {});
  /// As query(), the result's values in PostgreSQL's binary form (a BYTEA column's raw bytes,
  /// read with PgResult::bytes): a large BYTEA read as text comes hex-encoded, twice its size.
  PgResult query_binary(const std::string& sql, const std::vector<Param>& params = {});
  /// As query(), with `blob` sent as raw bytes for the parameter after `params` (a BYTEA).
  PgResult query_with_blob(const std::string& sql, const std::vector<Param>& params,
                           std::string_view blob);
  /// Waits up to `timeout_ms` for a NOTIFY on a channel this connection LISTENs to; returns its
  /// payload, or nullopt on timeout.
  std::optional<std::string> wait_notification(int timeout_ms);

 private:
  PGconn* conn_;
};

/// BEGIN … COMMIT; rolled back when destroyed uncommitted.
class PgTransaction {
 public:
  explicit PgTransaction(PgConnection& c);
  ~PgTransaction();
  PgTransaction(const PgTransaction&) = delete;
  PgTransaction& operator=(const PgTransaction&) = delete;
  void commit();

 private:
  PgConnection& c_;
  bool done_ = false;
};

}  // namespace regreader::store::pg
