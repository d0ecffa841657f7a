#pragma once
// The stored vectors of a page store and the index built from them. Storage format:
//
//   block_vectors(id INTEGER PRIMARY KEY AUTOINCREMENT, block_id UNIQUE -> blocks ON DELETE
//                 CASCADE, vector BLOB of float32)          in the store's SQLite database
//   vector_meta(key PK, value): model_id, dimension, generation
//   <data dir>/vectors/hnsw.bin + hnsw.json                 the HNSW graph and the model id,
//                                                           dimension and generation it matches
//
// Deleting or re-ingesting a regulation deletes its vectors in the store's own transaction (the
// foreign key cascades) and a trigger bumps the generation. New blocks have no vector until
// update_vectors() embeds them (Library::finish_changes, after ingest and rename), so a failed
// embedding leaves the store consistent: those blocks are reported as missing until `regreader
// reindex`. The HNSW graph is a cache of block_vectors: when its generation is behind, it is
// brought up to date (markDelete the gone labels, add the new ones) and saved again. Labels are
// never reused.

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "regreader/index/embed/embedder.hpp"
#include "regreader/index/engine.hpp"
#include "regreader/index/search_filter.hpp"
#include "regreader/index/vector/vector_index.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::index {

/// Blocks embedded per call and per transaction: progress moves and a failure keeps earlier work.
inline constexpr size_t kEmbedChunk = 256;
/// A filter passing more blocks than this is served by the graph plus a post-filter; below it,
/// exact search among the passing blocks costs less than ~5 ms and never misses a hit.
inline constexpr size_t kExactFilterMaxBlocks = 50000;
/// Graph over-fetch for a wide filter (it passes > kExactFilterMaxBlocks, so > 1 in 2 at 10^5).
inline constexpr int kFilterOverfetch = 8;
/// Vector hits have no keyword match to show: the block's first characters instead.
inline constexpr int kVectorSnippetChars = 120;

/// The text embedded for a block: its innermost chapter title, then its Markdown (a clause says
/// what it is about in its heading). Used for fitting the built-in model and for embedding.
std::string embedding_text(const std::string& chapter_path_json, const std::string& content);

/// Creates the vector tables when missing. Needs an existing database.
void ensure_vector_tables(store::PageStore& store);

/// What is stored; nullopt when vectors were never built for this store.
std::optional<VectorState> vector_state(const store::PageStore& store);

/// The generation counter alone (cheap, for caches); -1 without vector tables.
int64_t vector_generation(const store::PageStore& store);

/// Throws Error(kInvalidArgument) telling the user to run `regreader reindex --all` when the
/// stored vectors were made by another model or have another dimension.
void check_model(const VectorState& state, const Embedder& embedder);

/// Embeds every stored block that has no vector yet, then brings the HNSW graph up to date.
/// Returns the number of blocks embedded. Throws the mismatch error of check_model() when the
/// store's vectors belong to another model.
int update_vectors(store::PageStore& store, Embedder& embedder,
                   const VectorProgress& progress = {});

/// Deletes the vectors of one regulation (every vector when reg_id is empty, also forgetting the
/// model) and embeds them again with `embedder`. Returns the number of blocks embedded.
int reindex_vectors(store::PageStore& store, Embedder& embedder, const std::string& reg_id,
                    const VectorProgress& progress = {});

/// The index over the stored vectors for `embedder`; null when no vector is stored. Exact below
/// `exact_max` vectors, else the saved HNSW graph (brought up to date, or built and saved).
std::shared_ptr<const VectorIndex> open_vector_index(
    const store::PageStore& store, const Embedder& embedder,
    size_t exact_max = VectorIndex::kExactSearchMaxVectors);

/// The vector leg: the filter.limit blocks nearest to `query_vector` that pass the filter.
/// Filtered queries search exactly among the blocks that pass (an SQL pre-filter), so a narrow
/// filter never loses hits; a wide one (more than kExactFilterMaxBlocks) asks the graph for more
/// and post-filters. Snippets are the first kVectorSnippetChars characters of each block.
std::vector<SearchHit> vector_search(const store::PageStore& store, const VectorIndex& index,
                                     const std::vector<float>& query_vector,
                                     const SearchFilter& filter);

/// Whether the filter restricts blocks at all (regulation, type, chapter, section).
bool has_block_filter(const SearchFilter& f);
/// A LIKE pattern (ESCAPE '\\') finding `s` anywhere.
std::string like_pattern(const std::string& s);
/// The `limit` best matches among `allowed` labels (sorted): exactly when few pass or the index
/// is exact, else from the graph with over-fetch and a post-filter (exactly if that comes short).
std::vector<VectorIndex::Match> matches_among(const VectorIndex& index, const float* q,
                                              size_t limit, const std::vector<int64_t>& allowed);

/// The leg's matches on either engine: checks the query's dimension, finds nothing for an
/// all-zero query (the model knows none of its words), and searches among `allowed()` (sorted
/// labels, asked only when the filter restricts blocks) or the whole index.
std::vector<VectorIndex::Match> nearest(const VectorIndex& index,
                                        const std::vector<float>& query_vector,
                                        const SearchFilter& filter,
                                        const std::function<std::vector<int64_t>()>& allowed);
/// A vector hit's fields from its block row (snippet: the block's first characters).
void fill_vector_hit(SearchHit& h, std::string reg_id, int page_num, const std::string& block_type,
                     const std::string& chapter_path_json, const std::string& content);

/// vector_search() in two steps, so hybrid search reads block rows only for the hits it keeps:
/// the candidates carry block_id and score only ...
std::vector<SearchHit> vector_candidates(const store::PageStore& store, const VectorIndex& index,
                                         const std::vector<float>& query_vector,
                                         const SearchFilter& filter);
/// ... and this fills the other fields of hits that have no reg_id yet (dropping blocks gone
/// since).
void fill_vector_hits(const store::PageStore& store, std::vector<SearchHit>& hits);

}  // namespace regreader::index
