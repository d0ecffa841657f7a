#include "regreader/index/keyword/rowid_scope.hpp"

#include <algorithm>
#include <map>
#include <mutex>

#include "regreader/store/database.hpp"

namespace regreader::index {

bool RowidScope::contains(int64_t rowid) const {
  auto it = std::upper_bound(spans.begin(), spans.end(), rowid,
                             [](int64_t r, const auto& span) { return r < span.first; });
  return it != spans.begin() && rowid <= std::prev(it)->second;
}

namespace {

using Spans = std::vector<std::pair<int64_t, int64_t>>;

// One regulation's spans: its one span when its rowids are contiguous (the rule, see the header),
// else one span per block.
Spans regulation_spans(store::Database& db, const std::string& reg_id) {
  auto range = db.cached("SELECT min(rowid), max(rowid), count(*) FROM blocks WHERE reg_id = ?1");
  range->bind(1, reg_id);
  if (!range->step() || range->integer(2) == 0) return {};
  const int64_t first = range->integer(0), last = range->integer(1), n = range->integer(2);
  if (last - first + 1 == n) return {{first, last}};
  Spans out;
  auto rows = db.cached("SELECT rowid FROM blocks WHERE reg_id = ?1 ORDER BY rowid");
  rows->bind(1, reg_id);
  while (rows->step())
    out.emplace_back(rows->integer(0), rows->integer(0));
  return out;
}

struct SpanCache {
  std::mutex mutex;
  std::string version;
  std::map<std::string, Spans> by_reg;
};

}  // namespace

std::shared_ptr<const RowidScope> regulation_scope(const store::PageStore& store,
                                                   const std::vector<std::string>& reg_ids) {
  static SpanCache cache;
  auto scope = std::make_shared<RowidScope>();
  store::Database* db = store.database();
  if (!db) return scope;
  const std::string version = store.version();
  for (const auto& reg : reg_ids) {
    Spans spans;
    bool known = false;
    {
      std::lock_guard lock(cache.mutex);
      if (cache.version != version) {
        cache.version = version;
        cache.by_reg.clear();
      }
      if (auto it = cache.by_reg.find(reg); it != cache.by_reg.end()) {
        spans = it->second;
        known = true;
      }
    }
    if (!known) {
      spans = regulation_spans(*db, reg);
      std::lock_guard lock(cache.mutex);
      if (cache.version == version) cache.by_reg[reg] = spans;
    }
    scope->spans.insert(scope->spans.end(), spans.begin(), spans.end());
  }
  std::sort(scope->spans.begin(), scope->spans.end());
  return scope;
}

namespace {

void in_scope(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const auto* scope =
      static_cast<const RowidScope*>(sqlite3_value_pointer(argv[0], kRowidScopePointer));
  if (!scope) {
    sqlite3_result_error(ctx, "regreader_in_scope: no scope bound", -1);
    return;
  }
  sqlite3_result_int(ctx, scope->contains(sqlite3_value_int64(argv[1])) ? 1 : 0);
}

}  // namespace

int register_scope_function(sqlite3* db) {
  return sqlite3_create_function_v2(db, "regreader_in_scope", 2, SQLITE_UTF8 | SQLITE_INNOCUOUS,
                                    nullptr, in_scope, nullptr, nullptr, nullptr);
}

}  // namespace regreader::index
