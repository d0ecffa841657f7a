#pragma once
// The one search entry point of RegReader (the tools layer and the CLI call it): keyword, vector
// or hybrid (reciprocal rank fusion of both) over the stored blocks, with one filter for all.
// The semantic leg is the configured embedder (embedder_factory.hpp) plus the stored vectors
// (vector_store.hpp); it is loaded once per process and store, and again when the vectors change.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "regreader/index/embedder.hpp"
#include "regreader/index/keyword_index.hpp"
#include "regreader/index/rank_fusion.hpp"
#include "regreader/index/search_filter.hpp"
#include "regreader/index/vector_index.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::index {

enum class SearchMode { kKeyword, kVector, kHybrid };

/// Both legs of a hybrid search return this many candidates whatever the requested limit (up to
/// it), so the fused ranking does not depend on the limit: `limit k` is the first k hits of
/// `limit 50` (the tools' maximum). A leg cut at the limit made the top hit of `limit 1` differ
/// from that of `limit 10`.
inline constexpr int kFusionCandidates = 50;

/// "keyword" | "vector" | "hybrid"; anything else is Error(kInvalidArgument).
SearchMode parse_search_mode(const std::string& name);
std::string_view search_mode_name(SearchMode mode);

/// Searches in `mode`. kHybrid without a semantic leg runs as kKeyword (engine_effective_mode()
/// tells); kVector without one is Error(kInvalidArgument) saying what is missing. Vectors of
/// another model than the configured one are Error(kInvalidArgument) asking for `regreader reindex
/// --all`. `on_step` hears of the steps that can be slow (loading the vectors, embedding the query,
/// which may be a request to a remote model), before each.
std::vector<SearchHit> search(const store::PageStore& store, const std::string& query,
                              const SearchFilter& filter, SearchMode mode,
                              const std::function<void(const std::string&)>& on_step = {});

/// search() with a text per leg: the keyword leg's words (a question reduced to its content
/// words) and the sentence the vector leg embeds (the question as asked reads better to a model).
std::vector<SearchHit> search(const store::PageStore& store, const std::string& keyword_query,
                              const std::string& vector_query, const SearchFilter& filter,
                              SearchMode mode,
                              const std::function<void(const std::string&)>& on_step = {});

struct SemanticLeg {
  std::shared_ptr<Embedder> embedder;        ///< null: none configured (or not fitted yet)
  std::shared_ptr<const VectorIndex> index;  ///< null: no vectors stored
  std::string unavailable;                   ///< why there is no leg, for people; "" when there is
  explicit operator bool() const { return embedder && index; }
};

/// The semantic leg of a store under the current configuration (cached).
SemanticLeg semantic_leg(const store::PageStore& store);

/// search() with the query already embedded: what the benches time (no embedding cost).
std::vector<SearchHit> search_with_vector(const store::PageStore& store, const std::string& query,
                                          const std::vector<float>& query_vector,
                                          const VectorIndex& index, const SearchFilter& filter,
                                          SearchMode mode, const FusionWeights& weights = {});

}  // namespace regreader::index
