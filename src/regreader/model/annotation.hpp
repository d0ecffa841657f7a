#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace regreader::model {

/// A note (注1, 注①, 注一, 方案A, a footnote) with the blocks it qualifies.
struct Annotation {
  std::string annotation_id;  ///< canonical id: "注1" for 注1 / 注 1 / 注① / 注一
  std::string content;
  std::vector<std::string> related_blocks;
  int page_num = 0;
  bool operator==(const Annotation&) const = default;
};

void to_json(nlohmann::json& j, const Annotation& a);
void from_json(const nlohmann::json& j, Annotation& a);

}  // namespace regreader::model
