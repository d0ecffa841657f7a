#pragma once
// A replica's HNSW graph kept on its own disk between runs. Over PostgreSQL every replica holds
// its graph in memory, built from the stored vectors at first use: 10 s at 10^5 blocks (decoding
// the vectors, then inserting each into the graph). The graph is saved after it is built, with
// what it was built from (model, dimension, highest vector id), and loaded at the next start
// instead of rebuilt; the rows added or removed since are then caught up as after a NOTIFY.
// The graph is also published in the database (vector_graph), so that a replica with nothing
// saved yet fetches it (a second or less at 10^5) rather than building it.

#include <cstdint>
#include <filesystem>
#include <future>
#include <optional>
#include <string>

#include "regreader/index/vector/vector_index.hpp"
#include "regreader/store/pg/pg_store.hpp"

namespace regreader::index {

/// Where a replica keeps the graph of the store at `location` (its URL without the password)
/// under the embedding configuration `config_key`: <local dir>/vectors/pg-graph-<hash>.hnsw.
std::filesystem::path saved_graph_path(const std::filesystem::path& local_dir,
                                       const std::string& location, const std::string& config_key);

/// Saves `index` (an HNSW graph) to `file`, with `model_id` and `max_id` (the highest vector id
/// it holds) beside it; a failure to write is logged and otherwise ignored (the graph is built
/// again next time).
void save_graph(const VectorIndex& index, const std::filesystem::path& file,
                const std::string& model_id, int64_t max_id);

struct SavedGraph {
  VectorIndex index;
  int64_t max_id = 0;
};

/// The graph saved at `file` when it was built for `model_id` and `dimension`; nullopt when there
/// is none, it is for another model, or it cannot be read.
std::optional<SavedGraph> load_graph(const std::filesystem::path& file, const std::string& model_id,
                                     int dimension);

/// Publishes the graph saved at `file` (by save_graph) in the database as the graph of `model_id`,
/// unless the one there holds at least nine tenths as many vectors; the graphs of other models
/// are dropped. A failure is logged and otherwise ignored (replicas then build their own).
void publish_graph(const store::pg::PgStore& store, const std::filesystem::path& file,
                   const std::string& model_id, int dimension, int64_t max_id, size_t vectors);

struct FetchedGraph {
  SavedGraph graph;
  /// The graph being written to the replica's file meanwhile (as save_graph() writes it), for
  /// its next start; destroying it waits for the write.
  std::future<void> saving;
};

/// The database's graph for `model_id` and `dimension`, read in ranges over two connections at
/// once (one snapshot) and loaded from memory; it is also written to `file` for load_graph() to
/// read at the next start, in the background (`saving`). nullopt when the database has none (or
/// it cannot be fetched or read).
std::optional<FetchedGraph> fetch_graph(const store::pg::PgStore& store,
                                        const std::filesystem::path& file,
                                        const std::string& model_id, int dimension);

}  // namespace regreader::index
