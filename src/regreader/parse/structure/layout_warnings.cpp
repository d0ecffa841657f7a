#include "regreader/parse/structure/layout_warnings.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>
#include <utility>

#include "regreader/core/text.hpp"
#include "regreader/parse/tables/prose_cells.hpp"

namespace regreader::parse {

namespace {

// A sibling's number as a series and a place in it: "5.2.3" → ("5.2.", 3), "第十二条" →
// ("第条", 12), "三" → ("", 3); nullopt for letters (附录A) and unnumbered nodes.
std::optional<std::pair<std::string, int>> place(const std::string& section) {
  const size_t dot = section.rfind('.');
  const std::string last = dot == std::string::npos ? section : section.substr(dot + 1);
  const std::string series = dot == std::string::npos ? "" : section.substr(0, dot + 1);
  if (auto n = text::to_int(last)) return std::make_pair(series, *n);
  std::string s = section;
  std::string kind;
  if (text::starts_with(s, "第")) {
    s.erase(0, std::string_view("第").size());
    for (const std::string_view unit : {"章", "节", "条", "部分", "篇"})
      if (text::ends_with(s, unit)) {
        s.erase(s.size() - unit.size());
        kind = "第" + std::string(unit);
        break;
      }
    if (kind.empty()) return std::nullopt;
  }
  // Chinese numerals (一、二、) are a series apart from the Arabic ones at the same level.
  if (auto n = text::parse_number(s)) return std::make_pair(kind.empty() ? "一" : kind, *n);
  return std::nullopt;
}

}  // namespace

std::vector<LayoutWarning> split_sentence_tables(const std::vector<model::TableEntry>& tables) {
  std::vector<LayoutWarning> out;
  for (const auto& t : tables) {
    const model::TableCell* prev = nullptr;
    int splits = 0;
    std::string first;
    for (const auto& c : t.merged.cells) {  // row by row, as stored
      if (text::trim(c.content).empty()) continue;
      if (prev && ends_mid_sentence(prev->content) && finishes_a_sentence(c.content) &&
          splits++ == 0)
        first = text::prefix(text::trim(prev->content), 24) + " | " + text::prefix(c.content, 12);
      prev = &c;
    }
    if (splits > 0)
      out.push_back({"split_sentences", t.page_start,
                     t.table_id + ": " + std::to_string(splits) +
                         " sentence(s) run from one cell into the next (" + first + ")"});
  }
  return out;
}

std::vector<LayoutWarning> heading_gaps(const model::DocumentStructure& structure) {
  std::vector<LayoutWarning> out;
  auto check = [&](const std::vector<const model::ChapterNode*>& siblings) {
    for (size_t i = 1; i < siblings.size(); ++i) {
      const auto a = place(siblings[i - 1]->section_number);
      const auto b = place(siblings[i]->section_number);
      if (!a || !b || a->first != b->first || b->second <= a->second + 1) continue;
      out.push_back({"heading_gap", siblings[i]->page_start,
                     siblings[i - 1]->section_number + " then " + siblings[i]->section_number});
    }
  };
  std::vector<const model::ChapterNode*> roots;
  for (const auto& n : structure.nodes()) {
    if (n.parent_id.empty()) roots.push_back(&n);
    std::vector<const model::ChapterNode*> children;
    for (const auto& id : n.children_ids)
      if (const auto* c = structure.find(id)) children.push_back(c);
    check(children);
  }
  check(roots);
  return out;
}

std::vector<LayoutWarning> title_chapters(const model::DocumentStructure& structure,
                                          const std::string& title) {
  std::vector<LayoutWarning> out;
  const std::string key = text::strip_spaces(text::fold_width(title));
  if (text::length(key) < 4) return out;
  // The whole title, or its end when that is a numbered chapter ("GB 26860—2011 1 范围").
  for (const auto& n : structure.nodes())
    if (const std::string numbered = text::strip_spaces(text::fold_width(n.display_title()));
        text::strip_spaces(text::fold_width(n.title)) == key ||
        (!n.section_number.empty() && !n.title.empty() && text::ends_with(key, numbered)))
      out.push_back({"title_is_chapter", n.page_start,
                     "the title '" + title + "' is also chapter " + n.display_title()});
  return out;
}

std::vector<LayoutWarning> repeated_blocks(const std::vector<model::PageDocument>& pages) {
  // Shorter text repeats on a page by design: a form's 工作负责人签名： lines, a list's 无. A
  // heading is never written twice on a page.
  constexpr long kMinHan = 12, kMinHeadingHan = 2;
  std::vector<LayoutWarning> out;
  for (const auto& page : pages) {
    // By chapter and text: the same words under two chapters are two clauses (`a)
    // 应能显示系统的手动、自动工作状态` of each system a standard lists).
    std::map<std::pair<std::vector<std::string>, std::string>, int> seen;
    const std::pair<std::vector<std::string>, std::string>* worst = nullptr;
    for (const auto& b : page.content_blocks) {
      // A cover names its issuer more than once (发布 line, announcement): front matter, before
      // any chapter, is left out.
      if (b.block_type == model::BlockType::kTable || b.chapter_path.empty()) continue;
      std::string key = text::strip_spaces(text::fold_width(b.content_markdown));
      const auto cps = text::to_codepoints(key);
      const long han = std::count_if(cps.begin(), cps.end(), text::is_han);
      if (han < (b.block_type == model::BlockType::kHeading ? kMinHeadingHan : kMinHan)) continue;
      const auto it = seen.emplace(std::make_pair(b.chapter_path, std::move(key)), 0).first;
      if (++it->second == 2 && !worst) worst = &it->first;
    }
    if (!worst) continue;
    int repeated = 0;
    for (const auto& [key, n] : seen)
      repeated += n > 1 ? 1 : 0;
    out.push_back({"repeated_block", page.page_num,
                   std::to_string(repeated) + " block(s) written more than once, '" +
                       text::prefix(worst->second, 16) + "' " + std::to_string(seen.at(*worst)) +
                       " times"});
  }
  return out;
}

}  // namespace regreader::parse
