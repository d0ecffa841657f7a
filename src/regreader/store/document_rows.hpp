#pragma once
// Writing one regulation's rows into the page store's tables (page_store.cpp): its row in
// regulations, its pages and blocks, notes, chapters, tables and links. Called inside the
// caller's transaction; the store's generation is the caller's to move.

#include "regreader/model/parsed_document.hpp"
#include "regreader/store/database.hpp"

namespace regreader::store {

/// Inserts every row of `doc` (none of its reg_id may be stored).
void insert_document(Database& db, const model::ParsedDocument& doc);

}  // namespace regreader::store
