#include "regreader/parse/pdf_parser.hpp"

#include <map>
#include <memory>

#include <spdlog/spdlog.h>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/pdf_document.hpp"
#include "regreader/parse/pdf_tables.hpp"

namespace regreader::parse {

std::vector<PdfPage> read_pdf_lines(const std::filesystem::path& path, std::string* title,
                                    const ProgressFn& progress) {
  PdfDocument doc(path);
  if (title) *title = doc.title();
  const int n = doc.page_count();
  std::vector<PdfPage> pages;
  pages.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    PdfPageContent content = doc.read_page(i);
    PdfPage page{i + 1, content.width, content.height, build_lines(std::move(content.chars))};
    page.rules = std::move(content.rules);
    pages.push_back(std::move(page));
    if (progress) progress(i + 1, n, "page");
  }
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
  std::vector<PdfPage> pages = read_pdf_lines(path, &raw.title, options.progress);
  raw.page_count = static_cast<int>(pages.size());
  raw.paging = model::Paging::kReal;
  size_t text_pages = 0;
  for (const auto& p : pages)
    text_pages += p.lines.empty() ? 0 : 1;
  if (text_pages == 0)
    throw ParseError(ErrorCode::kNoTextLayer, path,
                     "no page has a text layer (a scanned PDF); OCR is not available yet");
  if (text_pages < pages.size())
    raw.warnings.push_back(std::to_string(pages.size() - text_pages) +
                           " page(s) have no text layer (scanned images) and are empty");
  const float body = body_font_size(pages);
  remove_running_lines(pages);
  for (auto& p : pages)
    append_page_blocks(p, body, raw.blocks);
  return raw;
}

}  // namespace regreader::parse
