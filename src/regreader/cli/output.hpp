#pragma once
// What the CLI prints: exit codes, errors, and the text renderings of read results. JSON output is
// the model's own to_json, so scripts see exactly what the store holds.

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "regreader/core/error.hpp"
#include "regreader/model/document_structure.hpp"
#include "regreader/model/page_document.hpp"
#include "regreader/model/regulation_info.hpp"
#include "regreader/tools/lookups.hpp"

namespace regreader::cli {

/// Exit codes (core/error.hpp; also listed in `regreader --help`).
using regreader::ExitCode;

/// The exit code of an error (the error table, core/error.hpp).
inline int exit_code_for(ErrorCode code) {
  return error_traits(code).exit_code;
}

/// Prints "error: message" on stderr, and with `json` also {"error":{code,message}} on stdout.
void report_error(const Error& e, bool json);

void print_json(const nlohmann::json& j);

std::string render_regulation_list(const std::vector<model::RegulationInfo>& regs,
                                   const std::map<std::string, int>& ocr_pages = {});
std::string render_toc(const model::RegulationInfo& info, const nlohmann::json& tree);
std::string render_page(const model::RegulationInfo& info, const model::PageDocument& page);
std::string render_page_summary(const model::PageDocument& page);

using tools::cite;

}  // namespace regreader::cli
