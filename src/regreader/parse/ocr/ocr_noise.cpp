#include "regreader/parse/ocr/ocr_noise.hpp"

namespace regreader::parse {

bool ocr_found_text(const std::vector<PdfChar>& chars) {
  int runs = 0;
  for (const auto& line : build_lines(chars)) {
    for (const auto& seg : line.segments) {
      int sure = 0;
      for (const auto& c : line.chars)
        if (c.x0 >= seg.x0 - 0.5f && c.x1 <= seg.x1 + 0.5f && c.conf >= kTextRunConf) ++sure;
      if (sure >= kTextRunChars && ++runs >= kTextRuns) return true;
    }
  }
  return false;
}

}  // namespace regreader::parse
