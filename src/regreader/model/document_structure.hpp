#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "regreader/model/chapter_node.hpp"

namespace regreader::model {

/// The chapter tree of one regulation. Nodes are kept in document order.
class DocumentStructure {
 public:
  DocumentStructure() = default;
  DocumentStructure(std::string reg_id, std::vector<ChapterNode> nodes);

  const std::string& reg_id() const { return reg_id_; }
  const std::vector<ChapterNode>& nodes() const { return nodes_; }
  std::vector<const ChapterNode*> roots() const;

  const ChapterNode* find(const std::string& node_id) const;
  /// Display titles from the root down to `node_id` (empty if unknown).
  std::vector<std::string> get_chapter_path(const std::string& node_id) const;
  /// The first node whose section number matches (width-folded, spaces ignored): "5.2.2", "附录A".
  const ChapterNode* get_node_by_section_number(const std::string& section_number) const;
  /// Nested tree {node_id, section_number, title, level, page_start, page_end, children[]}, cut at
  /// `max_depth` levels (0 = unlimited); `expand_section` opens that section's subtree fully.
  nlohmann::json get_chapter_tree(int max_depth = 0,
                                  const std::optional<std::string>& expand_section = {}) const;

  bool operator==(const DocumentStructure& o) const {
    return reg_id_ == o.reg_id_ && nodes_ == o.nodes_;
  }

 private:
  nlohmann::json subtree(const ChapterNode& n, int depth, int max_depth,
                         const std::string& expand_id) const;
  std::string reg_id_;
  std::vector<ChapterNode> nodes_;
  std::unordered_map<std::string, size_t> index_;
};

void to_json(nlohmann::json& j, const DocumentStructure& s);
void from_json(const nlohmann::json& j, DocumentStructure& s);

}  // namespace regreader::model
