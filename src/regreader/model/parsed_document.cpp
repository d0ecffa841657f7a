#include "regreader/model/parsed_document.hpp"

namespace regreader::model {

void to_json(nlohmann::json& j, const ParsedDocument& d) {
  j = {{"info", d.info},     {"pages", d.pages}, {"structure", d.structure},
       {"tables", d.tables}, {"links", d.links}, {"warnings", d.warnings},
       {"check", d.check}};
}

void from_json(const nlohmann::json& j, ParsedDocument& d) {
  j.at("info").get_to(d.info);
  j.at("pages").get_to(d.pages);
  j.at("structure").get_to(d.structure);
  j.at("tables").get_to(d.tables);
  j.at("links").get_to(d.links);
  j.at("warnings").get_to(d.warnings);
  d.check = j.at("check");
}

}  // namespace regreader::model
