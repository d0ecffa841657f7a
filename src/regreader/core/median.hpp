#pragma once
// The median of a sample of measurements (line pitches, row heights, glyph advances).

#include <algorithm>
#include <cstddef>
#include <vector>

namespace regreader {

/// The middle value of `v` (the upper of the two middle ones for an even count); 0 for none.
inline float median(std::vector<float> v) {
  if (v.empty()) return 0;
  const auto middle = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), middle, v.end());
  return *middle;
}

}  // namespace regreader
