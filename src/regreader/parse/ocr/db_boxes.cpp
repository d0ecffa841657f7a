#include "regreader/parse/ocr/db_boxes.hpp"

#include <algorithm>

#include "regreader/core/error.hpp"
#include "regreader/parse/ocr/leptonica.hpp"
#include "regreader/parse/ocr/pix.hpp"

namespace regreader::parse {

namespace {

// The map above the threshold as a 1-bit leptonica image, whose connected components leptonica
// finds (pixConnCompBB).
PixPtr text_mask(const ProbabilityMap& map, float threshold) {
  PixPtr mask = checked(lept().pixCreate(map.width, map.height, 1), "create a detection mask");
  l_uint32* data = lept().pixGetData(mask.get());
  const l_int32 wpl = lept().pixGetWpl(mask.get());
  for (int y = 0; y < map.height; ++y) {
    l_uint32* line = data + static_cast<ptrdiff_t>(y) * wpl;
    for (int x = 0; x < map.width; ++x)
      if (map.at(x, y) > threshold) SET_DATA_BIT(line, x);
  }
  return mask;
}

float mean_in(const ProbabilityMap& map, int x0, int y0, int x1, int y1) {
  double sum = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      sum += map.at(x, y);
  const double n = static_cast<double>(x1 - x0) * (y1 - y0);
  return n > 0 ? static_cast<float>(sum / n) : 0.0f;
}

}  // namespace

std::vector<TextBox> db_boxes(const ProbabilityMap& map, const DbParams& params) {
  std::vector<TextBox> out;
  if (map.width <= 0 || map.height <= 0) return out;
  if (map.p.size() != static_cast<size_t>(map.width) * map.height)
    throw Error(ErrorCode::kInternal, "detection map size does not match its data");
  const PixPtr mask = text_mask(map, params.threshold);
  BOXA* boxa = lept().pixConnCompBB(mask.get(), 8);
  if (!boxa) return out;
  const int n = lept().boxaGetCount(boxa);
  for (int i = 0; i < n; ++i) {
    l_int32 x = 0, y = 0, w = 0, h = 0;
    if (lept().boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h) != 0) continue;
    if (std::min(w, h) < params.min_side) continue;
    const float score = mean_in(map, x, y, x + w, y + h);
    if (score < params.box_threshold) continue;
    const float d = static_cast<float>(w) * static_cast<float>(h) * params.unclip_ratio /
                    (2.0f * static_cast<float>(w + h));
    TextBox b{std::max(0.0f, x - d), std::max(0.0f, y - d),
              std::min(static_cast<float>(map.width), x + w + d),
              std::min(static_cast<float>(map.height), y + h + d), score};
    if (std::min(b.x1 - b.x0, b.y1 - b.y0) < static_cast<float>(params.min_side + 2)) continue;
    out.push_back(b);
  }
  lept().boxaDestroy(&boxa);
  std::sort(out.begin(), out.end(), [](const TextBox& a, const TextBox& b) {
    return a.y0 != b.y0 ? a.y0 < b.y0 : a.x0 < b.x0;
  });
  return out;
}

}  // namespace regreader::parse
