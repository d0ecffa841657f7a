#pragma once
// Rendering of tables, notes and followed references, for `tables`, `table`, `note` and `ref`.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/model/annotation.hpp"
#include "regreader/model/document_structure.hpp"
#include "regreader/model/reference_link.hpp"
#include "regreader/model/table_entry.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::cli {

nlohmann::json table_summary_json(const std::string& reg_id, const model::TableEntry& t);
std::string render_table_list(const std::string& reg_id,
                              const std::vector<model::TableEntry>& tables);
std::string render_table(const std::string& reg_id, const model::TableEntry& t,
                         const std::vector<model::Annotation>& notes);
std::string render_notes(const std::string& reg_id, const std::vector<model::Annotation>& notes);

/// What a resolved reference leads to: the chapter with its text, the merged table, or the note.
nlohmann::json reference_target_json(const store::PageStore& store, const std::string& reg_id,
                                     const model::ReferenceLink& link,
                                     const model::DocumentStructure& s,
                                     const std::vector<model::TableEntry>& tables,
                                     const std::vector<model::Annotation>& notes);
std::string render_reference(const std::string& reg_id, const model::ReferenceLink& link,
                             const nlohmann::json& target);

}  // namespace regreader::cli
