#pragma once
#include <pugixml.hpp>

#include "regreader/model/table_meta.hpp"

namespace regreader::parse {

/// Text of a Word paragraph (w:p): runs, tabs and breaks; deleted text skipped. Footnote marks
/// are written as "[脚注N]".
std::string docx_paragraph_text(const pugi::xml_node& p);

/// A Word table (w:tbl) as a grid: w:gridSpan gives column spans, w:vMerge row spans; the first
/// row is taken as the column header.
model::TableMeta read_docx_table(const pugi::xml_node& tbl);

}  // namespace regreader::parse
