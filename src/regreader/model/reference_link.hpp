#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace regreader::model {

enum class RefKind { kSection, kChapter, kArticle, kAppendix, kTable, kNote, kFigure };

std::string_view ref_kind_name(RefKind k);
RefKind parse_ref_kind(std::string_view name);

/// A cross-reference found in a block ("见表1", "参见5.2.3", "按附录A", "见注1", "第十二条") and
/// where it leads, when it could be resolved.
struct ReferenceLink {
  std::string block_id;  ///< the block the reference occurs in ("" for a query)
  int page_num = 0;
  RefKind kind = RefKind::kSection;
  std::string text;    ///< as written: "见表 1"
  std::string target;  ///< canonical: "表1", "5.2.3", "第六章", "附录A", "注1"
  bool resolved = false;
  std::string target_id;  ///< node id, table id, or annotation id
  int target_page = 0;    ///< first page of the target
  bool operator==(const ReferenceLink&) const = default;
};

void to_json(nlohmann::json& j, const ReferenceLink& r);
void from_json(const nlohmann::json& j, ReferenceLink& r);

}  // namespace regreader::model
