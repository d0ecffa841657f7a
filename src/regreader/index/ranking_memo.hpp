#pragma once
// Rankings kept for the length of one search. guided_search (guided_search.hpp) asks a leg for 30
// candidates, then, when folding copies leaves too few, for 120, and the leg ranked the same query
// again. While a RankingMemo lives on a thread, a leg ranks each query at least kDepth deep,
// keeps the ranking and reads it back when the same query is asked deeper. Nothing outlives the
// memo: one search never reads another's rankings (nor a library changed since: a search reads
// one snapshot).

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace regreader::index {

class RankingMemo {
 public:
  /// How deep a leg ranks while a memo lives: the deepest guided_search asks for.
  static constexpr int64_t kDepth = 120;

  struct Ranking {
    std::vector<std::pair<int64_t, double>> rows;  ///< row id and score, best first
    int64_t limit = 0;                             ///< how deep it was ranked
    /// Holds the first `wanted` rows of the ranking (all of them when it ran out before).
    bool covers(int64_t wanted) const {
      return limit >= wanted || static_cast<int64_t>(rows.size()) < limit;
    }
  };

  RankingMemo();
  ~RankingMemo();
  RankingMemo(const RankingMemo&) = delete;
  RankingMemo& operator=(const RankingMemo&) = delete;

  /// The memo of the search running on this thread; null when none lives.
  static RankingMemo* current();

  /// By the leg's own key of a query and filter.
  std::unordered_map<std::string, Ranking> rankings;

 private:
  RankingMemo* outer_;
};

}  // namespace regreader::index
