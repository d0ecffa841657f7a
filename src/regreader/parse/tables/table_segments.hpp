#pragma once
// Tables that run across pages: a table at the foot of one page continued at the head of the next
// (same columns; a repeated header row or none; a 续表 caption) becomes segments of one master
// table, and the registry merges them.

#include <vector>

#include "regreader/model/page_document.hpp"
#include "regreader/model/table_entry.hpp"
#include "regreader/parse/structure/block_classifier.hpp"

namespace regreader::parse {

/// Links continued tables: sets master_table_id, segment_index and is_truncated, gives
/// continuation segments the id "<master>#<n>" and the master's caption, and puts the header row
/// in front of a continuation that does not repeat it, so every segment reads with its header.
void link_table_segments(std::vector<ClassifiedBlock>& blocks);

/// The table registry of a regulation: one entry per master table with its segments, pages,
/// notes and merged content.
std::vector<model::TableEntry> build_table_registry(const std::vector<model::PageDocument>& pages);

}  // namespace regreader::parse
