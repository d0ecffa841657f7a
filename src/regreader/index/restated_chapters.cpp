#include "regreader/index/restated_chapters.hpp"

#include <unordered_set>

namespace regreader::index {

std::vector<std::string> chapter_chains(const model::DocumentStructure& structure) {
  std::vector<std::string> out;
  out.reserve(structure.nodes().size());
  for (const auto& node : structure.nodes()) {
    std::string chain;
    for (const model::ChapterNode* n = &node; n; n = structure.find(n->parent_id))
      chain += (n->section_number.empty() ? n->title : n->section_number) + '\x1f';
    out.push_back(std::move(chain));
  }
  return out;
}

std::vector<bool> restated_chapters(const model::DocumentStructure& structure) {
  std::vector<bool> out;
  std::unordered_set<std::string> seen;
  for (auto& chain : chapter_chains(structure))
    out.push_back(!seen.insert(std::move(chain)).second);
  return out;
}

}  // namespace regreader::index
