#pragma once
// The embedded engine's keyword index and vectors (engine.hpp's parts on SQLite): the FTS5 index
// of keyword_index.hpp and the stored vectors with their HNSW graph of vector_store.hpp, over a
// PageStore's database.

#include <memory>

#include "regreader/index/engine.hpp"
#include "regreader/index/vector/vector_index.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::index {

std::unique_ptr<KeywordIndex> sqlite_keyword_index(store::PageStore& store);
std::unique_ptr<VectorStore> sqlite_vector_store(store::PageStore& store);
/// The embedded engine over a store the caller keeps (tests and benches holding a PageStore).
Engine embedded_engine(store::PageStore& store);
/// A leg over vectors the caller built (`embedder` may be null when queries come embedded).
std::shared_ptr<const VectorLeg> sqlite_vector_leg(const store::PageStore& store,
                                                   std::shared_ptr<Embedder> embedder,
                                                   std::shared_ptr<const VectorIndex> index);

}  // namespace regreader::index
