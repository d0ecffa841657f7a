#include "regreader/model/document_structure.hpp"

#include "regreader/core/text.hpp"

namespace regreader::model {

DocumentStructure::DocumentStructure(std::string reg_id, std::vector<ChapterNode> nodes)
    : reg_id_(std::move(reg_id)), nodes_(std::move(nodes)) {
  for (size_t i = 0; i < nodes_.size(); ++i)
    index_[nodes_[i].node_id] = i;
}

std::vector<const ChapterNode*> DocumentStructure::roots() const {
  std::vector<const ChapterNode*> out;
  for (const auto& n : nodes_)
    if (n.parent_id.empty()) out.push_back(&n);
  return out;
}

const ChapterNode* DocumentStructure::find(const std::string& node_id) const {
  auto it = index_.find(node_id);
  return it == index_.end() ? nullptr : &nodes_[it->second];
}

std::vector<std::string> DocumentStructure::get_chapter_path(const std::string& node_id) const {
  std::vector<std::string> path;
  for (const ChapterNode* n = find(node_id); n; n = find(n->parent_id))
    path.insert(path.begin(), n->display_title());
  return path;
}

const ChapterNode* DocumentStructure::get_node_by_section_number(
    const std::string& section_number) const {
  // Width-folded, spaces ignored, and the wave dash of a range ("4.1.7～4.1.8") as "~".
  auto key = [](const std::string& s) {
    std::string k;
    for (char32_t c : text::to_codepoints(text::strip_spaces(text::fold_width(s))))
      text::append_utf8(k, c == U'～' ? U'~' : c);
    return k;
  };
  const std::string want = key(section_number);
  if (want.empty()) return nullptr;
  for (const auto& n : nodes_)
    if (key(n.section_number) == want) return &n;
  return nullptr;
}

nlohmann::json DocumentStructure::subtree(const ChapterNode& n, int depth, int max_depth,
                                          const std::string& expand_id) const {
  nlohmann::json j = {{"node_id", n.node_id},       {"section_number", n.section_number},
                      {"title", n.title},           {"level", n.level},
                      {"page_start", n.page_start}, {"page_end", n.page_end}};
  nlohmann::json children = nlohmann::json::array();
  const bool expanded = !expand_id.empty() && n.node_id == expand_id;
  if (max_depth == 0 || depth < max_depth || expanded) {
    for (const auto& cid : n.children_ids)
      if (const auto* c = find(cid))
        children.push_back(subtree(*c, depth + 1, expanded ? 0 : max_depth, expand_id));
  }
  j["children"] = std::move(children);
  if (j["children"].empty() && !n.children_ids.empty())
    j["children_hidden"] = static_cast<int>(n.children_ids.size());
  return j;
}

nlohmann::json DocumentStructure::get_chapter_tree(
    int max_depth, const std::optional<std::string>& expand_section) const {
  std::string expand_id;
  if (expand_section) {
    if (const auto* n = get_node_by_section_number(*expand_section)) expand_id = n->node_id;
  }
  // Opening a deep section also opens its ancestors.
  std::vector<std::string> open_path;
  for (const ChapterNode* n = find(expand_id); n; n = find(n->parent_id))
    open_path.push_back(n->node_id);
  nlohmann::json tree = nlohmann::json::array();
  for (const auto* r : roots()) {
    int depth_limit = max_depth;
    if (std::find(open_path.begin(), open_path.end(), r->node_id) != open_path.end())
      depth_limit = 0;
    tree.push_back(subtree(*r, 1, depth_limit, expand_id));
  }
  return tree;
}

void to_json(nlohmann::json& j, const DocumentStructure& s) {
  j = {{"reg_id", s.reg_id()}, {"nodes", s.nodes()}};
}

void from_json(const nlohmann::json& j, DocumentStructure& s) {
  s = DocumentStructure(j.at("reg_id").get<std::string>(),
                        j.at("nodes").get<std::vector<ChapterNode>>());
}

}  // namespace regreader::model
