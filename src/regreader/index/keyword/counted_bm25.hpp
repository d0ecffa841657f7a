#pragma once
// BM25 as FTS5's own bm25() scores a row, from statistics the index keeps instead of those FTS5
// reads at every query:
//   - each row's length in tokens, which bm25() reads from the index's %_docsize table by a
//     statement of its own for every row it scores (at 10^5 blocks, with up to a thousand rows
//     ranked by the loose pass, about 40% of the keyword leg): kept here in memory, per store
//     version, from one blob the index writes after every change (store_row_lengths);
//   - each phrase's block count, which bm25() counts by walking the phrase's whole list of
//     matches before scoring the first row: the loose pass ORs single tokens whose counts the
//     index keeps (block_token_blocks, keyword_index.cpp) and passes them.
// Given the same statistics the scores are bm25()'s to the bit (k1 1.2, b 0.75, one column, an
// IDF floor of 1e-6), so no ranking changes; whatever is not given is read as bm25() reads it.
//
//   SELECT rowid, regreader_bm25(block_fts, ?2) FROM block_fts WHERE block_fts MATCH ?1 ...
//
// with ?2 bound by sqlite3_bind_pointer to a Bm25Statistics of type kBm25StatisticsPointer.

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "regreader/store/page_store.hpp"

namespace regreader::index {

/// Each row's length in tokens, by rowid, as the index counted it at `version` of the store.
struct RowLengths {
  std::string version;
  std::vector<uint32_t> tokens;
};

/// What regreader_bm25 is given; null members are read as bm25() reads them.
struct Bm25Statistics {
  /// The number of rows each phrase of the MATCH expression occurs in, in its order (used only
  /// when it holds one count per phrase).
  const std::vector<int64_t>* phrase_blocks = nullptr;
  const RowLengths* lengths = nullptr;
};

/// The pointer type regreader_bm25's second argument is bound with.
inline constexpr const char* kBm25StatisticsPointer = "regreader_bm25_statistics";

/// Registers regreader_bm25(fts_table, statistics) with FTS5 on a connection.
int register_counted_bm25(fts5_api* api);

/// Inside the write transaction that counted the index's tokens: writes every row's length, read
/// from the index's %_docsize table, tagged with the store's version.
void store_row_lengths(store::PageStore& store);

/// The row lengths written at the store's present version, read once per process and version;
/// null when the library has changed since they were written (or never were).
std::shared_ptr<const RowLengths> row_lengths(const store::PageStore& store);

}  // namespace regreader::index
