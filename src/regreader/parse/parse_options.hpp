#pragma once
#include <functional>
#include <string>

namespace regreader::parse {

/// Called by parsers on long work: (done, total, what).
using ProgressFn = std::function<void(int, int, const std::string&)>;

/// When scanned PDF pages are read with OCR: pages that need it (no text, or a garbage OCR layer
/// on a scan; see ocr.hpp), every page, or never.
enum class OcrMode { kAuto, kAlways, kNever };

struct ParseOptions {
  /// Use LibreOffice (soffice) to get real Word pagination when it is installed.
  bool use_office = true;
  /// Characters per synthetic page when a format has no pages of its own (about one printed
  /// A4 page of Chinese text).
  int synthetic_page_chars = 1200;
  OcrMode ocr = OcrMode::kAuto;
  ProgressFn progress;
};

}  // namespace regreader::parse
