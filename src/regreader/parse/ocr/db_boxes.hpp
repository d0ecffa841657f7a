#pragma once
// Text boxes from a DB text detector's probability map (PP-OCR's detection model): the map is
// thresholded, each 8-connected region becomes a box, a region whose mean probability is low is
// dropped, and the box is grown back by the margin the model was trained to shrink text by
// ("unclip": the offset distance area * ratio / perimeter). Pages of regulations are upright, so
// boxes are axis-aligned rectangles; PaddleOCR's rotated rectangles and polygon offsetting are
// for photographs of text at any angle.

#include <cstddef>
#include <vector>

namespace regreader::parse {

struct ProbabilityMap {
  int width = 0, height = 0;
  std::vector<float> p;  ///< row-major, width * height values in [0, 1]
  float at(int x, int y) const { return p[static_cast<size_t>(y) * width + x]; }
};

struct DbParams {
  float threshold = 0.3f;      ///< a pixel is text above this probability
  float box_threshold = 0.5f;  ///< a region is kept when its box's mean probability reaches this
  float unclip_ratio = 1.6f;   ///< how far a box is grown back (PaddleOCR: 1.5, RapidOCR: 1.6)
  int min_side = 3;            ///< regions thinner than this (map pixels) are noise
};

/// A detected box in map pixels (x1, y1 exclusive) and its mean probability.
struct TextBox {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  float score = 0;
};

/// Boxes of `map`, top to bottom, left to right, clamped to the map.
std::vector<TextBox> db_boxes(const ProbabilityMap& map, const DbParams& params = {});

}  // namespace regreader::parse
