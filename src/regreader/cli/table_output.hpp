#pragma once
// Rendering of tables, notes and followed references, for `tables`, `table`, `note` and `ref`.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/model/annotation.hpp"
#include "regreader/model/document_structure.hpp"
#include "regreader/model/reference_link.hpp"
#include "regreader/model/table_entry.hpp"
#include "regreader/store/document_store.hpp"
#include "regreader/tools/lookups.hpp"

namespace regreader::cli {

std::string render_table_list(const std::string& reg_id,
                              const std::vector<model::TableEntry>& tables);
/// `summary` is the table's tools::table_summary_json: a table read by OCR says so after its
/// source.
std::string render_table(const std::string& reg_id, const model::TableEntry& t,
                         const std::vector<model::Annotation>& notes,
                         const nlohmann::json& summary);
/// Notes as tools::note_json gives them: a note on a page read by OCR says so after its source.
std::string render_notes(const nlohmann::json& notes);

std::string render_reference(const std::string& reg_id, const model::ReferenceLink& link,
                             const nlohmann::json& target);

}  // namespace regreader::cli
