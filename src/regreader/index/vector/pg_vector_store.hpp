#pragma once
// The vector leg on PostgreSQL (issue 18). The vectors live in the database (block_vectors: one
// float32 BYTEA per block, deleted with its block; vector_meta: the model id and dimension), so
// every replica reads the same ones; each replica keeps its nearest-neighbour index (VectorIndex:
// exact, or HNSW from 20,000 vectors) in memory. A replica LISTENs on the library's channel
// ("regreader": every save, delete, rename and vector write moves the generation and NOTIFYs it)
// and, before its next vector search after a notification, catches its index up: labels whose
// rows are gone are removed, rows with ids above the last one it holds are added (ids are never
// reused). Without a listener (the connection failed) it compares the generation per search.
//
// The built-in LSA model is fitted on the database's blocks and kept in the replica's data
// directory (PgStore::local_dir); other replicas need the same file (the model id carries its
// hash, and vectors of another model are refused with the usual `reindex --all` advice).

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "regreader/index/embed/embedder.hpp"
#include "regreader/index/embed/embedder_factory.hpp"
#include "regreader/index/engine.hpp"
#include "regreader/index/search_filter.hpp"
#include "regreader/index/vector/vector_store.hpp"
#include "regreader/store/pg/pg_store.hpp"

namespace regreader::index {

/// What is stored; nullopt when vectors were never built in this database.
std::optional<VectorState> pg_vector_state(const store::pg::PgStore& store);

/// Embeds every block without a vector (chunks of 256, one transaction each, announced to the
/// replicas). Throws check_model()'s error when the stored vectors belong to another model.
int pg_update_vectors(store::pg::PgStore& store, Embedder& embedder,
                      const VectorProgress& progress = {});

/// Deletes the vectors of one regulation (of all, forgetting the model, when reg_id is empty)
/// and embeds them again. After all are embedded again, the HNSW graph over them (from 20,000
/// vectors) is built here and published in the database for the replicas to load.
int pg_reindex_vectors(store::pg::PgStore& store, Embedder& embedder, const std::string& reg_id,
                       const VectorProgress& progress = {});

/// The embedder that builds vectors for the database: the configured one, the built-in model
/// fitted on the stored blocks (and saved in the store's local dir) when `refit` or unfitted.
std::unique_ptr<Embedder> pg_embedder_for_build(const store::pg::PgStore& store,
                                                const EmbeddingConfig& config, bool refit);

/// This replica's semantic leg under the current configuration (its index caught up with the
/// database); null with `why` saying what is missing.
std::shared_ptr<const VectorLeg> pg_vector_leg(const store::pg::PgStore& store, std::string& why);

/// How many times this process loaded or caught up a replica index (tests watch refreshes).
struct PgLegStats {
  int full_loads = 0;       ///< built from the stored vectors
  int graph_loads = 0;      ///< loaded from a saved graph (saved_graph.hpp), this replica's or …
  int database_graphs = 0;  ///< … the one published in the database (fetched first)
  int catch_ups = 0;
  size_t vectors = 0;
};
PgLegStats pg_leg_stats(const store::pg::PgStore& store);

}  // namespace regreader::index
