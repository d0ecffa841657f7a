#pragma once
// The document tables, written once for every engine: regulations, pages, blocks, annotations,
// chapters, the table registry (tables, table_segments) and cross-reference links, every child
// row cascading from its regulation. Each engine creates them from this one description in its
// own types (SQLite's REAL is PostgreSQL's DOUBLE PRECISION) and keeps its own additions beside
// them (the SQLite keyword index; PostgreSQL's generation, terms and vectors).

#include <string>
#include <string_view>

namespace regreader::store {

/// The CREATE statements of the document tables and their indexes (IF NOT EXISTS), with
/// `real_type` for floating-point columns.
std::string document_schema(std::string_view real_type);

/// The document tables, parents first.
inline constexpr const char* kDocumentTables[] = {"regulations",    "pages",    "blocks",
                                                  "annotations",    "chapters", "tables",
                                                  "table_segments", "links"};

/// A regulation's columns in `regulations` as both engines read and write them, in this order
/// (text_signature apart).
inline constexpr const char* kInfoColumns =
    "reg_id, title, source_file, source_sha256, format, total_pages, paging, indexed_at, "
    "fidelity, fidelity_summary";

/// A block's own columns in `blocks` as both engines read them into a model::ContentBlock, in
/// this order (its regulation and page apart).
inline constexpr const char* kBlockContentColumns =
    "block_id, order_in_page, block_type, section_number, content_markdown, chapter_path, "
    "table_meta, rect";

}  // namespace regreader::store
