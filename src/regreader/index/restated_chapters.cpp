#include "regreader/index/restated_chapters.hpp"

#include <string>
#include <unordered_map>

namespace regreader::index {

std::vector<long> restated_chapters(const model::DocumentStructure& structure) {
  std::vector<long> out;
  out.reserve(structure.nodes().size());
  std::unordered_map<std::string, long> first;  // each chain's first node
  for (const auto& node : structure.nodes()) {
    std::string chain;
    for (const model::ChapterNode* n = &node; n; n = structure.find(n->parent_id))
      chain += (n->section_number.empty() ? n->title : n->section_number) + '\x1f';
    const auto at = first.emplace(std::move(chain), static_cast<long>(out.size())).first;
    out.push_back(at->second == static_cast<long>(out.size()) ? -1 : at->second);
  }
  return out;
}

}  // namespace regreader::index
