#include "regreader/index/regulation_mentions.hpp"

#include <algorithm>
#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"

namespace regreader::index {

namespace {

// Marks where a mention was cut out of the query, so the framing around it can go too.
constexpr char kCut = '\x01';

// Bare titles (no 《》) shorter than this are not taken as a mention unless they end like a law
// (法, 条例): "技术规范" or "验收规范" in a question are words, "消防法" is a law.
constexpr size_t kMinBareTitle = 6;
// A title form contained in a 《》 name counts from this many characters ("《中华人民共和国消防
// 法》" holds 消防法); shorter forms are too generic to name a document.
constexpr size_t kMinTitleForm = 3;

std::string normalize(const std::string& s) {
  static const Regex drop("[\\s_·.\\-—–－]+");
  std::string out = text::fold_width(s);
  RE2::GlobalReplace(&out, drop, "");
  return out;
}

// The names a regulation goes by: its title, the title's parts (split at spaces, brackets
// removed), without 中华人民共和国 and without the standard number, and its id's name part.
std::vector<std::string> title_forms(const model::RegulationInfo& r) {
  static const Regex brackets("[（(〔\\[][^）)〕\\]]*[）)〕\\]]");
  static const Regex number(
      "(?i)(?:GB|DL|NB|QX|JGJ|JB|TB|CJJ|Q\\s*/\\s*[A-Z]{2,4})(?:\\s*[/_]\\s*[TZ])?\\s*\\d{3,6}"
      "(?:\\.\\d+)?(?:\\s*[-—–－]\\s*\\d{4})?");
  std::vector<std::string> forms;
  auto add = [&](std::string f) {
    RE2::GlobalReplace(&f, brackets, "");
    RE2::GlobalReplace(&f, number, "");
    f = normalize(f);
    if (text::starts_with(f, "中华人民共和国")) f = f.substr(std::string("中华人民共和国").size());
    if (text::length(f) >= kMinTitleForm && std::find(forms.begin(), forms.end(), f) == forms.end())
      forms.push_back(f);
  };
  const std::string title = text::fold_width(r.title);
  add(title);
  std::string part;
  for (char c : title + " ") {
    if (c == ' ') {
      add(part);
      part.clear();
    } else {
      part.push_back(c);
    }
  }
  add(r.reg_id);
  return forms;
}

std::vector<std::string> regulation_numbers(const model::RegulationInfo& r) {
  std::vector<std::string> out;
  for (const auto& s :
       {r.reg_id, r.title, std::filesystem::path(r.source_file).filename().string()}) {
    std::string year;
    const std::string n = standard_number(s, &year);
    if (!n.empty()) out.push_back(n + "|" + year);
  }
  return out;
}

bool law_like(const std::string& form) {
  return text::ends_with(form, "法") || text::ends_with(form, "条例");
}

// Replaces the first occurrence of `what` in `s` by the cut mark; false when absent.
bool cut(std::string& s, const std::string& what) {
  const size_t at = s.find(what);
  if (at == std::string::npos) return false;
  s.replace(at, what.size(), std::string(1, kCut));
  return true;
}

void add_mention(QueryMentions& out, std::string text, std::vector<std::string> ids) {
  for (auto& m : out.mentions)
    if (m.text == text) return;
  out.mentions.push_back({std::move(text), std::move(ids)});
}

// 《X》: the regulations one of whose names is X; failing that, whose name X contains or which
// contain X.
std::vector<std::string> match_book_title(const std::string& name,
                                          const std::vector<model::RegulationInfo>& regs) {
  std::string n = normalize(name);
  if (text::starts_with(n, "中华人民共和国")) n = n.substr(std::string("中华人民共和国").size());
  std::vector<std::string> equal, near;
  for (const auto& r : regs)
    for (const auto& f : title_forms(r)) {
      if (f == n) {
        equal.push_back(r.reg_id);
        break;
      }
      if (n.find(f) != std::string::npos ||
          (text::length(n) >= 4 && f.find(n) != std::string::npos)) {
        near.push_back(r.reg_id);
        break;
      }
    }
  return equal.empty() ? near : equal;
}

void find_book_titles(std::string& q, const std::vector<model::RegulationInfo>& regs,
                      QueryMentions& out) {
  static const Regex book("(《[^《》]{1,80}》)");
  re2::StringPiece in(q);
  std::string whole;
  std::vector<std::string> found;
  while (RE2::FindAndConsume(&in, book, &whole))
    found.push_back(whole);
  for (const auto& w : found) {
    const std::string name =
        w.substr(std::string("《").size(), w.size() - 2 * std::string("《").size());
    auto ids = match_book_title(name, regs);
    if (!ids.empty()) cut(q, w);
    add_mention(out, w, std::move(ids));
  }
}

void find_numbers(std::string& q, const std::vector<model::RegulationInfo>& regs,
                  QueryMentions& out) {
  static const Regex number(
      "((?i)(?:GB|DL|NB|QX|JGJ|JB|TB|CJJ|Q\\s*/\\s*[A-Z]{2,4})(?:\\s*[/_]\\s*[TZ])?\\s*\\d{3,6}"
      "(?:\\.\\d+)?(?:\\s*[-—–－]\\s*\\d{4})?)");
  re2::StringPiece in(q);
  std::string whole;
  std::vector<std::string> found;
  while (RE2::FindAndConsume(&in, number, &whole))
    found.push_back(whole);
  for (const auto& w : found) {
    std::string year;
    const std::string n = standard_number(w, &year);
    std::vector<std::string> ids;
    for (const auto& r : regs)
      for (const auto& have : regulation_numbers(r)) {
        const auto bar = have.find('|');
        const std::string have_year = have.substr(bar + 1);
        if (have.substr(0, bar) == n && (year.empty() || have_year.empty() || year == have_year)) {
          ids.push_back(r.reg_id);
          break;
        }
      }
    if (!ids.empty()) cut(q, w);
    add_mention(out, w, std::move(ids));
  }
}

// Bare titles and aliases: only names of stored regulations are looked for, longest first.
void find_bare_names(std::string& q, const std::vector<model::RegulationInfo>& regs,
                     const AliasTable& aliases, QueryMentions& out) {
  struct Name {
    std::string text;
    std::vector<std::string> ids;
  };
  std::vector<Name> names;
  for (const auto& r : regs)
    for (const auto& f : title_forms(r)) {
      if (text::length(f) < kMinBareTitle && !law_like(f)) continue;
      auto it =
          std::find_if(names.begin(), names.end(), [&](const Name& n) { return n.text == f; });
      if (it == names.end())
        names.push_back({f, {r.reg_id}});
      else if (std::find(it->ids.begin(), it->ids.end(), r.reg_id) == it->ids.end())
        it->ids.push_back(r.reg_id);
    }
  for (const auto& [alias, target] : aliases) {
    std::vector<std::string> ids;
    for (const auto& r : regs) {
      const std::string hay = normalize(r.title) + "\n" + normalize(r.reg_id);
      bool all = true;
      std::string word;
      for (char c : target + " ") {
        if (c != ' ') {
          word.push_back(c);
          continue;
        }
        if (!word.empty() && hay.find(normalize(word)) == std::string::npos) all = false;
        word.clear();
      }
      if (all) ids.push_back(r.reg_id);
    }
    if (!ids.empty()) names.push_back({alias, std::move(ids)});
  }
  std::stable_sort(names.begin(), names.end(),
                   [](const Name& a, const Name& b) { return a.text.size() > b.text.size(); });
  for (const auto& n : names)
    if (cut(q, n.text)) add_mention(out, n.text, n.ids);
}

}  // namespace

const AliasTable& builtin_aliases() {
  static const AliasTable table = {
      {"安规", "安全工作规程"},          {"线路安规", "安全工作规程 线路"},
      {"变电安规", "安全工作规程 变电"}, {"调度规程", "调度"},
      {"稳定导则", "安全稳定导则"},      {"操作导则", "电气操作导则"},
  };
  return table;
}

AliasTable load_aliases(const std::filesystem::path& file) {
  AliasTable table = builtin_aliases();
  std::ifstream in(file);
  if (!in) return table;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const std::string t = text::trim(line);
    if (t.empty() || t[0] == '#') continue;
    const auto tab = t.find('\t');
    if (tab == std::string::npos || text::trim(t.substr(0, tab)).empty() ||
        text::trim(t.substr(tab + 1)).empty())
      throw Error(ErrorCode::kInvalidArgument,
                  file.string() + " line " + std::to_string(n) +
                      ": expected \"alias<TAB>title words or regulation id\"");
    table.emplace_back(text::trim(t.substr(0, tab)), text::trim(t.substr(tab + 1)));
  }
  return table;
}

std::string standard_number(const std::string& s, std::string* year) {
  static const Regex number(
      "(?i)(GB|DL|NB|QX|JGJ|JB|TB|CJJ|Q\\s*/\\s*[A-Z]{2,4})(?:\\s*[/_]\\s*[TZ])?\\s*(\\d{3,6})"
      "(?:\\.\\d+)?(?:\\s*[-—–－]\\s*(\\d{4}))?");
  std::string prefix, digits, y;
  if (!RE2::PartialMatch(text::fold_width(s), number, &prefix, &digits, &y)) return "";
  std::string out;
  for (char c : prefix)
    if (c != '/' && c != ' ')
      out.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  if (year) *year = y;
  return out + digits;
}

std::vector<std::string> QueryMentions::reg_ids() const {
  std::vector<std::string> out;
  for (const auto& m : mentions)
    for (const auto& id : m.reg_ids)
      if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  return out;
}

std::string QueryMentions::describe() const {
  std::string out;
  for (const auto& m : mentions) {
    if (m.reg_ids.empty()) continue;
    out += (out.empty() ? "" : "; ") + m.text + " -> ";
    for (size_t i = 0; i < m.reg_ids.size(); ++i)
      out += (i ? ", " : "") + m.reg_ids[i];
  }
  return out;
}

QueryMentions find_mentions(const std::string& query,
                            const std::vector<model::RegulationInfo>& regs,
                            const AliasTable& aliases) {
  QueryMentions out;
  std::string q = text::fold_width(query);
  find_book_titles(q, regs, out);
  find_numbers(q, regs, out);
  find_bare_names(q, regs, aliases, out);
  // The framing around a cut mention: 根据…规定，/ 按照…的要求 / …中 / …第
  static const Regex framing(
      "(?:根据|按照|依据|依照|依|按)?\x01+(?:的)?(?:有关|相关)?(?:规定|要求|条文|条款)?"
      "(?:中|里|内|上)?[，,：:]?");
  RE2::GlobalReplace(&q, framing, " ");
  out.rest = text::collapse_spaces(q);
  return out;
}

}  // namespace regreader::index
