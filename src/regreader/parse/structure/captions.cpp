#include "regreader/parse/structure/captions.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/structure/references.hpp"
#include "regreader/parse/tables/caption_numbers.hpp"
#include "regreader/parse/tables/table_names.hpp"

namespace regreader::parse {

using model::BlockType;

namespace {

bool caption_like(const std::string& t) {
  // The whole text (FullMatch). The label may not run on into a letter, digit or dot; RE2 has no
  // lookahead, so the character after it is matched as the first of the rest of the line
  // ([^\n\r]: any character, as the ECMAScript "." was).
  static const Regex cap(
      R"((?:续)?表\s*[A-Z]?\s*\.?\s*\d+(?:\s*[.\-－]\s*\d+)*(?:\s*[（(]续[）)])?(?:[^0-9A-Za-z.\n\r][^\n\r]*)?)");
  if (text::length(t) > 60 || !RE2::FullMatch(t, cap)) return false;
  for (const char* stop : {"。", "，", "；"})
    if (t.find(stop) != std::string::npos) return false;  // a sentence that cites a table
  return true;
}

// Where a caption starts after the last sentence of a paragraph, if one does.
std::optional<size_t> trailing_caption(const std::string& t) {
  for (const char* stop : {"。", "；", "："}) {
    const size_t at = t.rfind(std::string(stop) + "表");
    if (at == std::string::npos) continue;
    const size_t start = at + std::string_view(stop).size();
    if (caption_like(t.substr(start))) return start;
  }
  return std::nullopt;
}

// Header pieces between a caption and its table are this short, and no sentences.
constexpr size_t kMaxHeaderFragment = 10;
constexpr size_t kMaxHeaderFragments = 2;

// The index of an uncaptioned table on the caption's page after one or two short fragments that
// follow the caption at `i`; 0 when there is none.
size_t table_after_fragments(const std::vector<ClassifiedBlock>& items, size_t i) {
  for (size_t j = i + 1; j < items.size() && j <= i + kMaxHeaderFragments + 1; ++j) {
    const auto& b = items[j];
    if (b.page != items[i].page) return 0;
    if (b.type == BlockType::kTable) return j > i + 1 && b.table->caption.empty() ? j : 0;
    const bool fragment = b.type == BlockType::kText && !b.starts_node && b.notes.empty() &&
                          text::length(b.text) <= kMaxHeaderFragment &&
                          b.text.find("。") == std::string::npos &&
                          b.text.find("，") == std::string::npos && !caption_like(b.text);
    if (!fragment) return 0;
  }
  return 0;
}

}  // namespace

// Joins "表1 …" paragraphs to the table right after them and gives tables their ids.
void attach_captions(std::vector<ClassifiedBlock>& items, const std::vector<bool>& ocr_page) {
  // Captions whose number OCR garbled (caption_numbers.hpp): only documents with OCR pages.
  std::map<size_t, std::string> inferred;
  if (std::find(ocr_page.begin(), ocr_page.end(), true) != ocr_page.end()) {
    std::set<std::string> captioned;  // the labels the document's captions give
    for (const auto& it : items) {
      if (it.type == BlockType::kTable && it.table && !it.table->caption.empty())
        captioned.insert(table_label(it.table->caption));
      else if (it.type == BlockType::kText && caption_like(it.text))
        captioned.insert(table_label(it.text));
      else if (auto cut = trailing_caption(it.text))
        captioned.insert(table_label(it.text.substr(*cut)));
    }
    inferred = infer_caption_numbers(items, ocr_page, std::move(captioned));
  }
  std::vector<ClassifiedBlock> out;
  std::map<std::string, int> label_uses;
  for (size_t i = 0; i < items.size(); ++i) {
    ClassifiedBlock& it = items[i];
    const bool before_table = i + 1 < items.size() && items[i + 1].type == BlockType::kTable &&
                              items[i + 1].table->caption.empty();
    if (before_table && it.type == BlockType::kText && !it.starts_node &&
        (caption_like(it.text) || bare_continuation(it.text))) {
      items[i + 1].table->caption = it.text;
      continue;
    }
    // "表4 …" over pieces of the table's header that the reading left as lines of their own
    // ("电压等级安全距", "V"): the caption is the table's all the same.
    if (const size_t at = table_after_fragments(items, i);
        at && it.type == BlockType::kText && !it.starts_node && caption_like(it.text)) {
      items[at].table->caption = it.text;
      continue;
    }
    if (auto named = inferred.find(i); before_table && named != inferred.end()) {
      items[i + 1].table->caption = named->second;
      continue;
    }
    // An unnumbered heading right over a table without a caption names it ("配电室巡视记录表"
    // over a form), as a 表N caption would; the heading stays a heading.
    if (before_table && it.starts_node && !it.number && !it.node_title.empty())
      items[i + 1].table->caption = it.node_title;
    // "…其他需要停电的设备。表2 人员工作中…": a caption run into the paragraph above the table.
    if (before_table && it.type != BlockType::kTable) {
      if (auto cut = trailing_caption(it.text)) {
        items[i + 1].table->caption = it.text.substr(*cut);
        it.text.erase(*cut);
      }
    }
    out.push_back(std::move(it));
  }
  // A continuation's caption (`续表3`, `表3（续）`) names the table it continues: it counts
  // for the label only where no other caption gives it (the first part's caption was lost).
  std::map<std::string, int> continued_uses;
  for (auto& it : out)
    if (it.type == BlockType::kTable) {
      if (it.table->caption.empty()) it.table->caption = it.text;
      const std::string label = table_label(it.table->caption);
      ++(continuation_caption(it.table->caption) ? continued_uses : label_uses)[label];
    }
  name_untitled_tables(out);
  int n = 0;
  for (auto& it : out) {
    if (it.type != BlockType::kTable) continue;
    ++n;
    const std::string label = table_label(it.table->caption);
    const int uses = label_uses[label] ? label_uses[label] : continued_uses[label];
    it.table->table_id = !label.empty() && uses == 1 ? label : "T" + std::to_string(n);
    it.table->master_table_id = it.table->table_id;
    it.table->segment_index = 0;
  }
  items = std::move(out);
}

}  // namespace regreader::parse
