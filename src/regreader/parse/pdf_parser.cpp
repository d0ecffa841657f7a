#include "regreader/parse/pdf_parser.hpp"

#include <map>
#include <memory>

#include <spdlog/spdlog.h>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/pdf_document.hpp"

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
    pages.push_back({i + 1, content.width, content.height, build_lines(std::move(content.chars))});
    if (progress) progress(i + 1, n, "page");
  }
  return pages;
}

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
  for (const auto& p : pages)
    for (auto& b : lines_to_paragraphs(p, body))
      raw.blocks.push_back(std::move(b));
  return raw;
}

}  // namespace regreader::parse
