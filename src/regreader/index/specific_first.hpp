#pragma once
// A chapter's heading before its own subchapters: a heading block holds only a title, and a hit
// in one of its subchapters (4.3 隔离开关及跌落式熔断器操作原则 > 4.3.4 …的操作顺序) carries
// that title in its path and says more. A question is answered by the more specific one.

#include <cstddef>
#include <vector>

#include "regreader/index/search_filter.hpp"

namespace regreader::index {

/// The hits again, the first hit of the first `pool` inside a subchapter of a heading block's
/// chapter (same regulation) moved to that heading's place, the heading and the hits between
/// moving down one place; each heading gives way once.
std::vector<SearchHit> subchapters_before_headings(std::vector<SearchHit> hits, size_t pool);

}  // namespace regreader::index
