#include "regreader/index/keyword/counted_bm25.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <new>

#include "regreader/core/error.hpp"
#include "regreader/store/database.hpp"

namespace regreader::index {

namespace {

// FTS5's bm25() constants.
constexpr double kK1 = 1.2;
constexpr double kB = 0.75;

// What one query's scoring keeps between rows: the average row length and each phrase's IDF,
// with room for the row's phrase frequencies.
struct QueryData {
  double avgdl = 0;
  std::vector<double> idf;
  std::vector<double> freq;
};

int count_row(const Fts5ExtensionApi*, Fts5Context*, void* n) {
  ++*static_cast<sqlite3_int64*>(n);
  return SQLITE_OK;
}

// The query's data as bm25() computes it, the phrase counts taken from `given` when it has one
// per phrase. SQLITE_OK or an error code.
int query_data(const Fts5ExtensionApi* api, Fts5Context* fts, const std::vector<int64_t>* given,
               QueryData& out) {
  const int phrases = api->xPhraseCount(fts);
  sqlite3_int64 rows = 0, tokens = 0;
  int rc = api->xRowCount(fts, &rows);
  if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
  if (rc != SQLITE_OK) return rc;
  out.avgdl = static_cast<double>(tokens) / static_cast<double>(rows);
  const bool counted = given && given->size() == static_cast<size_t>(phrases);
  for (int i = 0; i < phrases; ++i) {
    sqlite3_int64 hits = 0;
    if (counted)
      hits = (*given)[static_cast<size_t>(i)];
    else if ((rc = api->xQueryPhrase(fts, i, &hits, count_row)) != SQLITE_OK)
      return rc;
    double idf =
        std::log((static_cast<double>(rows - hits) + 0.5) / (static_cast<double>(hits) + 0.5));
    if (idf <= 0.0) idf = 1e-6;
    out.idf.push_back(idf);
  }
  out.freq.assign(out.idf.size(), 0.0);
  return SQLITE_OK;
}

// This query's data, made at its first row. Null after reporting an error.
QueryData* data_of(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx,
                   const Bm25Statistics* given) {
  if (auto* data = static_cast<QueryData*>(api->xGetAuxdata(fts, 0))) return data;
  auto* data = new (std::nothrow) QueryData;
  int rc = SQLITE_NOMEM;
  if (data) {
    try {
      rc = query_data(api, fts, given ? given->phrase_blocks : nullptr, *data);
    } catch (...) {  // no exception crosses into SQLite
    }
  }
  if (rc != SQLITE_OK) {
    delete data;
    sqlite3_result_error_code(ctx, rc);
    return nullptr;
  }
  // FTS5 owns the data from here, and frees it itself when it cannot keep it.
  if (api->xSetAuxdata(fts, data, [](void* p) { delete static_cast<QueryData*>(p); }) !=
      SQLITE_OK) {
    sqlite3_result_error_nomem(ctx);
    return nullptr;
  }
  return data;
}

void counted_bm25(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx, int nval,
                  sqlite3_value** val) {
  const auto* given = nval > 0 ? static_cast<const Bm25Statistics*>(
                                     sqlite3_value_pointer(val[0], kBm25StatisticsPointer))
                               : nullptr;
  QueryData* data = data_of(api, fts, ctx, given);
  if (!data) return;
  std::fill(data->freq.begin(), data->freq.end(), 0.0);
  int instances = 0;
  int rc = api->xInstCount(fts, &instances);
  for (int i = 0; rc == SQLITE_OK && i < instances; ++i) {
    int phrase = 0, column = 0, offset = 0;
    rc = api->xInst(fts, i, &phrase, &column, &offset);
    if (rc == SQLITE_OK) data->freq[static_cast<size_t>(phrase)] += 1.0;
  }
  int length = 0;
  const sqlite3_int64 rowid = api->xRowid(fts);
  const RowLengths* kept = given ? given->lengths : nullptr;
  if (kept && rowid >= 0 && static_cast<uint64_t>(rowid) < kept->tokens.size())
    length = static_cast<int>(kept->tokens[static_cast<size_t>(rowid)]);
  else if (rc == SQLITE_OK)
    rc = api->xColumnSize(fts, -1, &length);
  if (rc != SQLITE_OK) return sqlite3_result_error_code(ctx, rc);
  const double d = static_cast<double>(length);
  double score = 0;
  for (size_t i = 0; i < data->idf.size(); ++i) {
    const double f = data->freq[i];
    score += data->idf[i] * ((f * (kK1 + 1.0)) / (f + kK1 * (1 - kB + kB * d / data->avgdl)));
  }
  sqlite3_result_double(ctx, -1.0 * score);
}

// The first varint of an FTS5 %_docsize blob: the first column's length (SQLite's varint: seven
// bits a byte, most significant first, the high bit set on every byte but the last). Written out
// here because SQLite does not export its varint reader.
uint32_t first_varint(const std::string& blob) {
  uint32_t v = 0;
  for (size_t i = 0; i < blob.size() && i < 5; ++i) {
    const auto b = static_cast<unsigned char>(blob[i]);
    v = (v << 7) | (b & 0x7fu);
    if (!(b & 0x80u)) break;
  }
  return v;
}

constexpr const char* kLengthsSchema =
    "CREATE TABLE IF NOT EXISTS block_token_lengths (version TEXT NOT NULL, lengths BLOB NOT "
    "NULL)";

}  // namespace

int register_counted_bm25(fts5_api* api) {
  return api->xCreateFunction(api, "regreader_bm25", nullptr, counted_bm25, nullptr);
}

void store_row_lengths(store::PageStore& store) {
  store::Database& db = *store.database();
  db.exec(kLengthsSchema);
  std::vector<uint32_t> lengths;
  auto rows = db.prepare("SELECT id, sz FROM block_fts_docsize ORDER BY id");
  while (rows.step()) {
    const int64_t id = rows.integer(0);
    if (id < 0) continue;
    if (static_cast<size_t>(id) >= lengths.size()) lengths.resize(static_cast<size_t>(id) + 1, 0);
    lengths[static_cast<size_t>(id)] = first_varint(rows.blob(1));
  }
  // Little-endian, four bytes a row, whatever the machine.
  std::string blob(lengths.size() * 4, '\0');
  for (size_t i = 0; i < lengths.size(); ++i)
    for (size_t k = 0; k < 4; ++k)
      blob[i * 4 + k] = static_cast<char>((lengths[i] >> (8 * k)) & 0xffu);
  db.exec("DELETE FROM block_token_lengths");
  db.prepare("INSERT INTO block_token_lengths VALUES (?1, ?2)")
      .bind(1, store.version())
      .bind_blob(2, blob.data(), blob.size())
      .run();
}

// Its own map rather than the project's KeyedCache: KeyedCache keeps whatever it computed,
// a miss too, and a search run between an ingest's save and its optimize (the same store
// version, the lengths not yet written) would then go without them until the next change.
// Here only a hit is kept.
std::shared_ptr<const RowLengths> row_lengths(const store::PageStore& store) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const RowLengths>> by_store;
  store::Database* db = store.database();
  if (!db) return nullptr;
  const std::string version = store.version();
  {
    std::lock_guard lock(mutex);
    if (auto it = by_store.find(store.location());
        it != by_store.end() && it->second->version == version)
      return it->second;
  }
  auto read = std::make_shared<RowLengths>();
  read->version = version;
  try {
    auto row = db->cached("SELECT version, lengths FROM block_token_lengths");
    if (row->step() && row->text(0) == version) {
      const std::string blob = row->blob(1);
      read->tokens.resize(blob.size() / 4);
      for (size_t i = 0; i < read->tokens.size(); ++i)
        for (size_t k = 0; k < 4; ++k)
          read->tokens[i] |= static_cast<uint32_t>(static_cast<unsigned char>(blob[i * 4 + k]))
                             << (8 * k);
    }
  } catch (const StorageError&) {  // an index made before the lengths were kept, read-only
  }
  // Not kept at this version (the library changed since, or the lengths were never written):
  // asked again next time, when an ingest may have written them.
  if (read->tokens.empty()) return nullptr;
  std::lock_guard lock(mutex);
  by_store[store.location()] = read;
  return read;
}

}  // namespace regreader::index
