#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace regreader::model {

/// Real pages come from the document's own layout (a PDF, or a Markdown file's page marks);
/// rendered pages are LibreOffice's rendering of a Word-family file (fonts and version decide
/// them: Word may break a page elsewhere); synthetic pages are cut by RegReader at paragraph
/// boundaries. Only real pages are certain; the others say so wherever a page is cited.
enum class Paging { kReal, kSynthetic, kRendered };

/// Has a layout of its own (real or rendered): page-based checks (printed contents, empty pages)
/// apply.
bool has_layout(Paging p);
/// What a reader must know about a page number under this paging; empty for real pages.
std::string_view paging_warning(Paging p);

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
