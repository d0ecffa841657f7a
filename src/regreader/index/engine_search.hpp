#pragma once
// Search and its vectors on whichever storage engine holds the documents: the embedded SQLite
// store (search.hpp, vector_store.hpp) or PostgreSQL (pg_keyword_index.hpp, pg_vector_store.hpp).
// Callers that hold a DocumentStore (the CLI, the tools, guided search) go through these and never
// ask which engine it is.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "regreader/index/embedder.hpp"
#include "regreader/index/embedder_factory.hpp"
#include "regreader/index/search.hpp"
#include "regreader/index/vector_store.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::index {

/// Keyword, vector or hybrid search with the filters of SearchFilter (search.hpp's search()).
std::vector<SearchHit> engine_search(const store::DocumentStore& documents,
                                     const std::string& keyword_query,
                                     const std::string& vector_query, const SearchFilter& filter,
                                     SearchMode mode,
                                     const std::function<void(const std::string&)>& on_step = {});

/// Why there is no semantic leg under the current configuration; "" when there is one.
std::string semantic_unavailable(const store::DocumentStore& documents);
/// Hybrid when there is a semantic leg, else keyword.
SearchMode engine_default_mode(const store::DocumentStore& documents);
/// The mode that runs for `requested`: hybrid becomes keyword without a semantic leg.
SearchMode engine_effective_mode(const store::DocumentStore& documents, SearchMode requested);
/// The stored vectors; nullopt when none were ever built.
std::optional<VectorState> engine_vector_state(const store::DocumentStore& documents);

/// The embedder that builds vectors (embedder_for_build on either engine); null for kNone.
std::unique_ptr<Embedder> engine_embedder_for_build(const store::DocumentStore& documents,
                                                    const EmbeddingConfig& config, bool refit);
/// update_vectors / reindex_vectors on either engine.
int engine_update_vectors(store::DocumentStore& documents, Embedder& embedder,
                          const VectorProgress& progress = {});
int engine_reindex_vectors(store::DocumentStore& documents, Embedder& embedder,
                           const std::string& reg_id, const VectorProgress& progress = {});

}  // namespace regreader::index
