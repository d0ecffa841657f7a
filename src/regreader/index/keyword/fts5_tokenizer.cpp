// Glue between tokenizer.hpp and SQLite FTS5's tokenizer interface. No C++ exception may cross
// into SQLite: every callback catches and returns an SQLite error code instead.

#include <sqlite3.h>

#include "regreader/index/keyword/counted_bm25.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/keyword/rowid_scope.hpp"
#include "regreader/index/keyword/tokenizer.hpp"

namespace regreader::index {

namespace {

int x_create(void*, const char**, int, Fts5Tokenizer** out) {
  static int stateless = 0;  // the tokenizer has no state; FTS5 wants a non-null handle
  *out = reinterpret_cast<Fts5Tokenizer*>(&stateless);
  return SQLITE_OK;
}

void x_delete(Fts5Tokenizer*) {}

int x_tokenize(Fts5Tokenizer*, void* ctx, int flags, const char* text, int n,
               int (*emit)(void*, int, const char*, int, int, int)) {
  try {
    const auto mode =
        (flags & FTS5_TOKENIZE_QUERY) ? TokenizeMode::kQuery : TokenizeMode::kDocument;
    int rc = SQLITE_OK;
    for_each_token(std::string_view(text ? text : "", static_cast<size_t>(n)), mode,
                   [&](const TokenView& t) {
                     if (rc == SQLITE_OK)
                       rc = emit(ctx, t.colocated ? FTS5_TOKEN_COLOCATED : 0, t.text.data(),
                                 static_cast<int>(t.text.size()), t.start, t.end);
                   });
    if (rc != SQLITE_OK) return rc;
    return SQLITE_OK;
  } catch (...) {
    return SQLITE_NOMEM;
  }
}

fts5_tokenizer kTokenizer = {x_create, x_delete, x_tokenize};

fts5_api* fts5_of(sqlite3* db) {
  fts5_api* api = nullptr;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &stmt, nullptr) != SQLITE_OK) return nullptr;
  sqlite3_bind_pointer(stmt, 1, reinterpret_cast<void*>(&api), "fts5_api_ptr", nullptr);
  sqlite3_step(stmt);
  sqlite3_finalize(stmt);
  return api;
}

int register_on(sqlite3* db, char** err, const sqlite3_api_routines*) {
  fts5_api* api = fts5_of(db);
  if (!api) {
    if (err) *err = sqlite3_mprintf("FTS5 is not available in this SQLite");
    return SQLITE_ERROR;
  }
  int rc = api->xCreateTokenizer(api, "regreader_cjk", nullptr, &kTokenizer, nullptr);
  if (rc == SQLITE_OK) rc = register_counted_bm25(api);
  return rc != SQLITE_OK ? rc : register_scope_function(db);
}

}  // namespace

void enable_keyword_index() {
  static const int rc = sqlite3_auto_extension(reinterpret_cast<void (*)()>(register_on));
  (void)rc;
}

}  // namespace regreader::index
