#include "regreader/index/search.hpp"

#include <mutex>

#include "regreader/core/error.hpp"
#include "regreader/index/embedder_factory.hpp"
#include "regreader/index/vector_store.hpp"
#include "regreader/store/database.hpp"

namespace regreader::index {

namespace {

// kFusionCandidates (search.hpp): the keyword leg runs its loose pass more often in hybrid mode at
// that depth; its latency there has not been re-measured (bench/keyword_latency.sh).

// The last semantic leg loaded, for the database and configuration it was loaded for; reloaded
// when the vector generation moves (an ingest, a delete, a reindex).
struct LegCache {
  std::mutex mutex;
  std::string key;
  int64_t generation = -2;
  SemanticLeg leg;
  std::mutex embed_mutex;  // embedders are not required to be thread-safe
};

LegCache& cache() {
  static LegCache c;
  return c;
}

SemanticLeg load_leg(const store::PageStore& store, const EmbeddingConfig& config) {
  SemanticLeg leg;
  if (config.kind == EmbedderKind::kNone) {
    leg.unavailable =
        "no embedding model is configured (REGREADER_EMBEDDING_MODEL; see `regreader search "
        "--help`)";
    return leg;
  }
  leg.embedder = open_embedder(config, store_data_dir(store));
  if (!leg.embedder) {
    leg.unavailable =
        "the built-in embedding model is not fitted yet; run `regreader reindex --all`";
    return leg;
  }
  leg.index = open_vector_index(store, *leg.embedder);
  if (!leg.index)
    leg.unavailable =
        "no vectors are stored for " + config.describe() + "; run `regreader reindex --all`";
  return leg;
}

std::vector<float> embed_query(const SemanticLeg& leg, const std::string& query) {
  std::lock_guard lock(cache().embed_mutex);
  return leg.embedder->embed({query}, EmbedKind::kQuery).at(0);
}

}  // namespace

SearchMode parse_search_mode(const std::string& name) {
  if (name == "keyword") return SearchMode::kKeyword;
  if (name == "vector") return SearchMode::kVector;
  if (name == "hybrid") return SearchMode::kHybrid;
  throw Error(ErrorCode::kInvalidArgument,
              "unknown search mode '" + name + "' (keyword, vector, hybrid)");
}

std::string_view search_mode_name(SearchMode mode) {
  switch (mode) {
    case SearchMode::kKeyword:
      return "keyword";
    case SearchMode::kVector:
      return "vector";
    case SearchMode::kHybrid:
      return "hybrid";
  }
  return "?";
}

SemanticLeg semantic_leg(const store::PageStore& store) {
  if (!store.database()) return {nullptr, nullptr, "the store is empty"};
  const auto config = EmbeddingConfig::from_env();
  const std::string key =
      store_data_dir(store).string() + "\n" + config.describe() + "\n" + config.model;
  const int64_t generation = vector_generation(store);
  LegCache& c = cache();
  std::lock_guard lock(c.mutex);
  if (c.key != key || c.generation != generation) {
    c.leg = load_leg(store, config);
    c.key = key;
    c.generation = generation;
  }
  return c.leg;
}

std::vector<SearchHit> search_with_vector(const store::PageStore& store, const std::string& query,
                                          const std::vector<float>& query_vector,
                                          const VectorIndex& index, const SearchFilter& filter,
                                          SearchMode mode, const FusionWeights& weights) {
  if (mode == SearchMode::kKeyword) return keyword_search(store, query, filter);
  if (mode == SearchMode::kVector) return vector_search(store, index, query_vector, filter);
  SearchFilter deep = filter;
  deep.limit = std::max(filter.limit, kFusionCandidates);
  auto fused = reciprocal_rank_fusion(keyword_search(store, query, deep),
                                      vector_candidates(store, index, query_vector, deep), weights,
                                      filter.limit);
  fill_vector_hits(store, fused);  // block rows for the vector-only hits that made the cut
  return fused;
}

std::vector<SearchHit> search(const store::PageStore& store, const std::string& query,
                              const SearchFilter& filter, SearchMode mode,
                              const std::function<void(const std::string&)>& on_step) {
  return search(store, query, query, filter, mode, on_step);
}

std::vector<SearchHit> search(const store::PageStore& store, const std::string& keyword_query,
                              const std::string& vector_query, const SearchFilter& filter,
                              SearchMode mode,
                              const std::function<void(const std::string&)>& on_step) {
  if (mode == SearchMode::kKeyword) return keyword_search(store, keyword_query, filter);
  if (mode == SearchMode::kHybrid && EmbeddingConfig::from_env().kind == EmbedderKind::kNone)
    return keyword_search(store, keyword_query, filter);  // no model configured: nothing to load
  auto step = [&](const std::string& what) {
    if (on_step) on_step(what);
  };
  step("loading the vectors");
  const SemanticLeg leg = semantic_leg(store);
  if (!leg) {
    if (mode == SearchMode::kHybrid) return keyword_search(store, keyword_query, filter);
    throw Error(ErrorCode::kInvalidArgument, "vector search is not available: " + leg.unavailable);
  }
  step("embedding the query");
  const auto vector = embed_query(leg, vector_query);
  step("ranking");
  return search_with_vector(store, keyword_query, vector, *leg.index, filter, mode,
                            fusion_weights_from_env(leg.embedder->model_id()));
}

}  // namespace regreader::index
