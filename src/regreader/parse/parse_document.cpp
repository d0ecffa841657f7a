#include "regreader/parse/parse_document.hpp"

#include "regreader/parse/structure/document_title.hpp"

#include "regreader/core/error.hpp"
#include "regreader/core/hash.hpp"
#include "regreader/parse/bounded_parse.hpp"
#include "regreader/parse/fidelity_check.hpp"
#include "regreader/parse/format.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/docx_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/pdf/block_rects.hpp"
#include "regreader/parse/pdf/pdf_parser.hpp"
#include "regreader/parse/structure/document_title.hpp"
#include "regreader/parse/structure/structure_builder.hpp"

namespace regreader::parse {

namespace fs = std::filesystem;

RawDocument extract_raw(const fs::path& path, const ParseOptions& options) {
  check_input_file(path, options.limits);  // before anything opens it (a FIFO would block)
  const DocFormat format = detect_format(path);
  switch (format) {
    case DocFormat::kPdf:
      return parse_pdf(path, options);
    case DocFormat::kDocx:
      return parse_docx(path, options);
    case DocFormat::kOffice:
      return parse_office(path, options);
    case DocFormat::kMarkdown:
      return parse_markdown_file(path, /*markdown=*/true, options);
    case DocFormat::kText:
      return parse_markdown_file(path, /*markdown=*/false, options);
  }
  throw ParseError(ErrorCode::kInternal, path, "unhandled format");
}

model::ParsedDocument parse_document(const fs::path& path, const std::string& reg_id,
                                     const ParseOptions& options) {
  RawDocument raw = extract_raw(path, options);
  model::ParsedDocument doc = build_document(raw, reg_id);
  attach_rects(doc, raw.layout);
  raw.layout.clear();
  size_t blocks = 0;
  for (const auto& p : doc.pages)
    blocks += p.content_blocks.size();
  if (blocks == 0)
    throw ParseError(ErrorCode::kEmptyDocument, path, "no text found in the document");
  doc.info.source_file = fs::absolute(path).lexically_normal().string();
  doc.info.source_sha256 = options.sha256.empty() ? sha256_file(path) : options.sha256;
  if (doc.info.title.empty()) {
    doc.info.title = path.stem().string();
  } else if (standard_number(doc.info.title).empty()) {
    // A cover that gave the name without the number: the file's name may hold it
    // ("NB_T 31147-2018 风电场….docx").
    if (auto number = standard_number(path.stem().string()); !number.empty())
      doc.info.title = number + " " + doc.info.title;
  }
  const FidelityReport report = check_document(doc.pages, doc.structure, doc.tables,
                                               model::has_layout(doc.info.paging), doc.info.title);
  doc.info.fidelity = report.rating;
  doc.info.fidelity_summary = report.summary();
  doc.check = report;
  return doc;
}

}  // namespace regreader::parse
