#include "regreader/index/ranking_memo.hpp"

namespace regreader::index {

namespace {
thread_local RankingMemo* current_memo = nullptr;
}  // namespace

RankingMemo::RankingMemo() : outer_(current_memo) {
  current_memo = this;
}

RankingMemo::~RankingMemo() {
  current_memo = outer_;
}

RankingMemo* RankingMemo::current() {
  return current_memo;
}

}  // namespace regreader::index
