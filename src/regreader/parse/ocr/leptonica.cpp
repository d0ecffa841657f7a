#include "regreader/parse/ocr/leptonica.hpp"

#include "regreader/core/error.hpp"

namespace regreader::parse {

const Leptonica& lept() {
  const Leptonica& api = opened<Leptonica>("liblept.so.5");
  if (!api.failure.empty())
    throw Error(
        ErrorCode::kNotConfigured,
        "leptonica, which OCR needs, is missing (apt-get install liblept5): " + api.failure);
  return api;
}

}  // namespace regreader::parse
