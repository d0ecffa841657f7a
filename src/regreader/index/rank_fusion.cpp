#include "regreader/index/rank_fusion.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"

namespace regreader::index {

namespace {

struct Fused {
  SearchHit hit;
  double score = 0;
  int best_rank = 0;
  bool in_keyword = false;
};

}  // namespace

FusionWeights fusion_weights_from_env(const std::string& model_id) {
  FusionWeights w;
  if (model_id.rfind("builtin-lsa", 0) == 0) {
    w.rrf_keyword_weight = 0.6;
    w.rrf_vector_weight = 0.4;
  }
  w.rrf_keyword_weight = settings().number("search.keyword_weight", w.rrf_keyword_weight);
  w.rrf_vector_weight = settings().number("search.vector_weight", w.rrf_vector_weight);
  return w;
}

std::vector<SearchHit> reciprocal_rank_fusion(const std::vector<SearchHit>& keyword,
                                              const std::vector<SearchHit>& vector,
                                              const FusionWeights& weights, int limit) {
  std::map<std::string, Fused> by_id;
  auto add = [&](const std::vector<SearchHit>& list, double weight, bool is_keyword) {
    int rank = 0;
    std::map<std::string, bool> seen;
    for (const auto& h : list) {
      if (!seen.emplace(h.block_id, true).second) continue;  // first rank only
      ++rank;
      auto [it, fresh] = by_id.try_emplace(h.block_id);
      Fused& f = it->second;
      if (fresh) {
        f.hit = h;
        f.best_rank = rank;
      }
      f.score += weight / (weights.rrf_k + rank);
      f.best_rank = std::min(f.best_rank, rank);
      f.in_keyword = f.in_keyword || is_keyword;
    }
  };
  add(keyword, weights.rrf_keyword_weight, true);
  add(vector, weights.rrf_vector_weight, false);
  std::vector<Fused> all;
  all.reserve(by_id.size());
  for (auto& [id, f] : by_id)
    all.push_back(std::move(f));
  std::sort(all.begin(), all.end(), [](const Fused& a, const Fused& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.best_rank != b.best_rank) return a.best_rank < b.best_rank;
    if (a.in_keyword != b.in_keyword) return a.in_keyword;
    return a.hit.block_id < b.hit.block_id;
  });
  std::vector<SearchHit> out;
  for (auto& f : all) {
    if (static_cast<int>(out.size()) >= std::max(0, limit)) break;
    f.hit.score = f.score;
    out.push_back(std::move(f.hit));
  }
  return out;
}

}  // namespace regreader::index
