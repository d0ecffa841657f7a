#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace regreader::model {

/// One node of the chapter tree: a chapter, section, clause, article or appendix.
struct ChapterNode {
  std::string node_id;
  std::string
      section_number;  ///< "5.2.2", "第三章", "第十二条", "附录A", "A.1"; empty if unnumbered
  std::string title;  ///< text after the number ("工作票制度")
  int level = 1;      ///< 1 = top
  int page_start = 0;
  int page_end = 0;
  std::string parent_id;  ///< empty for a root node
  std::vector<std::string> children_ids;
  std::vector<std::string> content_block_ids;
  bool operator==(const ChapterNode&) const = default;

  /// "5.2.2 工作票制度", or the title alone when unnumbered.
  std::string display_title() const;
};

void to_json(nlohmann::json& j, const ChapterNode& n);
void from_json(const nlohmann::json& j, ChapterNode& n);

}  // namespace regreader::model
