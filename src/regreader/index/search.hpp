#pragma once
// The one search entry point of RegReader (the tools layer and the CLI call it): keyword, vector
// or hybrid (reciprocal rank fusion of both) over the stored blocks, with one filter for all.
// Written once over an engine's parts (engine.hpp): the keyword index, and the semantic leg --
// the configured embedder over the stored vectors, loaded once per process and library and again
// when the vectors change.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "regreader/index/engine.hpp"
#include "regreader/index/rank_fusion.hpp"
#include "regreader/index/search_filter.hpp"

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

/// Searches the engine in `mode`. kHybrid without a semantic leg runs as kKeyword
/// (effective_mode() tells); kVector without one is Error(kInvalidArgument) saying what is
/// missing. Vectors of another model than the configured one are Error(kInvalidArgument) asking
/// for `regreader reindex --all`. `on_step` hears of the steps that can be slow (loading the
/// vectors, embedding the query, which may be a request to a remote model), before each.
std::vector<SearchHit> search(const Engine& engine, const std::string& query,
                              const SearchFilter& filter, SearchMode mode,
                              const std::function<void(const std::string&)>& on_step = {});

/// search() with a text per leg: the keyword leg's words (a question reduced to its content
/// words) and the sentence the vector leg embeds (the question as asked reads better to a model).
std::vector<SearchHit> search(const Engine& engine, const std::string& keyword_query,
                              const std::string& vector_query, const SearchFilter& filter,
                              SearchMode mode,
                              const std::function<void(const std::string&)>& on_step = {});

/// search() with the query already embedded, over given legs: what the benches time (no
/// embedding cost) and what tests drive with vectors of their own.
std::vector<SearchHit> search_with_vector(const KeywordIndex& keyword, const VectorLeg& leg,
                                          const std::string& query,
                                          const std::vector<float>& query_vector,
                                          const SearchFilter& filter, SearchMode mode,
                                          const FusionWeights& weights = {});

/// Why there is no semantic leg under the current configuration; "" when there is one.
std::string semantic_unavailable(const Engine& engine);
/// Hybrid when there is a semantic leg, else keyword.
SearchMode default_mode(const Engine& engine);
/// The mode that runs for `requested`: hybrid becomes keyword without a semantic leg.
SearchMode effective_mode(const Engine& engine, SearchMode requested);

}  // namespace regreader::index
