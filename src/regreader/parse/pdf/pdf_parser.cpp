#include "regreader/parse/pdf/pdf_parser.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <thread>

#include <spdlog/spdlog.h>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/ocr/ocr.hpp"
#include "regreader/parse/ocr/ocr_layer.hpp"
#include "regreader/parse/ocr/ocr_noise.hpp"
#include "regreader/parse/ocr/scan_rows.hpp"
#include "regreader/parse/ocr/scan_rules.hpp"
#include "regreader/parse/pdf/block_rects.hpp"
#include "regreader/parse/pdf/pdf_document.hpp"
#include "regreader/parse/pdf/pdf_footnotes.hpp"
#include "regreader/parse/pdf/pdf_fractions.hpp"
#include "regreader/parse/tables/pdf_tables.hpp"
#include "regreader/parse/tables/prose_cells.hpp"

namespace regreader::parse {

namespace {

// Reads the pages' text, with OCR where `mode` says; the engine is loaded on first use only.
class PageReader {
 public:
  PageReader(const std::filesystem::path& path, OcrMode mode, OcrEngineChoice choice)
      : path_(path), doc_(path), mode_(mode), choice_(choice) {}
  const PdfDocument& doc() const { return doc_; }
  /// The engine that read pages ("" when none did: it is loaded for the first page to read).
  std::string engine_used() const { return engine_ ? engine_->name() : ""; }

  /// Page `index`, from `content` (its text layer as PdfDocument reads it) or by OCR.
  PdfPage read(int index, PdfPageContent content, std::string& source) {
    const bool want_ocr =
        mode_ == OcrMode::kAlways || (mode_ == OcrMode::kAuto && needs_ocr(content));
    source = content.chars.empty() ? "none" : "text_layer";
    if (want_ocr && engine()) {
      const GrayImage image = doc_.render_gray(index, kOcrDpi);
      std::vector<PdfRule> scanned;
      if (is_scan(content)) {
        scanned = rules_in_scan(image);  // its borders are in the image
        content.rules = rules_seen(std::move(content.rules), image);
      }
      auto ocr = engine_->recognize(image);
      if (!ocr_found_text(ocr)) {  // noise, a photo, blank paper: nothing to read again
        content.chars.clear();
        source = kOcrFoundNoText;
        return PdfPage{index + 1, content.width, content.height, {}, {}};
      }
      const std::vector<int> dpis =
          engine_->rereads() ? ocr_rereading_dpis(content) : std::vector<int>{};
      std::vector<std::vector<PdfChar>> others;
      for (const int dpi : dpis)
        others.push_back(engine_->recognize(downscaled(image, dpi)));
      combine_ocr_readings(ocr, others);
      drop_glyph_strokes(scanned, ocr);
      const auto lost = lost_row_borders(scanned, ocr);
      scanned.insert(scanned.end(), lost.begin(), lost.end());
      reread_rows(image, scanned, dpis, ocr);
      combine_with_text_layer(ocr, content.chars);
      drop_rule_glyphs(ocr, scanned);
      mend_plus_minus(ocr);
      mend_year_dashes(ocr);
      mend_appendix_numbers(ocr);
      content.chars = std::move(ocr);
      content.rules.insert(content.rules.end(), scanned.begin(), scanned.end());
      source = "ocr";
    }
    if (source == "text_layer") join_fractions(content.chars, content.rules);
    PdfPage page{
        index + 1, content.width, content.height, build_lines(std::move(content.chars)), {}};
    page.rules =
        std::move(content.rules);  // drawn borders stay true when the text is re-read by OCR
    return page;
  }

 private:
  // Each row of a ruled table in the scan the page's reading is unsure of, or left a cell with
  // ink unread in, read on its own (scan_rows.hpp) at the same resolutions as the page and voted
  // the same way; it replaces the page's reading of the row where it is surer, and else fills
  // the cells the page's reading left empty. Print in the row neither reading covered is then
  // read alone.
  void reread_rows(const GrayImage& image, const std::vector<PdfRule>& rules,
                   const std::vector<int>& dpis, std::vector<PdfChar>& ocr) {
    for (const ScanRow& row : ruled_rows(rules)) {
      reread_row(image, rules, dpis, row, ocr);
      read_unread_print(image, row, ocr);
    }
  }

  void reread_row(const GrayImage& image, const std::vector<PdfRule>& rules,
                  const std::vector<int>& dpis, const ScanRow& row, std::vector<PdfChar>& ocr) {
    const bool sure = row_confidence(ocr, row) >= kSureRowConf;
    std::vector<ScanRow> unread = empty_cells(ocr, row, rules);
    if (sure && unread.empty()) return;  // cut out only the rows that may be read again
    const RowCut cut = row_image(image, row, rules);
    if (blank(cut)) return;
    unread = with_ink(std::move(unread), cut);
    if (sure && unread.empty()) return;
    auto reading = engine_->recognize_block(cut.image, cut.x, cut.y);
    std::vector<std::vector<PdfChar>> others;
    for (const int dpi : dpis)
      others.push_back(engine_->recognize_block(downscaled(cut.image, dpi), cut.x, cut.y));
    combine_ocr_readings(reading, others);
    // The reading left out is one more witness: a number it reads otherwise is unsure.
    std::vector<PdfChar> page_reading = row_chars(ocr, row);
    const bool taken = take_row_reading(ocr, row, reading);
    if (!taken) fill_cells(ocr, row, unread, reading);
    dispute_numbers(ocr, {taken ? std::move(page_reading) : std::move(reading)});
  }

  // Each stretch of `row` holding print, however faint (a value under a seal's solid red), that
  // neither reading put a character over, read alone as one line (scan_rows.hpp); what it reads
  // keeps its confidence, so a doubtful figure stays marked. A reading without a digit is the
  // seal's texture read as glyphs (tesseract: `一本`, `- -` beside 表5's labels), not a value.
  void read_unread_print(const GrayImage& image, const ScanRow& row, std::vector<PdfChar>& ocr) {
    for (const ScanRow& cell : unread_print(image, row, ocr)) {
      const RowCut cut = cell_image(image, cell);
      if (cut.image.pixels.empty()) continue;
      const auto reading = engine_->recognize_line(cut.image, cut.x, cut.y);
      if (std::any_of(reading.begin(), reading.end(),
                      [](const PdfChar& c) { return is_digit(c.c); }))
        fill_cells(ocr, row, {cell}, reading);
    }
  }

  OcrEngine* engine() {
    if (!engine_ && !engine_failed_) {
      try {
        std::string why_not_paddle;
        engine_ = make_ocr_engine(choice_, &why_not_paddle);
        if (!why_not_paddle.empty())
          spdlog::info("{}: scans are read by tesseract: {}", path_.string(), why_not_paddle);
      } catch (const Error& e) {
        if (mode_ == OcrMode::kAlways) throw ParseError(e.code(), path_, e.what());
        spdlog::warn("{}: OCR unavailable, keeping the text layer: {}", path_.string(), e.what());
        engine_failed_ = true;
      }
    }
    return engine_.get();
  }

  std::filesystem::path path_;
  PdfDocument doc_;
  OcrMode mode_;
  OcrEngineChoice choice_;
  std::unique_ptr<OcrEngine> engine_;
  bool engine_failed_ = false;
};

// Threads reading text layers: `asked`, or parse_cores() (a page takes 1-5 ms; opening the file
// again for a thread takes about one, and each thread loads the file's fonts again).
int text_layer_threads(int asked) {
  return asked > 0 ? asked : parse_cores();
}

}  // namespace

int parse_cores() {
  return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 4u));
}

std::vector<PdfPage> read_pdf_lines(const std::filesystem::path& path, std::string* title,
                                    const PdfLinesOptions& o, std::vector<std::string>* sources,
                                    std::string* engine_used) {
  PageReader reader(path, o.ocr, o.engine);
  if (title) *title = reader.doc().title();
  const int n = reader.doc().page_count();
  if (o.max_pages > 0 && n > o.max_pages)
    throw ParseError(ErrorCode::kLimit, path,
                     "the file has " + std::to_string(n) + " pages, over the limit of " +
                         std::to_string(o.max_pages) + " (REGREADER_MAX_PAGES)");
  // The text layers are read first, pages shared among the machine's cores; OCR, where needed,
  // follows page by page.
  std::vector<std::pair<int, PdfPageContent>> contents;  // page index, its text layer
  if (o.only_page > 0) {
    if (o.only_page <= n)
      contents.emplace_back(o.only_page - 1, reader.doc().read_page(o.only_page - 1));
  } else {
    auto all = reader.doc().read_pages(text_layer_threads(o.threads), [&](int done) {
      if (o.progress)
        o.progress(0, 0, "reading pages " + std::to_string(done) + "/" + std::to_string(n));
    });
    for (size_t i = 0; i < all.size(); ++i)
      contents.emplace_back(static_cast<int>(i), std::move(all[i]));
  }
  std::vector<PdfPage> pages;
  pages.reserve(contents.size());
  for (auto& [i, content] : contents) {
    std::string source;
    pages.push_back(reader.read(i, std::move(content), source));
    if (sources) sources->push_back(source);
    if (o.progress) o.progress(i + 1, n, source == "ocr" ? "pages (OCR)" : "pages");
  }
  resolve_alternatives(pages, o.library_pairs);
  if (engine_used) *engine_used = reader.engine_used();
  return pages;
}

namespace {

// Paragraphs and tables of one page, in reading order: tables are cut out of the line sequence
// and the lines between them become paragraphs.
void append_page_blocks(PdfPage& page, float body, std::vector<RawBlock>& out) {
  page.text_left = page.width;
  page.text_right = 0;
  for (const auto& l : page.lines)
    page.text_left = std::min(page.text_left, l.x0),
    page.text_right = std::max(page.text_right, l.x1);
  const auto tables = detect_tables(page);
  auto paragraphs = [&](size_t from, size_t to) {  // lines [from, to)
    if (from >= to) return;
    PdfPage part = page;
    part.lines.assign(page.lines.begin() + static_cast<long>(from),
                      page.lines.begin() + static_cast<long>(to));
    for (auto& b : lines_to_paragraphs(part, body))
      out.push_back(std::move(b));
  };
  size_t next = 0;
  for (const auto& t : tables) {
    // A grid that only lays out prose (items numbered in one column, sentences wrapping back
    // to it) stays lines of text.
    if (laid_out_prose(t.table)) continue;
    paragraphs(next, t.first_line);
    RawBlock b;
    b.kind = RawBlock::Kind::kTable;
    b.page = page.number;
    b.table = t.table;
    out.push_back(std::move(b));
    next = t.last_line + 1;
  }
  paragraphs(next, page.lines.size());
}

}  // namespace

RawDocument parse_pdf(const std::filesystem::path& path, const ParseOptions& options) {
  RawDocument raw;
  raw.format = "pdf";
  PdfLinesOptions lines;
  lines.progress = options.progress;
  lines.ocr = options.ocr;
  lines.engine = options.ocr_engine;
  lines.max_pages = options.limits.max_pages;
  lines.library_pairs = options.library_pairs.get();
  lines.threads = options.page_threads;
  std::vector<PdfPage> pages =
      read_pdf_lines(path, &raw.title, lines, &raw.page_sources, &raw.ocr_engine);
  raw.page_count = static_cast<int>(pages.size());
  raw.paging = model::Paging::kReal;
  size_t text_pages = 0;
  for (const auto& p : pages)
    text_pages += p.lines.empty() ? 0 : 1;
  std::string no_text;  // pages OCR read and found no text on
  for (size_t i = 0; i < raw.page_sources.size(); ++i)
    if (raw.page_sources[i] == kOcrFoundNoText)
      no_text += (no_text.empty() ? "" : ", ") + std::to_string(i + 1);
  if (text_pages == 0)
    throw ParseError(ErrorCode::kNoTextLayer, path,
                     options.ocr == OcrMode::kNever
                         ? "no page has a text layer (a scanned PDF); ingest it with --ocr auto"
                     : no_text.empty()
                         ? "no page has a text layer and OCR found no text in the scans"
                         : "no page has a text layer and OCR found no text in the scans (noise, "
                           "a photograph or blank paper: no run of characters it was sure of)");
  if (!no_text.empty())
    raw.warnings.push_back("OCR found no text on page(s) " + no_text +
                           " (noise, a photograph or blank paper): they are empty");
  if (text_pages < pages.size())
    raw.warnings.push_back(std::to_string(pages.size() - text_pages) +
                           " page(s) have no text and are empty");
  for (const auto& p : pages) {
    const bool ocr = raw.read_by_ocr(p.number);
    double sum = 0, n = 0;
    for (const auto& l : p.lines)
      sum += static_cast<double>(l.mean_conf) * l.chars.size(), n += l.chars.size();
    raw.page_confidence.push_back(ocr ? static_cast<float>(n > 0 ? sum / n : 0) : -1.0f);
  }
  const float body = body_font_size(pages);
  remove_running_lines(pages);
  for (auto& p : pages)
    take_footnotes(p, page_body_size(p, body), raw.footnotes);
  raw.layout.resize(pages.size());
  for (const auto& p : pages)
    if (p.number >= 1 && static_cast<size_t>(p.number) <= pages.size())
      raw.layout[static_cast<size_t>(p.number - 1)] = glyphs_of(p);
  for (auto& p : pages) {
    // OCR guesses type sizes line by line: a scanned page keeps the document's body size.
    append_page_blocks(p, raw.read_by_ocr(p.number) ? body : page_body_size(p, body), raw.blocks);
  }
  return raw;
}

}  // namespace regreader::parse
