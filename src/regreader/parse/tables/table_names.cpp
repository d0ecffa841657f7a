#include "regreader/parse/tables/table_names.hpp"

#include <array>
#include <string_view>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {

// The longest name a lead-in gives; longer lines are sentences that happen to end in a colon.
constexpr size_t kMaxNameChars = 30;

// Tails that point at the table rather than name it, longest first.
constexpr std::array<std::string_view, 12> kPointers = {
    "如下表所示", "详见下表", "列于下表", "如下表", "见下表", "按下表",
    "如下所示",   "如表所示", "见表",     "如下",   "下表",   "为"};

std::string strip_tail(std::string s) {
  for (bool again = true; again;) {
    again = false;
    for (const auto tail : kPointers)
      if (text::ends_with(s, tail)) {
        s.erase(s.size() - tail.size());
        again = true;
        break;
      }
  }
  return text::trim(s);
}

bool has_han(const std::string& s) {
  for (const char32_t c : text::to_codepoints(s))
    if (text::is_han(c)) return true;
  return false;
}

// A chapter title that reads as a name: short, mostly ideographs, no punctuation of a sentence
// or a label (`单位：mm`), and not a note.
bool name_like(const std::string& s) {
  const auto cps = text::to_codepoints(s);
  if (cps.size() < 2 || cps.size() > kMaxNameChars || text::starts_with(s, "注")) return false;
  size_t han = 0;
  for (const char32_t c : cps) {
    if (std::u32string_view(U"。，；：,;:！？!?").find(c) != std::u32string_view::npos)
      return false;
    han += text::is_han(c) ? 1 : 0;
  }
  return han >= 2 && 2 * han >= cps.size();
}

}  // namespace

std::string lead_in_name(const std::string& line) {
  std::string s = text::trim(text::fold_width(line));
  const size_t colon = text::ends_with(s, "：")  ? std::string_view("：").size()
                       : text::ends_with(s, ":") ? 1
                                                 : 0;
  if (colon == 0) return {};
  s.erase(s.size() - colon);
  for (const char* stop : {"，", "；", "。", ",", ";"})
    if (s.find(stop) != std::string::npos) return {};
  // A clause or item number in front of the lead-in (`5.2.1 `, `3.`, `（2）`) is not its name.
  static const Regex kNumber(R"(^(?:\d+(?:\.\d+)*\.?|[（(]\d+[）)]|\d+、)\s*)");
  RE2::Replace(&s, kNumber, "");
  s = strip_tail(s);
  if (text::length(s) < 2 || text::length(s) > kMaxNameChars || !has_han(s)) return {};
  return s;
}

std::string header_name(const model::TableMeta& t) {
  if (t.row_count < 2) return {};
  std::vector<std::string> cells;
  bool words = false;
  for (const auto& c : t.row_texts(0)) {
    const std::string cell = text::clean_spaces(text::trim(c));
    if (cell.empty() || (!cells.empty() && cells.back() == cell)) continue;  // spans repeat
    words = words || has_han(cell);
    cells.push_back(cell);
  }
  if (cells.size() < 2 || !words) return {};
  return text::join(cells, "/");
}

std::string heading_name(const std::string& title) {
  const std::string s = text::clean_spaces(text::trim(title));
  return name_like(s) ? s : std::string();
}

bool bare_continuation(const std::string& line) {
  std::string s = text::strip_spaces(text::fold_width(line));
  for (const std::string_view colon : {"：", ":"})
    if (text::ends_with(s, colon)) s.erase(s.size() - colon.size());
  return s == "续表" || s == "续上表" || s == "（续）" || s == "(续)" || s == "表（续）" ||
         s == "表(续)" || s == "续";
}

void name_untitled_tables(std::vector<ClassifiedBlock>& blocks) {
  for (size_t i = 0; i < blocks.size(); ++i) {
    auto& b = blocks[i];
    if (b.type != model::BlockType::kTable || !b.table || !b.table->caption.empty()) continue;
    auto& t = *b.table;
    if (i > 0) {
      const auto& before = blocks[i - 1];
      const bool near = before.page == b.page || before.page + 1 == b.page;
      // A chapter that opens with the table on its page (`4 作业步骤及标准`, `附录A 作业记录表`):
      // its title is what the table is called. An unnumbered heading is its caption already. A
      // heading at the foot of the page before names nothing: the table at the top of the next
      // page may be one a caption above the heading announced.
      if (before.page == b.page && before.starts_node &&
          !(t.name = heading_name(before.node_title)).empty()) {
        t.named_by = "heading";
      } else if (near && before.type == model::BlockType::kText) {
        t.name = lead_in_name(before.text);
        if (!t.name.empty()) t.named_by = "line above";
      }
    }
    if (t.name.empty() && !(t.name = header_name(t)).empty()) t.named_by = "header";
  }
}

}  // namespace regreader::parse
