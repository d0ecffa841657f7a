#include "regreader/store/pg/pg_connection.hpp"

#include <libpq-fe.h>

#include <poll.h>

#include <chrono>
#include <cstdlib>
#include <limits>

#include "regreader/core/error.hpp"
#include "regreader/core/shared_library.hpp"
#include "regreader/core/text.hpp"

namespace regreader::store::pg {

namespace {

// libpq, opened when the first connection is made (core/shared_library.hpp): linked, it and
// the 23 libraries it needs were loaded by every command.
// clang-format off
#define REGREADER_PQ(X) \
  X(PQclear) X(PQcmdTuples) X(PQconnectdbParams) \
  X(PQconsumeInput) X(PQerrorMessage) X(PQexec) \
  X(PQexecParams) X(PQfinish) X(PQfreemem) \
  X(PQgetisnull) X(PQgetlength) X(PQgetvalue) \
  X(PQnfields) X(PQnotifies) X(PQntuples) \
  X(PQresultErrorMessage) X(PQresultStatus) X(PQsetNoticeProcessor) \
  X(PQsocket) X(PQstatus)
// clang-format on

REGREADER_FUNCTION_TABLE(Pq, REGREADER_PQ)

const Pq& pq() {
  return required<Pq>("libpq.so.5", ErrorCode::kStorage,
                      "the PostgreSQL client library is missing (apt-get install libpq5)");
}

std::string server_message(PGconn* c) {
  return text::trim(c ? pq().PQerrorMessage(c) : "out of memory");
}

// The result when the statement succeeded; else StorageError with the server's message.
PGresult* checked(PGconn* c, PGresult* res) {
  const auto st = pq().PQresultStatus(res);
  if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return res;
  const std::string why = text::trim(res ? pq().PQresultErrorMessage(res) : server_message(c));
  if (res) pq().PQclear(res);
  throw StorageError("PostgreSQL: " + why);
}

// The limits come first, so the same keys in the URL (expanded from "dbname") override them.
PGconn* connect_with_limits(const std::string& conninfo) {
  const std::string options = "-c statement_timeout=" + std::to_string(kStatementTimeoutMs);
  const std::string timeout = std::to_string(kConnectTimeoutSeconds);
  const char* keys[] = {"connect_timeout", "options", "dbname", nullptr};
  const char* values[] = {timeout.c_str(), options.c_str(), conninfo.c_str(), nullptr};
  return pq().PQconnectdbParams(keys, values, 1);
}

}  // namespace

PgResult::PgResult(PGresult* r) : r_(r) {}
PgResult::~PgResult() {
  if (r_) pq().PQclear(r_);
}
PgResult::PgResult(PgResult&& o) noexcept : r_(o.r_) {
  o.r_ = nullptr;
}
PgResult& PgResult::operator=(PgResult&& o) noexcept {
  if (this != &o) {
    if (r_) pq().PQclear(r_);
    r_ = o.r_;
    o.r_ = nullptr;
  }
  return *this;
}

int PgResult::rows() const {
  return pq().PQntuples(r_);
}
int PgResult::columns() const {
  return pq().PQnfields(r_);
}
bool PgResult::is_null(int row, int col) const {
  return pq().PQgetisnull(r_, row, col) != 0;
}
std::string PgResult::text(int row, int col) const {
  return std::string(pq().PQgetvalue(r_, row, col),
                     static_cast<size_t>(pq().PQgetlength(r_, row, col)));
}
std::string_view PgResult::bytes(int row, int col) const {
  return {pq().PQgetvalue(r_, row, col), static_cast<size_t>(pq().PQgetlength(r_, row, col))};
}
long long PgResult::integer(int row, int col) const {
  return std::strtoll(pq().PQgetvalue(r_, row, col), nullptr, 10);
}
double PgResult::real(int row, int col) const {
  return std::strtod(pq().PQgetvalue(r_, row, col), nullptr);
}
long long PgResult::affected() const {
  const char* n = pq().PQcmdTuples(r_);
  return n && *n ? std::strtoll(n, nullptr, 10) : 0;
}

PgConnection::PgConnection(const std::string& conninfo) : conn_(connect_with_limits(conninfo)) {
  if (!conn_ || pq().PQstatus(conn_) != CONNECTION_OK) {
    // libpq quotes what it could not read, which may be the password of a malformed URL.
    const std::string why = mask_password(server_message(conn_), conninfo);
    if (conn_) pq().PQfinish(conn_);
    conn_ = nullptr;
    throw StorageError("cannot connect to PostgreSQL: " + why);
  }
  // Our own notices (e.g. "relation already exists, skipping") stay off stderr.
  pq().PQsetNoticeProcessor(
      conn_, [](void*, const char*) {}, nullptr);
  exec("SET client_encoding = 'UTF8'");
}

PgConnection::~PgConnection() {
  if (conn_) pq().PQfinish(conn_);
}

void PgConnection::exec(std::string_view sql) {
  PgResult r(checked(conn_, pq().PQexec(conn_, std::string(sql).c_str())));
}

namespace {

// PQexecParams with text parameters and, when `blob` is set, one more parameter in binary form.
PGresult* exec_params(PGconn* c, const std::string& sql, const std::vector<Param>& params,
                      const std::string_view* blob, int result_format) {
  std::vector<const char*> values;
  std::vector<int> lengths;
  std::vector<int> formats;
  for (const auto& p : params) {
    values.push_back(p ? p->c_str() : nullptr);
    lengths.push_back(0);
    formats.push_back(0);
  }
  if (blob) {
    values.push_back(blob->data());
    lengths.push_back(static_cast<int>(blob->size()));
    formats.push_back(1);
  }
  return pq().PQexecParams(c, sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(),
                           lengths.data(), formats.data(), result_format);
}

}  // namespace

PgResult PgConnection::query(const std::string& sql, const std::vector<Param>& params) {
  return PgResult(checked(conn_, exec_params(conn_, sql, params, nullptr, 0)));
}

PgResult PgConnection::query_binary(const std::string& sql, const std::vector<Param>& params) {
  return PgResult(checked(conn_, exec_params(conn_, sql, params, nullptr, 1)));
}

PgResult PgConnection::query_with_blob(const std::string& sql, const std::vector<Param>& params,
                                       std::string_view blob) {
  if (blob.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    throw StorageError("a value of " + std::to_string(blob.size()) +
                       " bytes is larger than PostgreSQL takes in one parameter");
  return PgResult(checked(conn_, exec_params(conn_, sql, params, &blob, 0)));
}

std::optional<std::string> PgConnection::wait_notification(int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    if (pq().PQconsumeInput(conn_) == 0) throw StorageError("PostgreSQL: " + server_message(conn_));
    if (PGnotify* n = pq().PQnotifies(conn_)) {
      std::string payload = n->extra ? n->extra : "";
      pq().PQfreemem(n);
      return payload;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline - std::chrono::steady_clock::now())
                          .count();
    if (left <= 0) return std::nullopt;
    pollfd fd{pq().PQsocket(conn_), POLLIN, 0};
    ::poll(&fd, 1, static_cast<int>(left));
  }
}

PgTransaction::PgTransaction(PgConnection& c) : c_(c) {
  c_.exec("BEGIN");
}
PgTransaction::~PgTransaction() {
  if (done_) return;
  try {
    c_.exec("ROLLBACK");
  } catch (...) {  // the connection is gone: the server rolls back on its own
  }
}
void PgTransaction::commit() {
  c_.exec("COMMIT");
  done_ = true;
}

// Written here: libpq cannot parse a malformed conninfo, and a malformed one is what gets
// quoted in errors.
std::string mask_password(std::string message, const std::string& conninfo) {
  std::vector<std::string> secrets;
  const auto value_after = [&](size_t from, const std::string& stops) {
    const size_t end = conninfo.find_first_of(stops, from);
    return conninfo.substr(from, end == std::string::npos ? std::string::npos : end - from);
  };
  for (size_t at = conninfo.find("password="); at != std::string::npos;
       at = conninfo.find("password=", at + 1))
    secrets.push_back(value_after(at + 9, " &"));
  if (const auto scheme = conninfo.find("://"); scheme != std::string::npos) {
    const size_t host_start = scheme + 3;
    const size_t slash = conninfo.find('/', host_start);
    const size_t at = conninfo.rfind('@', slash);
    const size_t colon = conninfo.find(':', host_start);
    if (at != std::string::npos && at > host_start && colon < at)
      secrets.push_back(conninfo.substr(colon + 1, at - colon - 1));
  }
  for (const auto& secret : secrets) {
    if (secret.empty()) continue;
    for (size_t at = message.find(secret); at != std::string::npos;
         at = message.find(secret, at + 3))
      message.replace(at, secret.size(), "***");
  }
  return message;
}

// Written here: libpq parses a conninfo (PQconninfoParse) but cannot write one back.
std::string conninfo_without_password(const std::string& conninfo) {
  for (const char* scheme : {"postgresql://", "postgres://"}) {
    const std::string prefix = scheme;
    if (conninfo.rfind(prefix, 0) != 0) continue;
    std::string rest = conninfo.substr(prefix.size());
    rest = rest.substr(0, rest.find('?'));
    const size_t slash = rest.find('/');
    const size_t at = rest.rfind('@', slash);
    if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
      const size_t colon = rest.find(':');
      if (colon < at) rest.erase(colon, at - colon);
    }
    return prefix + rest;
  }
  std::string out;
  size_t i = 0;
  while (i < conninfo.size()) {
    const size_t end = conninfo.find(' ', i);
    const std::string pair = conninfo.substr(i, end == std::string::npos ? end : end - i);
    if (!pair.empty() && pair.rfind("password", 0) != 0) out += (out.empty() ? "" : " ") + pair;
    if (end == std::string::npos) break;
    i = end + 1;
  }
  return out;
}

}  // namespace regreader::store::pg
