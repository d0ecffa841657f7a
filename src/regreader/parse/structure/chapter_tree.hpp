#pragma once
// Second stage of the structure builder: the chapter tree. Each block that starts a chapter opens a
// node under the nearest open node that can contain it (5.2 holds 5.2.2, 第一章 holds 第一条,
// 附录A holds A.1, a Markdown "##" holds a "###").

#include <string>
#include <vector>

#include "regreader/model/chapter_node.hpp"
#include "regreader/parse/structure/block_classifier.hpp"

namespace regreader::parse {

struct ChapterTree {
  std::vector<model::ChapterNode> nodes;  ///< in document order; page ranges not yet set
  std::vector<long> parent;               ///< index of each node's parent (-1: a root)
  std::vector<long> block_node;           ///< node each block belongs to (-1: before any chapter)
};

/// Builds the tree; node ids are "<reg_id>:n<k>" in document order.
ChapterTree build_chapter_tree(const std::vector<ClassifiedBlock>& blocks,
                               const std::string& reg_id);

/// A clause written again later, word for word (a converter that repeated a run of clauses:
/// "11.1.3 …" to "11.1.11 …" again after 11.1.12), is no part of the chapter it lands in: each
/// repeated paragraph belongs to the chapter its first writing opened (a heading repeated as a
/// paragraph, to that heading's). Paragraphs of at least kRepeatedClauseChars characters only
/// (a short line repeats by chance).
void cite_repeated_clauses(const std::vector<ClassifiedBlock>& blocks, ChapterTree& tree);

constexpr size_t kRepeatedClauseChars = 12;

}  // namespace regreader::parse
