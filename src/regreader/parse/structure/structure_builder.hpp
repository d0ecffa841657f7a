#pragma once
// Turns the raw paragraphs and tables of any format into RegReader's model: headings recognised
// from markup, font and numbering; the chapter tree with page ranges; pages with ordered blocks,
// chapter paths, active chapters, notes and continuation flags. The same rules serve every format.

#include <string>

#include "regreader/model/parsed_document.hpp"
#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// Builds pages and the chapter tree. `reg_id` prefixes every id, so ids are deterministic.
model::ParsedDocument build_document(const RawDocument& raw, const std::string& reg_id);

}  // namespace regreader::parse
