#pragma once
// A regulation written in Markdown, parsed and built as ingest does, for index tests.

#include <string>

#include "regreader/model/parsed_document.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/structure/structure_builder.hpp"

namespace regreader::fixtures {

inline model::ParsedDocument markdown_doc(const std::string& reg_id, const std::string& md) {
  auto d = parse::build_document(parse::parse_markdown(md, true, {}), reg_id);
  d.info.source_file = "/" + reg_id + ".md";
  d.info.source_sha256 = reg_id;
  d.info.indexed_at = "2026-12-01T00:00:00Z";
  return d;
}

}  // namespace regreader::fixtures
