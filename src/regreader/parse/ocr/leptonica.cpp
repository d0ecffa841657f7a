#include "regreader/parse/ocr/leptonica.hpp"

namespace regreader::parse {

const Leptonica& lept() {
  return required<Leptonica>("liblept.so.5", ErrorCode::kNotConfigured,
                             "leptonica, which OCR needs, is missing (apt-get install liblept5)");
}

}  // namespace regreader::parse
