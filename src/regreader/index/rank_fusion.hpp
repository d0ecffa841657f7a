#pragma once
// Reciprocal rank fusion of the keyword and vector result lists (Cormack et al., 2009): a block
// scores sum(weight / (rrf_k + rank)) over the lists it appears in. Ranks, not scores, are fused,
// because BM25 and cosine similarity are not on one scale.

#include <vector>

#include "regreader/index/search_filter.hpp"

namespace regreader::index {

struct FusionWeights {
  double rrf_k = 60;  ///< the usual constant: damps the difference between top ranks
  double rrf_keyword_weight = 0.4;
  double rrf_vector_weight = 0.6;
};

/// Weights from REGREADER_RRF_KEYWORD_WEIGHT and REGREADER_RRF_VECTOR_WEIGHT (defaults 0.4 and
/// 0.6). Throws Error(kInvalidArgument) for a value that is not a number >= 0.
FusionWeights fusion_weights_from_env();

/// Fuses two ranked lists into at most `limit` hits. A block found twice in one list counts at its
/// first rank; a block in both lists keeps the keyword hit's fields (its snippet highlights the
/// match). The score is the fused score. Ties go to the block with the better single rank, then
/// to the keyword list, then to the smaller block id, so the order is deterministic.
std::vector<SearchHit> reciprocal_rank_fusion(const std::vector<SearchHit>& keyword,
                                              const std::vector<SearchHit>& vector,
                                              const FusionWeights& weights, int limit);

}  // namespace regreader::index
