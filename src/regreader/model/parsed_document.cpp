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

namespace {

// Ids are "<reg_id>:<rest>" (parse/structure/structure_builder.cpp,
// parse/structure/chapter_tree.cpp); a string that starts so is an id, and so is the value of any
// "reg_id" key.
void rewrite_ids(nlohmann::json& j, const std::string& from, const std::string& to,
                 bool is_reg_id_field) {
  if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    if (is_reg_id_field && s == from)
      j = to;
    else if (s.size() > from.size() && s.compare(0, from.size(), from) == 0 &&
             s[from.size()] == ':')
      j = to + s.substr(from.size());
    return;
  }
  if (j.is_array()) {
    for (auto& e : j)
      rewrite_ids(e, from, to, false);
    return;
  }
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it)
      rewrite_ids(it.value(), from, to, it.key() == "reg_id");
}

}  // namespace

ParsedDocument with_reg_id(const ParsedDocument& d, const std::string& new_id) {
  nlohmann::json j = d;
  rewrite_ids(j, d.info.reg_id, new_id, false);
  ParsedDocument out = j.get<ParsedDocument>();
  out.info.reg_id = new_id;
  return out;
}

}  // namespace regreader::model
