#pragma once
// Reciprocal rank fusion of the keyword and vector result lists (Cormack et al., 2009): a block
// scores sum(weight / (rrf_k + rank)) over the lists it appears in. Ranks, not scores, are fused,
// because BM25 and cosine similarity are not on one scale.

#include <string>
#include <vector>

#include "regreader/index/search_filter.hpp"

namespace regreader::index {

struct FusionWeights {
  double rrf_k = 60;  ///< the usual constant: damps the difference between top ranks
  double rrf_keyword_weight = 0.4;
  double rrf_vector_weight = 0.6;
};

/// Weights from REGREADER_RRF_KEYWORD_WEIGHT and REGREADER_RRF_VECTOR_WEIGHT. Defaults: 0.4 and
/// 0.6, except for the built-in LSA model (`model_id` "builtin-lsa..."), 0.6 and 0.4: on our
/// development set (bench/run_eval.sh) LSA at 0.4 / 0.6 made hybrid worse than keyword alone
/// (hit@1 0.846 against 0.938), at 0.6 / 0.4 it is not (0.938, MRR 0.962 against 0.959).
/// Throws Error(kInvalidArgument) for a value that is not a number >= 0.
FusionWeights fusion_weights_from_env(const std::string& model_id = "");

/// Fuses two ranked lists into at most `limit` hits. A block found twice in one list counts at its
/// first rank; a block in both lists keeps the keyword hit's fields (its snippet highlights the
/// match). The score is the fused score. Ties go to the block with the better single rank, then
/// to the keyword list, then to the smaller block id, so the order is deterministic.
std::vector<SearchHit> reciprocal_rank_fusion(const std::vector<SearchHit>& keyword,
                                              const std::vector<SearchHit>& vector,
                                              const FusionWeights& weights, int limit);

}  // namespace regreader::index
