#pragma once
// The PostgreSQL engine's keyword index and vectors (engine.hpp's parts): the tsvector terms of
// pg_keyword_index.hpp and the replica's vector leg of pg_vector_store.hpp.

#include <memory>

#include "regreader/index/engine.hpp"
#include "regreader/store/pg/pg_store.hpp"

namespace regreader::index {

std::unique_ptr<KeywordIndex> pg_keyword_index(store::pg::PgStore& store);
std::unique_ptr<VectorStore> pg_vector_store(store::pg::PgStore& store);
/// The PostgreSQL engine over a store the caller keeps (tests and benches).
Engine postgres_engine(store::pg::PgStore& store);

}  // namespace regreader::index
