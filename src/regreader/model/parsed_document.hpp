#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/model/document_structure.hpp"
#include "regreader/model/page_document.hpp"
#include "regreader/model/reference_link.hpp"
#include "regreader/model/regulation_info.hpp"
#include "regreader/model/table_entry.hpp"

namespace regreader::model {

/// Everything ingestion produces for one regulation; stored as one transaction.
struct ParsedDocument {
  RegulationInfo info;
  std::vector<PageDocument> pages;
  DocumentStructure structure;
  std::vector<TableEntry> tables;     ///< the table registry
  std::vector<ReferenceLink> links;   ///< cross-references found in the blocks, resolved or not
  std::vector<std::string> warnings;  ///< shown to the user, not stored
  nlohmann::json check;               ///< the fidelity report made at ingest (rating stored)
};

/// Whole-document form, lossless: how a parse made in a child process reaches the parent.
void to_json(nlohmann::json& j, const ParsedDocument& d);
void from_json(const nlohmann::json& j, ParsedDocument& d);

/// The same document under another regulation id: every id built from the old one ("OLD:p3:b2",
/// "OLD:n7") and every reg_id field is rewritten; text is not touched.
ParsedDocument with_reg_id(const ParsedDocument& d, const std::string& new_id);

}  // namespace regreader::model
