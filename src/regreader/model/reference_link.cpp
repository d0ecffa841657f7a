#include "regreader/model/reference_link.hpp"

#include "regreader/core/error.hpp"

namespace regreader::model {

std::string_view ref_kind_name(RefKind k) {
  switch (k) {
    case RefKind::kSection:
      return "section";
    case RefKind::kChapter:
      return "chapter";
    case RefKind::kArticle:
      return "article";
    case RefKind::kAppendix:
      return "appendix";
    case RefKind::kTable:
      return "table";
    case RefKind::kNote:
      return "note";
    case RefKind::kFigure:
      return "figure";
  }
  return "section";
}

RefKind parse_ref_kind(std::string_view name) {
  for (RefKind k : {RefKind::kSection, RefKind::kChapter, RefKind::kArticle, RefKind::kAppendix,
                    RefKind::kTable, RefKind::kNote, RefKind::kFigure})
    if (ref_kind_name(k) == name) return k;
  throw Error(ErrorCode::kInvalidArgument, "unknown reference kind '" + std::string(name) + "'");
}

void to_json(nlohmann::json& j, const ReferenceLink& r) {
  j = {{"block_id", r.block_id},   {"page_num", r.page_num},      {"kind", ref_kind_name(r.kind)},
       {"text", r.text},           {"target", r.target},          {"resolved", r.resolved},
       {"target_id", r.target_id}, {"target_page", r.target_page}};
}

void from_json(const nlohmann::json& j, ReferenceLink& r) {
  j.at("block_id").get_to(r.block_id);
  j.at("page_num").get_to(r.page_num);
  r.kind = parse_ref_kind(j.at("kind").get<std::string>());
  j.at("text").get_to(r.text);
  j.at("target").get_to(r.target);
  j.at("resolved").get_to(r.resolved);
  j.at("target_id").get_to(r.target_id);
  j.at("target_page").get_to(r.target_page);
}

}  // namespace regreader::model
