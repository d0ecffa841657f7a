#include "regreader/model/chapter_node.hpp"

namespace regreader::model {

std::string ChapterNode::display_title() const {
  if (section_number.empty()) return title;
  if (title.empty()) return section_number;
  return section_number + " " + title;
}

void to_json(nlohmann::json& j, const ChapterNode& n) {
  j = {{"node_id", n.node_id},
       {"section_number", n.section_number},
       {"title", n.title},
       {"level", n.level},
       {"page_start", n.page_start},
       {"page_end", n.page_end},
       {"parent_id", n.parent_id},
       {"children_ids", n.children_ids},
       {"content_block_ids", n.content_block_ids}};
}

void from_json(const nlohmann::json& j, ChapterNode& n) {
  j.at("node_id").get_to(n.node_id);
  j.at("section_number").get_to(n.section_number);
  j.at("title").get_to(n.title);
  j.at("level").get_to(n.level);
  j.at("page_start").get_to(n.page_start);
  j.at("page_end").get_to(n.page_end);
  j.at("parent_id").get_to(n.parent_id);
  j.at("children_ids").get_to(n.children_ids);
  j.at("content_block_ids").get_to(n.content_block_ids);
}

}  // namespace regreader::model
