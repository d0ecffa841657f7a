#pragma once
// The blocks a keyword search is scoped to (its regulations), as spans of block rowids, and the
// SQL function its FTS5 queries filter by: `regreader_in_scope(?N, rowid)` with the scope bound
// as a pointer. A regulation's blocks are inserted in one transaction, each given the next rowid,
// so they hold one span; testing a rowid against a few spans costs nothing beside the match,
// where `rowid IN (SELECT rowid FROM blocks WHERE reg_id IN …)` built an index of every block of
// the scope at each query (16,000 rows for ten copies of one standard: half of its time).

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "regreader/store/page_store.hpp"

namespace regreader::index {

/// Sorted, disjoint spans of rowids [first, last].
struct RowidScope {
  std::vector<std::pair<int64_t, int64_t>> spans;
  bool contains(int64_t rowid) const;
};

/// The pointer type regreader_in_scope's first argument is bound with (sqlite3_bind_pointer).
inline constexpr const char* kRowidScopePointer = "regreader_rowid_scope";

/// The blocks of `reg_ids` in the store as it is (read inside the caller's snapshot). Each
/// regulation's span is read once per store version and process.
std::shared_ptr<const RowidScope> regulation_scope(const store::PageStore& store,
                                                   const std::vector<std::string>& reg_ids);

/// Registers regreader_in_scope(scope, rowid) on a connection (with the tokenizer, for every
/// connection opened after enable_keyword_index()).
int register_scope_function(sqlite3* db);

}  // namespace regreader::index
