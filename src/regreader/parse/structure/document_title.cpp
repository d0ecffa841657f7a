#include "regreader/parse/structure/document_title.hpp"

#include <algorithm>
#include <cctype>

#include "regreader/core/text.hpp"
#include "regreader/parse/pdf/page_furniture.hpp"
#include "regreader/parse/structure/block_classifier.hpp"
#include "regreader/parse/structure/numbering.hpp"

namespace regreader::parse {

namespace {

// Blocks of a document without real pages that count as its cover.
constexpr size_t kCoverBlocks = 20;
// A cover name is one line.
constexpr size_t kMaxNameChars = 40;

bool upper(char32_t c) {
  return c >= 'A' && c <= 'Z';
}
bool digit(char32_t c) {
  return c >= '0' && c <= '9';
}
bool dash(char32_t c) {
  // "一" is how OCR reads the long dash of "GB 26859—2011".
  return c == U'—' || c == U'–' || c == '-' || c == U'―' || c == U'一' || c == U'－';
}

// A standard number starting at cps[i], or "".
std::string number_at(const std::vector<char32_t>& s, size_t i) {
  std::string letters;
  while (i < s.size() && upper(s[i]) && letters.size() < 5)
    letters.push_back(static_cast<char>(s[i++]));
  if (letters.empty()) return {};
  // NB/T, GB/T, Q/CSG; NB_T in a file's name, which cannot hold a '/'.
  if (i < s.size() && (s[i] == '/' || s[i] == U'／' || (s[i] == '_' && letters.size() >= 2))) {
    letters.push_back('/');
    ++i;
    while (i < s.size() && text::is_space(s[i]))  // "Q/ CSG"
      ++i;
    size_t n = 0;
    while (i < s.size() && upper(s[i]) && n < 4)
      letters.push_back(static_cast<char>(s[i++])), ++n;
    if (n == 0) return {};
  }
  while (i < s.size() && text::is_space(s[i]))
    ++i;
  std::string number;
  while (i < s.size() && (digit(s[i]) || (s[i] == '.' && !number.empty())))
    number.push_back(static_cast<char>(s[i++]));
  if (number.size() < 2) return {};
  while (i < s.size() && text::is_space(s[i]))
    ++i;
  if (i >= s.size() || !dash(s[i])) return {};
  ++i;
  while (i < s.size() && text::is_space(s[i]))
    ++i;
  std::string year;
  while (i < s.size() && digit(s[i]) && year.size() < 5)
    year.push_back(static_cast<char>(s[i++]));
  if (year.size() != 4 || (year[0] != '1' && year[0] != '2')) return {};
  return letters + " " + number + "—" + year;
}

// A converted cover's emphasis marks (**, __, ~~); its images the Markdown reader has dropped.
std::string strip_inline_markup(const std::string& t) {
  std::string out = text::without_emphasis(t);
  for (size_t at; (at = out.find("~~")) != std::string::npos;)
    out.erase(at, 2);
  return text::trim(text::collapse_spaces(out));
}

// An official document's title (GB/T 9704): its issuer perhaps, 关于 …的 and the document's
// kind, 关于加强迎峰度夏期间安全生产工作的通知.
bool official_title(const std::string& t) {
  static const std::string_view kinds[] = {"通知", "意见", "决定", "通报", "报告", "请示",
                                           "批复", "纪要", "公告", "通告", "方案", "函"};
  const size_t about = t.find("关于");
  return about != std::string::npos && t.find("的", about) != std::string::npos &&
         std::any_of(std::begin(kinds), std::end(kinds),
                     [&](std::string_view k) { return text::ends_with(t, k); });
}

// An official document's banner, its issuer's name and 文件 in large red type above the title
// (国家电网有限公司文件): the issuer, not the document's name.
bool official_banner(const std::string& t) {
  return text::ends_with(t, "文件") && t.find("关于") == std::string::npos;
}

// The name a cover line gives when nothing tells its type size (Markdown, plain text): the
// title in 《》 of a short line ("《民用建筑电气设计规范》JGJ16-2008"), else the line itself when
// it ends like a document's name (建筑物防雷设计规范) and holds no standard number. "" else.
std::string unsized_cover_name(const std::string& t) {
  const size_t open = t.find("《");
  const size_t close = t.find("》");
  if (open != std::string::npos && close != std::string::npos && close > open &&
      text::length(t) <= kMaxNameChars)
    return text::trim(
        t.substr(open + std::string("《").size(), close - open - std::string("《").size()));
  if (!standard_number(t).empty()) return {};
  return names_a_document(t) || official_title(t) ? t : std::string();
}

}  // namespace

const std::vector<DocumentKind>& document_kinds() {
  static const std::vector<DocumentKind> kinds = {
      {"规范", true}, {"规程", true}, {"标准", true}, {"导则", true}, {"细则", true},
      {"规定", true}, {"准则", true}, {"条例"},       {"办法"},       {"手册"},
      {"判据"},       {"要求"},       {"法"}};
  return kinds;
}

bool names_a_document(std::string_view name) {
  const std::string t = text::trim(std::string(name));
  return std::any_of(document_kinds().begin(), document_kinds().end(),
                     [&](const DocumentKind& k) { return text::ends_with(t, k.word); });
}

std::string standard_number(std::string_view text_in) {
  // "Q/ FORMTEXT CSG 125008—2016": a Word form field left in converted text.
  const auto s = text::to_codepoints(text::fold_width(strip_field_codes(std::string(text_in))));
  for (size_t i = 0; i < s.size(); ++i) {
    if (!upper(s[i]) || (i > 0 && upper(s[i - 1]))) continue;
    auto n = number_at(s, i);
    // "J 2569—2018" is a filing number (备案号); standards have two letters or more.
    if (!n.empty() && n.find(' ') >= 2) return n;
  }
  return {};
}

std::string strip_html_tags(std::string_view t) {
  std::string out;
  bool tag = false;
  for (size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '<' && i + 1 < t.size() &&
        (std::isalpha(static_cast<unsigned char>(t[i + 1])) || t[i + 1] == '/')) {
      tag = true;
      continue;
    }
    if (tag) {
      tag = c != '>';
      continue;
    }
    out.push_back(c);
  }
  return text::collapse_spaces(out);
}

std::string cover_title(const RawDocument& raw, const std::string& heading_title) {
  std::string number, name;
  std::vector<const RawBlock*> cover;
  for (const auto& b : raw.blocks) {
    if (b.page > 1 || cover.size() >= kCoverBlocks) break;
    if (b.kind == RawBlock::Kind::kParagraph) cover.push_back(&b);
  }
  // Without type sizes, the name is told by its words (unsized_cover_name).
  const bool sized =
      std::any_of(cover.begin(), cover.end(), [](const RawBlock* b) { return b->larger_font; });
  for (const RawBlock* b : cover) {
    const std::string t =
        strip_inline_markup(text::clean_spaces(text::fold_width(strip_html_tags(b->text))));
    const std::string here = standard_number(t);
    if (number.empty() && !text::starts_with(t, "代替")) number = here;
    const std::string said = sized ? (here.empty() ? t : "") : unsized_cover_name(t);
    // A numbered heading in larger type ("1 范围" on a first page without a cover), or a part
    // or item of an office document (一、总体要求, 1.目的), is a chapter, not the name.
    const bool candidate = (!sized || b->larger_font) && name.empty() && !said.empty() &&
                           !never_a_chapter(said) && !is_front_matter_title(said) &&
                           text::length(said) <= kMaxNameChars &&
                           !match_section_number(said, true) && !starts_with_list_marker(said) &&
                           !match_item_heading(said) && !official_banner(said);
    const auto cps = text::to_codepoints(said);
    if (candidate && std::any_of(cps.begin(), cps.end(), text::is_han)) name = said;
  }
  const std::string h = text::trim(strip_html_tags(heading_title));
  if (!h.empty() && !never_a_chapter(h) && !is_front_matter_title(h)) name = h;
  // The name may carry the number already ("NB/T 31147-2018 风电场…").
  if (!number.empty() && !name.empty() && !standard_number(name).empty()) return name;
  if (number.empty()) return name;
  return name.empty() ? number : number + " " + name;
}

}  // namespace regreader::parse
