#include "regreader/parse/structure/paragraph_roles.hpp"

#include <string>

#include "regreader/core/text.hpp"
#include "regreader/parse/structure/numbering.hpp"

namespace regreader::parse {

// The questions of question-and-answer sections: "N、…" paragraphs that ask (a question mark,
// or the next paragraph starts with 答：), and a "1、" whose "2、" asks — the first item of a
// run of questions may state a fact ("1、目前我公司…分为两个大类，"). Numbered items that ask
// nothing stay list items.
std::vector<bool> question_paragraphs(const std::vector<RawBlock>& blocks) {
  std::vector<bool> out(blocks.size(), false);
  auto text_of = [&](size_t k) -> std::string_view {
    if (k >= blocks.size() || blocks[k].kind == RawBlock::Kind::kTable) return {};
    return blocks[k].text;
  };
  auto asks = [&](size_t k) { return asks_question(text_of(k), text_of(k + 1)); };
  for (size_t i = 0; i < blocks.size(); ++i) {
    const auto m = match_numbered_question(text_of(i));
    if (!m || blocks[i].continued) continue;
    out[i] = asks(i);
    if (out[i] || m->components[0] != 1) continue;
    for (size_t j = i + 1; j < blocks.size() && blocks[j].heading_level == 0; ++j)
      if (const auto n = match_numbered_question(text_of(j))) {
        out[i] = n->components[0] == 2 && asks(j);
        break;
      }
  }
  return out;
}

// Office documents' item titles ("1.目的", "（1）充电操作"): a short title followed by its body —
// not by the next item of the same form (a list of short items), and not a question.
std::vector<bool> item_titles(const std::vector<RawBlock>& blocks,
                              const std::vector<bool>& questions) {
  std::vector<bool> out(blocks.size(), false);
  for (size_t i = 0; i + 1 < blocks.size(); ++i) {
    // A list by markup (Markdown "1.", Word's list numbering) is a list; a contents line
    // ("1. 高频开关电源整流装置选择<tab>44") is no heading.
    if (blocks[i].kind == RawBlock::Kind::kTable || blocks[i].continued || questions[i] ||
        blocks[i].list_item)
      continue;
    const std::string folded = text::fold_width(blocks[i].text);
    const auto m = match_item_heading(folded);
    if (!m || is_toc_line(folded) || ends_with_page_number(folded)) continue;
    const RawBlock& next = blocks[i + 1];
    if (next.kind == RawBlock::Kind::kTable || next.heading_level > 0) {
      out[i] = true;
      continue;
    }
    const auto n = match_item_heading(text::fold_width(next.text));
    out[i] = !(n && n->letter == m->letter);
  }
  return out;
}

}  // namespace regreader::parse
