#pragma once
// Ingestion of one file: parse it completely, then store it in one transaction. A file that
// fails to parse never touches the store.

#include <filesystem>
#include <string>
#include <vector>

#include "regreader/model/regulation_info.hpp"
#include "regreader/parse/parse_options.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::store {

struct IngestOptions {
  std::string reg_id;  ///< empty: derived from the file name
  std::string title;   ///< empty: from the document
  parse::ParseOptions parse;
};

struct IngestResult {
  model::RegulationInfo info;
  int blocks = 0;
  int chapters = 0;
  int tables = 0;         ///< entries of the table registry
  int tables_merged = 0;  ///< of which run across pages
  int annotations = 0;
  int links = 0;  ///< cross-references found
  int links_resolved = 0;
  bool replaced = false;  ///< an earlier version of this reg_id was replaced
  std::vector<std::string> warnings;
  nlohmann::json check;  ///< the fidelity report (parse/fidelity_check.hpp)
};

IngestResult ingest_file(PageStore& store, const std::filesystem::path& path,
                         const IngestOptions& options);

/// Current UTC time as ISO 8601 ("2026-11-22T02:10:00Z").
std::string utc_now_iso8601();

}  // namespace regreader::store
