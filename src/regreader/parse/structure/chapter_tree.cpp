#include "regreader/parse/structure/chapter_tree.hpp"

#include <unordered_map>

#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {

struct Open {
  size_t node;
  std::optional<SectionMatch> number;
  int markup_level;
  bool font_heading;
};

bool is_ancestor(const Open& top, const ClassifiedBlock& next) {
  if (top.number && next.number) {
    if (can_contain(*top.number, *next.number)) return true;
    const bool same_family = top.number->kind == next.number->kind;
    if (same_family || !top.markup_level || !next.markup_level) return false;
  }
  if (top.markup_level && next.markup_level) return top.markup_level < next.markup_level;
  if (top.markup_level && !top.number) return true;  // "# 电力法" holds unmarked 第一条
  // A chapter known by its type holds the numbered paragraphs after it, not the next chapter.
  if (top.font_heading && !top.number) return next.number.has_value() && !next.font_heading;
  return false;
}

}  // namespace

ChapterTree build_chapter_tree(const std::vector<ClassifiedBlock>& items,
                               const std::string& reg_id) {
  ChapterTree r;
  std::vector<Open> stack;
  long current = -1;
  for (const auto& it : items) {
    if (it.starts_node) {
      while (!stack.empty() && !is_ancestor(stack.back(), it))
        stack.pop_back();
      model::ChapterNode n;
      n.node_id = reg_id + ":n" + std::to_string(r.nodes.size() + 1);
      n.section_number = it.number ? it.number->number : "";
      n.title = text::trim(it.node_title);
      n.level = static_cast<int>(stack.size()) + 1;
      n.page_start = n.page_end = it.page;
      if (!stack.empty()) {
        n.parent_id = r.nodes[stack.back().node].node_id;
        r.nodes[stack.back().node].children_ids.push_back(n.node_id);
      }
      r.nodes.push_back(std::move(n));
      r.parent.push_back(stack.empty() ? -1 : static_cast<long>(stack.back().node));
      current = static_cast<long>(r.nodes.size() - 1);
      stack.push_back({r.nodes.size() - 1, it.number, it.markup_level, it.font_heading});
    }
    r.block_node.push_back(current);
  }
  return r;
}

void cite_repeated_clauses(const std::vector<ClassifiedBlock>& blocks, ChapterTree& tree) {
  std::unordered_map<std::string, long> opened;  // a chapter's opening paragraph -> its node
  for (size_t i = 0; i < blocks.size(); ++i) {
    const auto& it = blocks[i];
    if (text::length(it.text) < kRepeatedClauseChars) continue;
    if (it.starts_node) {
      opened.emplace(it.text, tree.block_node[i]);
      continue;
    }
    if (it.type != model::BlockType::kText) continue;
    const auto first = opened.find(it.text);
    if (first != opened.end()) tree.block_node[i] = first->second;
  }
}

}  // namespace regreader::parse
