#include "regreader/parse/tables/caption_numbers.hpp"

#include <algorithm>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/structure/references.hpp"

namespace regreader::parse {

namespace {

using model::BlockType;

// A caption is a line, not a paragraph; longer text that starts with 表 is a sentence.
constexpr size_t kMaxCaptionChars = 60;
// OCR garbles a table number into at most this many characters (`巨`, `下.1`), at most this
// many of them Chinese (a longer run is a word: 表格式样).
constexpr size_t kMaxTokenChars = 3;
constexpr long kMaxWideTokenChars = 2;

// What OCR read of a number that can still be told: its digits, dots and dashes. A candidate
// number must end with them (`下.1` keeps `.1`: E.1 agrees, 3.2 does not; `巨` keeps nothing).
std::string number_remnant(const std::string& token) {
  std::string out;
  for (char c : token)
    if ((c >= '0' && c <= '9') || c == '.' || c == '-') out.push_back(c);
  return out;
}

// References to tables in one block's text, in order.
std::vector<std::string> table_references(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& ref : find_references(text))
    if (ref.kind == model::RefKind::kTable) out.push_back(ref.target);
  return out;
}

// The nearest reference before block `at` (back to the previous table, on its page or the one
// before) to a table no caption has, that agrees with what OCR read of the number.
std::string referenced_label(const std::vector<ClassifiedBlock>& blocks, size_t at,
                             const std::string& remnant, const std::set<std::string>& captioned) {
  for (size_t j = at; j-- > 0;) {
    const ClassifiedBlock& b = blocks[j];
    if (b.type == BlockType::kTable || b.page < blocks[at].page - 1) break;
    const std::vector<std::string> refs = table_references(b.text);
    for (auto it = refs.rbegin(); it != refs.rend(); ++it)
      if (!captioned.count(*it) && text::ends_with(*it, remnant)) return *it;
  }
  return {};
}

// The label of the table block `at` continues: the table right before it, on its page or the
// one before, with its caption as given or as inferred in `out` (the caption block before it).
std::string continued_label(const std::vector<ClassifiedBlock>& blocks, size_t at,
                            const std::map<size_t, std::string>& out) {
  for (size_t j = at; j-- > 0;) {
    const ClassifiedBlock& b = blocks[j];
    if (b.page < blocks[at].page - 1) break;
    if (b.type != BlockType::kTable || !b.table) continue;
    const auto named = j > 0 ? out.find(j - 1) : out.end();
    return table_label(named != out.end() ? named->second : b.table->caption);
  }
  return {};
}

}  // namespace

std::optional<GarbledCaption> garbled_caption_number(const std::string& text_in) {
  static const Regex number(R"([A-Z]?\.?[0-9]+(?:[.\-][0-9]+)*)");
  const std::string t = text::trim(text::fold_width(text_in));
  if (!text::starts_with(t, "表") || text::length(t) > kMaxCaptionChars) return std::nullopt;
  for (const char* stop : {"。", "，", "；"})
    if (t.find(stop) != std::string::npos) return std::nullopt;  // a sentence that cites a table
  const std::vector<char32_t> rest =
      text::to_codepoints(text::trim(t.substr(std::string_view("表").size())));
  // The number ends at the gap before the title; OCR text keeps it after a Latin character, but
  // the stored text has no space between two Chinese ones, so a number read as one Chinese
  // character (表巨与…) is that character.
  const auto gap = std::find(rest.begin(), rest.end(), U' ');
  const auto cut = gap - rest.begin() <= static_cast<ptrdiff_t>(kMaxTokenChars)
                       ? gap
                       : rest.begin() + std::min<ptrdiff_t>(1, std::ssize(rest));
  GarbledCaption out{text::from_codepoints({rest.begin(), cut}),
                     text::trim(text::from_codepoints({cut, rest.end()}))};
  const auto wide = std::count_if(rest.begin(), cut, [](char32_t c) { return c > 0x7F; });
  if (out.token.empty() || wide > kMaxWideTokenChars || text::length(out.title) < 2 ||
      RE2::FullMatch(out.token, number))
    return std::nullopt;
  return out;
}

std::map<size_t, std::string> infer_caption_numbers(const std::vector<ClassifiedBlock>& blocks,
                                                    const std::vector<bool>& ocr_page,
                                                    std::set<std::string> captioned) {
  std::map<size_t, std::string> out;
  for (size_t i = 0; i + 1 < blocks.size(); ++i) {
    const ClassifiedBlock& b = blocks[i];
    const size_t page = static_cast<size_t>(b.page - 1);
    const bool over_table = blocks[i + 1].type == BlockType::kTable && blocks[i + 1].table &&
                            blocks[i + 1].table->caption.empty();
    if (!over_table || b.type != BlockType::kText || b.starts_node || page >= ocr_page.size() ||
        !ocr_page[page])
      continue;
    const auto garbled = garbled_caption_number(b.text);
    if (!garbled) continue;
    if (continuation_caption(b.text)) {
      // `表下 1( 续)` over a table: the table before it goes on; the number says nothing more.
      const std::string label = continued_label(blocks, i, out);
      if (!label.empty())
        out[i] = label + "（续）（表号据前表推定，OCR 读作“" + text::trim(b.text) + "”）";
      continue;
    }
    const std::string label =
        referenced_label(blocks, i, number_remnant(garbled->token), captioned);
    if (label.empty()) continue;
    out[i] =
        label + " " + garbled->title + "（表号据正文引用推定，OCR 读作“表" + garbled->token + "”）";
    captioned.insert(label);
  }
  return out;
}

}  // namespace regreader::parse
