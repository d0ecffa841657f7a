#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace regreader::model {

/// Real pages come from the document's own layout (PDF, or Word rendered by LibreOffice);
/// synthetic pages are cut by RegReader at paragraph boundaries.
enum class Paging { kReal, kSynthetic };

std::string_view paging_name(Paging p);
Paging parse_paging(std::string_view name);

struct RegulationInfo {
  std::string reg_id;
  std::string title;
  std::string source_file;
  std::string source_sha256;
  std::string format;  ///< "pdf", "docx", "markdown", "text", "doc", ...
  int total_pages = 0;
  Paging paging = Paging::kReal;
  std::string indexed_at;  ///< ISO 8601 UTC
  /// The fidelity check made at ingest (parse/fidelity_check.hpp): "good", "fair", "poor", and
  /// its one-line summary; empty for regulations stored before the check existed.
  std::string fidelity;
  std::string fidelity_summary;
  bool operator==(const RegulationInfo&) const = default;
};

void to_json(nlohmann::json& j, const RegulationInfo& r);
void from_json(const nlohmann::json& j, RegulationInfo& r);

}  // namespace regreader::model
