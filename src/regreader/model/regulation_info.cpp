#include "regreader/model/regulation_info.hpp"

#include "regreader/core/error.hpp"

namespace regreader::model {

std::string_view paging_name(Paging p) {
  switch (p) {
    case Paging::kReal:
      return "real";
    case Paging::kRendered:
      return "rendered";
    case Paging::kSynthetic:
      break;
  }
  return "synthetic";
}

bool has_layout(Paging p) {
  return p != Paging::kSynthetic;
}

std::string_view paging_warning(Paging p) {
  switch (p) {
    case Paging::kReal:
      return "";
    case Paging::kRendered:
      return "page numbers follow LibreOffice's rendering of a Word file; the printed or Word "
             "pagination may differ by a page: cite the clause with the page";
    case Paging::kSynthetic:
      break;
  }
  return "the file has no pages: page numbers are cut by RegReader; cite the clause, not the page";
}

Paging parse_paging(std::string_view name) {
  if (name == "real") return Paging::kReal;
  if (name == "synthetic") return Paging::kSynthetic;
  if (name == "rendered") return Paging::kRendered;
  throw Error(ErrorCode::kInvalidArgument, "unknown paging '" + std::string(name) + "'");
}

void to_json(nlohmann::json& j, const RegulationInfo& r) {
  j = {{"reg_id", r.reg_id},
       {"title", r.title},
       {"source_file", r.source_file},
       {"source_sha256", r.source_sha256},
       {"format", r.format},
       {"total_pages", r.total_pages},
       {"paging", paging_name(r.paging)},
       {"indexed_at", r.indexed_at}};
  if (!r.fidelity.empty()) {
    j["fidelity"] = r.fidelity;
    j["fidelity_summary"] = r.fidelity_summary;
  }
}

void from_json(const nlohmann::json& j, RegulationInfo& r) {
  j.at("reg_id").get_to(r.reg_id);
  j.at("title").get_to(r.title);
  j.at("source_file").get_to(r.source_file);
  j.at("source_sha256").get_to(r.source_sha256);
  j.at("format").get_to(r.format);
  j.at("total_pages").get_to(r.total_pages);
  r.paging = parse_paging(j.at("paging").get<std::string>());
  j.at("indexed_at").get_to(r.indexed_at);
  r.fidelity = j.value("fidelity", "");
  r.fidelity_summary = j.value("fidelity_summary", "");
}

}  // namespace regreader::model
