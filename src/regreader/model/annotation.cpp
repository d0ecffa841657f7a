#include "regreader/model/annotation.hpp"

namespace regreader::model {

void to_json(nlohmann::json& j, const Annotation& a) {
  j = {{"annotation_id", a.annotation_id},
       {"content", a.content},
       {"related_blocks", a.related_blocks},
       {"page_num", a.page_num}};
}

void from_json(const nlohmann::json& j, Annotation& a) {
  j.at("annotation_id").get_to(a.annotation_id);
  j.at("content").get_to(a.content);
  j.at("related_blocks").get_to(a.related_blocks);
  j.at("page_num").get_to(a.page_num);
}

}  // namespace regreader::model
