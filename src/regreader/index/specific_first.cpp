#include "regreader/index/specific_first.hpp"

#include <algorithm>

namespace regreader::index {

namespace {

// True when `inner` lies in a subchapter of `outer`'s chapter, in the same regulation.
bool inside(const SearchHit& inner, const SearchHit& outer) {
  const auto& a = outer.chapter_path;
  const auto& b = inner.chapter_path;
  return inner.reg_id == outer.reg_id && !a.empty() && b.size() > a.size() &&
         std::equal(a.begin(), a.end(), b.begin());
}

}  // namespace

std::vector<SearchHit> subchapters_before_headings(std::vector<SearchHit> hits, size_t pool) {
  const size_t n = std::min(pool, hits.size());
  for (size_t i = 0; i < n; ++i) {
    if (hits[i].block_type != model::BlockType::kHeading) continue;
    size_t j = i + 1;
    while (j < n && !inside(hits[j], hits[i]))
      ++j;
    if (j == n) continue;
    // The subchapter's hit takes the heading's place; the heading and the hits between move down
    // one place.
    const auto at = [&](size_t k) { return hits.begin() + static_cast<std::ptrdiff_t>(k); };
    std::rotate(at(i), at(j), at(j + 1));
    ++i;  // the heading, now right after it, moves once
  }
  return hits;
}

}  // namespace regreader::index
