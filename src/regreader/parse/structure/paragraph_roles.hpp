#pragma once
// What a numbered paragraph is, read from the paragraphs around it before the blocks are
// classified in order: the questions of a question-and-answer section, the item titles of an
// office document.

#include <vector>

#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// Per block: a numbered question of a Q&A ("2、…？", or a "1、" whose "2、" asks; see
/// match_numbered_question and asks_question).
std::vector<bool> question_paragraphs(const std::vector<RawBlock>& blocks);

/// Per block: an office document's item title ("1.目的", "（1）充电操作", match_item_heading)
/// followed by its body — not by the next item of the same form, not a question, not a list by
/// markup nor a contents line. Whether it is a heading in its context is the classifier's to say.
std::vector<bool> item_titles(const std::vector<RawBlock>& blocks,
                              const std::vector<bool>& questions);

}  // namespace regreader::parse
