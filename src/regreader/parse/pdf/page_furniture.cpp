#include "regreader/parse/pdf/page_furniture.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <vector>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/structure/numbering.hpp"

namespace regreader::parse {

namespace {

// A page is a table of contents when this share of its paragraphs are leader-dot lines.
constexpr double kTocPageShare = 0.3;
// ... and it has at least this many of them.
constexpr int kTocPageMinLines = 3;
// Running lines are short.
constexpr size_t kMaxRunningChars = 40;
// ... and come back on this share of the pages, and on at least kMinRunningPages.
constexpr double kRunningShare = 0.3;
constexpr size_t kMinRunningPages = 3;
// Keys shorter than this ("注") are too common to be a running line; "GB" (of "GB 26859—2011")
// is the shortest running header.
constexpr size_t kMinKeyChars = 2;
// Two readings of one running line differ by at most this many characters (OCR).
constexpr size_t kMaxKeyDifference = 2;
// Contents pages are looked for in this first share of the pages.
constexpr double kContentsShare = 0.4;
constexpr size_t kMinContentsNumbers = 3;
constexpr double kContentsRepeatShare = 0.6;
// Titles in a table of contents are short.
constexpr size_t kMaxContentsTitle = 60;

// One reading contains the other, give or take a character or two ("CGB一" / "GB一").
bool same_line(const std::u32string& a, const std::u32string& b) {
  const auto& [s, l] = a.size() <= b.size() ? std::tie(a, b) : std::tie(b, a);
  return l.size() - s.size() <= kMaxKeyDifference && l.find(s) != std::u32string::npos;
}

}  // namespace

std::u32string running_line_key(std::string_view s) {
  std::u32string out;
  for (char32_t c : text::to_codepoints(text::fold_width(s)))
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || text::is_han(c)) out.push_back(c);
  return out;
}

std::set<size_t> running_paragraphs(const RawDocument& raw) {
  // The first and last paragraph of every page are the candidates.
  std::map<int, std::pair<size_t, size_t>> edges;  // page -> first, last paragraph index
  for (size_t i = 0; i < raw.blocks.size(); ++i) {
    const auto& b = raw.blocks[i];
    if (b.kind != RawBlock::Kind::kParagraph) continue;
    auto [it, fresh] = edges.try_emplace(b.page, i, i);
    if (!fresh) it->second.second = i;
  }
  struct Candidate {
    size_t block;
    int page;
    std::u32string key;
  };
  std::vector<Candidate> cands;
  for (const auto& [page, fl] : edges)
    for (size_t i : {fl.first, fl.second}) {
      const auto& t = raw.blocks[i].text;
      // Numbered lines, table captions ("续表1 …" on every page of a long table) and lines
      // that end in a colon (a form's "任务编号：", "…如下：") are content.
      const std::string f = text::trim(text::fold_width(t));
      if (text::length(t) > kMaxRunningChars || match_section_number(f) ||
          text::starts_with(f, "表") || text::starts_with(f, "续表") || text::ends_with(f, "：") ||
          text::ends_with(f, ":"))
        continue;
      auto key = running_line_key(t);
      if (key.size() >= kMinKeyChars && (cands.empty() || cands.back().block != i))
        cands.push_back({i, page, std::move(key)});
    }
  const size_t need = std::max(
      kMinRunningPages, static_cast<size_t>(static_cast<double>(edges.size()) * kRunningShare));
  std::set<size_t> out;
  for (const auto& c : cands) {
    std::set<int> pages;
    for (const auto& o : cands)
      if (same_line(c.key, o.key)) pages.insert(o.page);
    // A section tab ("专业操作规程" on pages 3-6) runs over consecutive pages only.
    size_t run = 0, best = 0;
    int prev = -1;
    for (int p : pages) {
      run = p == prev + 1 ? run + 1 : 1;
      best = std::max(best, run);
      prev = p;
    }
    if (pages.size() >= need || best >= kMinRunningPages) out.insert(c.block);
  }
  return out;
}

std::set<int> contents_pages_by_repeats(const RawDocument& raw, const std::set<int>& known) {
  int last_page = 1;
  for (const auto& b : raw.blocks)
    last_page = std::max(last_page, b.page);
  const int limit = std::max(2, static_cast<int>(last_page * kContentsShare));
  std::map<int, std::vector<std::string>> numbers;  // page -> section numbers on it
  std::map<std::string, int> last_seen;             // section number -> last page it is on
  std::map<int, size_t> paragraphs, short_numbered;
  int body_start = last_page + 1;  // the first page, not a known contents page, with chapter 1-3
  for (const auto& b : raw.blocks) {
    if (b.kind != RawBlock::Kind::kParagraph) continue;
    ++paragraphs[b.page];
    if (auto m = match_section_number(text::fold_width(b.text))) {
      numbers[b.page].push_back(m->number);
      int& seen = last_seen[m->number];
      seen = std::max(seen, b.page);
      // An entry is a title: short and no sentence in it.
      const bool sentence = m->rest.find("，") != std::string::npos ||
                            m->rest.find("。") != std::string::npos ||
                            m->rest.find("；") != std::string::npos;
      short_numbered[b.page] += text::length(m->rest) <= kMaxContentsTitle && !sentence ? 1 : 0;
      if (m->kind == SectionKind::kNumeric && m->components.size() == 1 && m->components[0] <= 3 &&
          !known.count(b.page))
        body_start = std::min(body_start, b.page);
    }
  }
  std::set<int> out;
  for (const auto& [page, nums] : numbers) {
    // A contents page is mostly short numbered lines, or comes before the body starts (OCR
    // turns leader dots into noise); a page of clauses has body text and follows chapter 1 (its
    // numbers may come back in a later 条文说明).
    const bool mostly_numbers =
        static_cast<double>(short_numbered[page]) >= kContentsRepeatShare * paragraphs[page];
    if (page > limit || nums.size() < kMinContentsNumbers || !(mostly_numbers || page < body_start))
      continue;
    const size_t again = static_cast<size_t>(
        std::count_if(nums.begin(), nums.end(),
                      [&, p = page](const std::string& n) { return last_seen[n] > p; }));
    if (static_cast<double>(again) >= kContentsRepeatShare * static_cast<double>(nums.size()))
      out.insert(page);
  }
  return out;
}

bool is_contents_title(std::string_view t) {
  std::string s = text::strip_spaces(text::fold_width(t));
  s.erase(0, s.find_first_not_of('#'));  // "## 目次" in Markdown
  return s == "目次" || s == "目录" || s == "Contents" || s == "CONTENTS";
}

namespace {
// is_date_line() on text already width-folded and without spaces.
bool folded_date(const std::string& s) {
  static const Regex date(R"(\d{4}[.\-/年－／]\d{1,2}([.\-/月－／]\d{1,2}日?)?|\d{4}年\d{1,2}月)");
  return RE2::FullMatch(s, date) || (text::ends_with(s, "年月日") && text::length(s) <= 12);
}
}  // namespace

bool is_date_line(const std::string& t) {
  return folded_date(text::strip_spaces(text::fold_width(t)));
}

bool never_a_chapter(const std::string& t) {
  if (is_contents_title(t)) return true;
  const std::string s = text::strip_spaces(text::fold_width(t));
  if (folded_date(s)) return true;
  // Cover banners: 中华人民共和国国家标准, 中华人民共和国能源行业标准, …电力行业标准.
  return text::starts_with(s, "中华人民共和国") && text::length(s) <= 20 &&
         (text::ends_with(s, "标准") || text::ends_with(s, "规范"));
}

// Word field codes left in text converted from .doc/.docx by tools that do not evaluate fields:
// `TOC \o "1-2" \u`, `PAGEREF _Toc469558889 \h XVII`, `FORMTEXT`, `HYPERLINK \l "..."`. A line
// with PAGEREF is a table-of-contents entry; the codes themselves are never text.
bool has_toc_field(const std::string& s) {
  return s.find("PAGEREF") != std::string::npos || s.find("TOC \\o") != std::string::npos;
}

std::string strip_field_codes(std::string s) {
  for (const char* code : {"PAGEREF", "TOC \\o", "HYPERLINK \\l"}) {
    // From the code to the end of its switches: words starting with \, _Toc ids, quoted
    // arguments, and the page number after \h.
    for (size_t at = s.find(code); at != std::string::npos; at = s.find(code, at)) {
      size_t end = at + std::strlen(code);
      bool page_next = false;
      while (end < s.size()) {
        size_t b = end;
        while (b < s.size() && (s[b] == ' ' || s[b] == '\t'))
          ++b;
        size_t e = b;
        if (e < s.size() && s[e] == '"') {
          e = s.find('"', e + 1);
          e = e == std::string::npos ? s.size() : e + 1;
        } else {
          while (e < s.size() && s[e] != ' ' && s[e] != '\t')
            ++e;
        }
        const std::string word = s.substr(b, e - b);
        const bool sw =
            !word.empty() && (word[0] == '\\' || word[0] == '"' || text::starts_with(word, "_Toc"));
        if (word.empty() || !(sw || page_next)) break;
        page_next = word == "\\h";
        end = e;
      }
      s.erase(at, end - at);
    }
  }
  for (size_t at = s.find("FORMTEXT"); at != std::string::npos; at = s.find("FORMTEXT"))
    s.erase(at, 8);
  return s;
}

// Pages that hold a table of contents (目次 / 目录 or many leader-dot lines): their numbered
// lines repeat the headings of later pages and must not become chapters.
std::set<int> toc_pages(const RawDocument& raw) {
  std::map<int, int> paras, toc_lines;
  std::set<int> pages;
  for (const auto& b : raw.blocks) {
    if (b.kind != RawBlock::Kind::kParagraph) continue;
    paras[b.page]++;
    if (is_toc_line(b.text) || ends_with_page_number(b.text)) toc_lines[b.page]++;
    if (is_contents_title(b.text)) pages.insert(b.page);
  }
  for (auto [page, n] : toc_lines)
    if (n >= kTocPageMinLines && n >= kTocPageShare * paras[page]) pages.insert(page);
  // A contents page without leader dots (Word's right-aligned tab, a second-language
  // "Contents"): most of its lines end in a page number.
  for (int page : contents_pages_by_repeats(raw, pages))
    pages.insert(page);
  return pages;
}

bool TocRun::inside(const std::string& text) {
  if (is_contents_title(text)) {
    active_ = true;
    return true;
  }
  if (!active_) return false;
  if (is_toc_line(text) || ends_with_page_number(text)) return true;
  active_ = false;
  return false;
}

}  // namespace regreader::parse
