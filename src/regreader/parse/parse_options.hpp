#pragma once
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <unordered_set>

namespace regreader::parse {

/// Called by parsers on long work: (done, total, what).
using ProgressFn = std::function<void(int, int, const std::string&)>;

/// When scanned PDF pages are read with OCR: pages that need it (no text, or a garbage OCR layer
/// on a scan; see ocr.hpp), every page, or never.
enum class OcrMode { kAuto, kAlways, kNever };

/// Which recogniser reads them (ocr.hpp): PP-OCR when installed, or one of the two.
enum class OcrEngineChoice { kAuto, kPaddle, kTesseract };

/// Bounds on parsing one untrusted file (bounded_parse.hpp); 0 means no bound. The CLI reads
/// them from REGREADER_MAX_FILE_MB, REGREADER_PARSE_MEMORY_MB and REGREADER_PARSE_TIMEOUT.
struct ParseLimits {
  size_t max_file_mb = 1024;      ///< larger files are refused before they are opened
  size_t memory_mb = 4096;        ///< address space of the parsing process
  int timeout_seconds = 1800;     ///< wall clock per file (OCR reads 1-2 s a page)
  size_t max_entry_mb = 512;      ///< one DOCX (zip) entry, uncompressed
  size_t max_entry_ratio = 1000;  ///< uncompressed / compressed size of a zip entry
  /// Pages of a PDF (or of LibreOffice's rendering), checked when it is opened: a regulation
  /// runs to hundreds, and every page may cost a rendering and OCR.
  int max_pages = 5000;
  /// Paragraphs and table rows of a Word file, checked while it is read and before
  /// LibreOffice paginates it (2 M empty paragraphs in 490 KB took it 270 s and 3.4 GB).
  size_t max_paragraphs = 200000;
};

/// Pairs of adjacent Han characters, each as char_pair(a, b).
using CharPairs = std::unordered_set<uint64_t>;
inline uint64_t char_pair(char32_t a, char32_t b) {
  return (static_cast<uint64_t>(a) << 32) | static_cast<uint64_t>(b);
}

struct ParseOptions {
  /// Use LibreOffice (soffice) to get real Word pagination when it is installed.
  bool use_office = true;
  /// Characters per synthetic page when a format has no pages of its own (about one printed
  /// A4 page of Chinese text).
  int synthetic_page_chars = 1200;
  OcrMode ocr = OcrMode::kAuto;
  OcrEngineChoice ocr_engine = OcrEngineChoice::kAuto;
  ProgressFn progress;
  ParseLimits limits;
  /// Where to write LibreOffice's PDF rendering of a Word file (the reading room draws its
  /// pages); empty: not kept. Written only when the file is rendered.
  std::filesystem::path keep_rendering;
  /// The file's SHA-256 when the caller has hashed it already; empty: hashed by the parser.
  std::string sha256;
  /// The character pairs of the library's text that no OCR read (null: none): where a scan's
  /// own text does not tell an unsure OCR reading from the recogniser's other choices, the one
  /// forming pairs the library holds wins (ocr_layer.hpp).
  std::shared_ptr<const CharPairs> library_pairs;
  /// Threads reading one PDF's text layers; 0: the machine's cores (at most 4). Each thread opens
  /// the file and loads its fonts again, so a run parsing several files at once reads each with
  /// fewer.
  int page_threads = 0;
};

/// The cores parsing spreads its work over: the machine's, at most 4.
int parse_cores();

}  // namespace regreader::parse
