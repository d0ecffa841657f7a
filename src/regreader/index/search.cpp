#include "regreader/index/search.hpp"

#include <algorithm>
#include <iterator>

#include "regreader/core/error.hpp"
#include "regreader/index/embed/embedder_factory.hpp"

namespace regreader::index {

// kFusionCandidates (search.hpp): the keyword leg runs its loose pass more often in hybrid mode at
// that depth; its latency there has not been re-measured (bench/keyword_latency.sh).

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

std::vector<SearchHit> search_with_vector(const KeywordIndex& keyword, const VectorLeg& leg,
                                          const std::string& query,
                                          const std::vector<float>& query_vector,
                                          const SearchFilter& filter, SearchMode mode,
                                          const FusionWeights& weights) {
  if (mode == SearchMode::kKeyword) return keyword.search(query, filter);
  if (mode == SearchMode::kVector) {
    auto hits = leg.candidates(query_vector, filter);
    leg.fill(hits);
    return hits;
  }
  SearchFilter deep = filter;
  deep.limit = std::max(filter.limit, kFusionCandidates);
  // The keyword leg's strict hits (every word of the query in the block) keep their places ahead
  // of the fusion: a block holding the words as typed answers before one the vectors find near.
  // Fused by rank with the vector leg (built-in LSA), they lost the first place to vector hits:
  // quoting set hybrid hit@1 0.745 -> 0.760 kept first, the workers' sets unchanged.
  auto words = keyword.search(query, deep);
  const auto partial = std::find_if(words.begin(), words.end(),
                                    [](const SearchHit& h) { return h.match == "partial"; });
  std::vector<SearchHit> out(std::make_move_iterator(words.begin()),
                             std::make_move_iterator(partial));
  words.erase(words.begin(), partial);
  auto near = leg.candidates(query_vector, deep);
  std::erase_if(near, [&](const SearchHit& v) {
    return std::any_of(out.begin(), out.end(),
                       [&](const SearchHit& s) { return s.block_id == v.block_id; });
  });
  for (auto& h : reciprocal_rank_fusion(words, near, weights, filter.limit))
    out.push_back(std::move(h));
  if (static_cast<int>(out.size()) > filter.limit) out.resize(static_cast<size_t>(filter.limit));
  leg.fill(out);  // block rows for the vector-only hits that made the cut
  return out;
}

std::vector<SearchHit> search(const Engine& engine, const std::string& query,
                              const SearchFilter& filter, SearchMode mode,
                              const std::function<void(const std::string&)>& on_step) {
  return search(engine, query, query, filter, mode, on_step);
}

std::vector<SearchHit> search(const Engine& engine, const std::string& keyword_query,
                              const std::string& vector_query, const SearchFilter& filter,
                              SearchMode mode,
                              const std::function<void(const std::string&)>& on_step) {
  const KeywordIndex& keyword = engine.keyword();
  if (mode == SearchMode::kKeyword) return keyword.search(keyword_query, filter);
  if (mode == SearchMode::kHybrid && EmbeddingConfig::from_env().kind == EmbedderKind::kNone)
    return keyword.search(keyword_query, filter);  // no model configured: nothing to load
  auto step = [&](const std::string& what) {
    if (on_step) on_step(what);
  };
  step("loading the vectors");
  std::string why;
  const auto leg = engine.vectors().leg(why);
  if (!leg) {
    if (mode == SearchMode::kHybrid) return keyword.search(keyword_query, filter);
    throw Error(ErrorCode::kInvalidArgument, "vector search is not available: " + why);
  }
  step("embedding the query");
  const auto vector = leg->embed(vector_query);
  step("ranking");
  return search_with_vector(keyword, *leg, keyword_query, vector, filter, mode,
                            fusion_weights_from_env(leg->model_id()));
}

std::string semantic_unavailable(const Engine& engine) {
  std::string why;
  return engine.vectors().leg(why) ? "" : why;
}

SearchMode default_mode(const Engine& engine) {
  return semantic_unavailable(engine).empty() ? SearchMode::kHybrid : SearchMode::kKeyword;
}

SearchMode effective_mode(const Engine& engine, SearchMode requested) {
  if (requested == SearchMode::kHybrid && !semantic_unavailable(engine).empty())
    return SearchMode::kKeyword;
  return requested;
}

}  // namespace regreader::index
