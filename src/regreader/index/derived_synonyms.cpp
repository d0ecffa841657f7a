#include "regreader/index/derived_synonyms.hpp"

#include <algorithm>
#include <fstream>
#include <map>

#include "regreader/core/error.hpp"
#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/core/words.hpp"

namespace regreader::index {

namespace fs = std::filesystem;

namespace {

// A name is 2-12 characters of Han, letters and digits.
constexpr size_t kMinName = 2;
constexpr size_t kMaxName = 12;
// A name found before "（俗称…）" is taken to be this many characters at least (its last
// dictionary words: 隔离开关, 操作监护人).
constexpr size_t kNameLength = 4;
// Cells of a flattened table are short lines; a longer block ends it.
constexpr size_t kMaxCell = 24;

// Words that end the phrase before a "（简称…）": the name is what follows the last of them
// ("应先拉开隔离开关（俗称刀闸）" names 隔离开关, not the whole clause).
const std::u32string& phrase_breaks() {
  static const std::u32string breaks = U"的在对将把应由用按从向及或和与了是为被给让使经先后时";
  return breaks;
}

// The name a phrase ends in: after its last function word, then its last dictionary words up
// to a name's usual length ("操作时应先拉开隔离开关" -> 隔离开关; 拉开 is the verb before it).
// `short_form`: the short name given for it (简称): the full name starts where the short one
// does ("燃煤火力发电厂（以下简称燃煤电厂）" -> 燃煤火力发电厂).
std::string last_name(std::string phrase, const std::string& short_form) {
  static const Regex framing("^(?:根据|按照|依照|依据|对于|关于|其中|包括|以及)+");
  RE2::Replace(&phrase, framing, "");
  auto cps = text::to_codepoints(phrase);
  size_t from = 0;
  for (size_t i = 0; i < cps.size(); ++i)
    if (phrase_breaks().find(cps[i]) != std::u32string::npos) from = i + 1;
  cps.erase(cps.begin(), cps.begin() + static_cast<std::ptrdiff_t>(from));
  const std::string rest = text::from_codepoints(cps);
  const auto first = text::to_codepoints(short_form);
  if (!first.empty()) {
    const auto at = std::find(cps.begin(), cps.end(), first.front());
    if (at != cps.end()) return text::from_codepoints({at, cps.end()});
  }
  const auto words = text::split_words(rest);
  std::string name;
  for (auto w = words.rbegin(); w != words.rend() && text::length(name) < kNameLength; ++w)
    name = *w + name;
  return name.empty() ? rest : name;
}

bool name_like(const std::string& s) {
  const auto cps = text::to_codepoints(s);
  return cps.size() >= kMinName && cps.size() <= kMaxName &&
         std::any_of(cps.begin(), cps.end(), [](char32_t c) { return text::is_han(c); });
}

// Alternative names: Y is another word for X. 简称 names the short form a regulation then uses:
// either may be typed, so it goes both ways.
bool both_ways(const std::string& how) {
  return how == "简称" || how == "terms";
}

struct Collector {
  std::string reg_id;
  std::vector<DerivedSynonym> out;
  void add(const std::string& word_in, const std::string& standard_in, int page,
           const std::string& how) {
    const std::string word = text::trim(word_in), standard = text::trim(standard_in);
    if (word == standard || !name_like(word) || !name_like(standard)) return;
    auto put = [&](const std::string& w, const std::string& r) {
      DerivedSynonym s{w, r, reg_id, page, how};
      if (std::none_of(out.begin(), out.end(),
                       [&](const DerivedSynonym& o) { return o.word == w && o.replacement == r; }))
        out.push_back(std::move(s));
    };
    put(word, standard);
    if (both_ways(how)) put(standard, word);
  }
};

// "X（以下简称Y）", "X(俗称“Y”)", "X，又称Y", "X也称为Y".
void named_in_text(const std::string& text, int page, Collector& c) {
  static const Regex bracketed(
      "([\\p{Han}A-Za-z0-9]{2,24})\\s*[（(]\\s*(?:以下)?(简称|俗称|又称|也称|亦称|通称|别称)["
      "为是：:]?"
      "\\s*[“\"「『]?([\\p{Han}A-Za-z0-9]{2,12})[”\"」』]?\\s*[）)]");
  static const Regex plain(
      "([\\p{Han}A-Za-z0-9]{2,24})[，,]?\\s*(俗称|又称|也称|亦称|通称|别称)[为是：:]?\\s*[“\"「『]?"
      "([\\p{Han}A-Za-z0-9]{2,12})");
  // Every way of naming ends in 称: a block without it names nothing (most blocks; the patterns
  // cost 6 ms over a regulation of 500 blocks).
  if (text.find("称") == std::string::npos) return;
  for (const Regex* re : {&bracketed, &plain}) {
    re2::StringPiece in(text);
    std::string x, how, y;
    while (RE2::FindAndConsume(&in, *re, &x, &how, &y))
      c.add(y, last_name(x, how == "简称" ? y : ""), page, how);
  }
}

bool shares_a_character(const std::string& a, const std::string& b) {
  const auto x = text::to_codepoints(a), y = text::to_codepoints(b);
  return std::any_of(x.begin(), x.end(),
                     [&](char32_t c) { return std::find(y.begin(), y.end(), c) != y.end(); });
}

// A term's entry written with an optional part or a second name: "低[电]压" (低压, 低电压),
// "发电厂[站]" (发电厂, 发电站), "模拟预演（模拟操作）".
void term_forms(const std::string& title, int page, Collector& c) {
  static const Regex optional("^([\\p{Han}]*)\\[([\\p{Han}]{1,3})\\]([\\p{Han}]*)$");
  static const Regex second("^([\\p{Han}]{2,12})[（(]([\\p{Han}]{2,12})[）)]$");
  std::string a, b, rest;
  if (RE2::FullMatch(title, optional, &a, &b, &rest)) {
    if (!rest.empty()) {
      c.add(a + rest, a + b + rest, page, "terms");
    } else if (!a.empty()) {
      auto cps = text::to_codepoints(a);
      cps.pop_back();
      c.add(a, text::from_codepoints(cps) + b, page, "terms");
    }
  } else if (RE2::FullMatch(title, second, &a, &b) && shares_a_character(a, b) &&
             !text::ends_with(b, "的")) {
    // 模拟预演（模拟操作）; not 重要负荷（用户） or 变电站(电力系统的), qualifiers
    c.add(b, a, page, "terms");
  }
}

bool colloquial_header(const std::string& s) {
  static const Regex re("^(?:俗称|简称|别称|通称|俗名|习惯叫法|常用叫法)$");
  return RE2::FullMatch(text::strip_spaces(s), re);
}

bool standard_header(const std::string& s) {
  static const Regex re("^(?:设备|设备名称|名称|术语|全称|标准名称|规范名称|标准术语|设备或设施)$");
  return RE2::FullMatch(text::strip_spaces(s), re);
}

// One row of a table of colloquial names; a cell may list several ("刀闸、闸刀").
void table_row(const std::vector<std::string>& row, size_t name_col, size_t slang_col, int page,
               Collector& c) {
  if (name_col >= row.size() || slang_col >= row.size()) return;
  static const Regex list_sep("[、，,；;/／]");
  std::string names = row[slang_col];
  RE2::GlobalReplace(&names, list_sep, "\n");
  std::string one;
  for (char ch : names + "\n") {
    if (ch != '\n') {
      one.push_back(ch);
      continue;
    }
    c.add(one, row[name_col], page, "table");
    one.clear();
  }
}

bool row_number(const std::string& s) {
  static const Regex re("^[0-9]{1,3}[.、]?$");
  return RE2::FullMatch(text::strip_spaces(s), re);
}

// A table of colloquial names exported one cell per line: a header (序号 | 设备 | 俗称 | 备注),
// then rows each opened by its number. Empty cells (备注) leave no line, so a row's cells are
// read in the header's order until the next number.
void flattened_table(const std::vector<std::pair<std::string, int>>& lines, Collector& c) {
  size_t i = 0;
  std::vector<std::string> header;
  for (; i < lines.size() && !row_number(lines[i].first); ++i)
    header.push_back(text::strip_spaces(lines[i].first));
  size_t name_col = header.size(), slang_col = header.size();
  for (size_t k = 0; k < header.size(); ++k) {
    if (standard_header(header[k]) && name_col == header.size()) name_col = k;
    if (colloquial_header(header[k])) slang_col = k;
  }
  if (name_col == header.size() || slang_col == header.size()) return;
  const bool numbered = !header.empty() && header[0] == "序号";
  while (i < lines.size()) {
    std::vector<std::string> row;
    const int page = lines[i].second;
    if (numbered) row.push_back(lines[i++].first);
    while (i < lines.size() && !row_number(lines[i].first))
      row.push_back(lines[i++].first);
    table_row(row, name_col, slang_col, page, c);
    if (!numbered) break;
  }
}

void tables(const std::vector<model::TableEntry>& entries, Collector& c) {
  for (const auto& t : entries) {
    const auto& m = t.merged;
    if (m.row_count < 2) continue;
    const auto head = m.row_texts(0);
    size_t name_col = head.size(), slang_col = head.size();
    for (size_t k = 0; k < head.size(); ++k) {
      if (standard_header(head[k]) && name_col == head.size()) name_col = k;
      if (colloquial_header(head[k])) slang_col = k;
    }
    if (name_col == head.size() || slang_col == head.size()) continue;
    for (int r = 1; r < m.row_count; ++r)
      table_row(m.row_texts(r), name_col, slang_col, t.page_start, c);
  }
}

bool in_terms_chapter(const std::vector<std::string>& path) {
  return std::any_of(path.begin(), path.end(),
                     [](const std::string& t) { return t.find("术语") != std::string::npos; });
}

bool names_chapter(const std::string& title) {
  static const Regex re("俗称|简称|别称|通称");
  return RE2::PartialMatch(title, re);
}

}  // namespace

std::vector<DerivedSynonym> derive_synonyms(const model::ParsedDocument& doc) {
  Collector c{doc.info.reg_id, {}};
  if (doc.pages.empty()) return c.out;
  for (const auto& n : doc.structure.nodes()) {
    if (n.parent_id.empty()) continue;
    std::vector<std::string> path;
    for (const auto* p = doc.structure.find(n.parent_id); p; p = doc.structure.find(p->parent_id))
      path.push_back(p->title);
    if (in_terms_chapter(path)) term_forms(text::trim(n.title), n.page_start, c);
  }
  std::map<std::string, std::vector<std::pair<std::string, int>>> named_chapters;
  for (const auto& page : doc.pages)
    for (const auto& b : page.content_blocks) {
      named_in_text(b.content_markdown, page.page_num, c);
      const std::string inner = b.chapter_path.empty() ? "" : b.chapter_path.back();
      if (names_chapter(inner) && text::length(text::trim(b.content_markdown)) <= kMaxCell &&
          b.block_type != model::BlockType::kHeading)
        named_chapters[inner].emplace_back(text::trim(b.content_markdown), page.page_num);
    }
  for (const auto& [title, lines] : named_chapters)
    flattened_table(lines, c);
  tables(doc.tables, c);
  return c.out;
}

std::vector<DerivedSynonym> derive_synonyms(const store::DocumentStore& store,
                                            const std::string& reg_id) {
  if (store.require(reg_id).total_pages <= 0) return {};
  return derive_synonyms(store.load(reg_id));
}

SynonymTable as_table(const std::vector<DerivedSynonym>& pairs) {
  SynonymTable t;
  for (const auto& p : pairs)
    t.emplace_back(p.word, p.replacement);
  return t;
}

namespace {

using Sections = std::map<std::string, std::pair<std::string, std::vector<DerivedSynonym>>>;

// The cache's first line; the version moves with the rules that derive the words.
constexpr const char* kCacheHeader =
    "# regreader vocabulary 2: words the stored regulations define (regreader synonyms)";

// "@reg_id<TAB>indexed_at" opens a regulation's section; "word<TAB>replacement<TAB>page<TAB>how"
// lines follow. An unreadable cache is no cache: everything is derived again.
Sections read_cache(const fs::path& file) {
  Sections out;
  std::ifstream in(file);
  std::string line, reg;
  // A cache written by other rules is derived again.
  if (!std::getline(in, line) || line != kCacheHeader) return out;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    size_t from = 0;
    for (size_t tab; (tab = line.find('\t', from)) != std::string::npos; from = tab + 1)
      f.push_back(line.substr(from, tab - from));
    f.push_back(line.substr(from));
    if (line[0] == '@' && f.size() == 2) {
      reg = f[0].substr(1);
      out[reg].first = f[1];
    } else if (f.size() == 4 && !reg.empty()) {
      out[reg].second.push_back({f[0], f[1], reg, std::atoi(f[2].c_str()), f[3]});
    } else {
      return {};
    }
  }
  return out;
}

void write_cache(const fs::path& file, const Sections& sections) {
  const fs::path tmp = file.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << kCacheHeader << "\n";
    for (const auto& [reg, section] : sections) {
      out << "@" << reg << "\t" << section.first << "\n";
      for (const auto& s : section.second)
        out << s.word << "\t" << s.replacement << "\t" << s.page << "\t" << s.how << "\n";
    }
    if (!out) return;  // a cache that cannot be written is derived again next time
  }
  std::error_code ec;
  fs::rename(tmp, file, ec);
  if (ec) fs::remove(tmp, ec);
}

}  // namespace

std::vector<DerivedSynonym> library_synonyms(const store::DocumentStore& store,
                                             const fs::path& cache, bool write,
                                             const std::map<std::string, DerivedSection>& derived) {
  Sections cached = read_cache(cache);
  Sections now;
  bool changed = false;
  for (const auto& r : store.list()) {
    auto at = cached.find(r.reg_id);
    if (at != cached.end() && at->second.first == r.indexed_at) {
      now[r.reg_id] = std::move(at->second);
      continue;
    }
    auto fresh = derived.find(r.reg_id);
    now[r.reg_id] = fresh != derived.end() && fresh->second.indexed_at == r.indexed_at
                        ? std::make_pair(r.indexed_at, fresh->second.pairs)
                        : std::make_pair(r.indexed_at, derive_synonyms(store, r.reg_id));
    changed = true;
  }
  changed = changed || now.size() != cached.size();
  if (changed && write && fs::exists(cache.parent_path())) write_cache(cache, now);
  std::vector<DerivedSynonym> out;
  for (auto& [reg, section] : now)
    for (auto& s : section.second)
      out.push_back(std::move(s));
  return out;
}

}  // namespace regreader::index
