#include "regreader/index/regulation_mentions.hpp"

#include <algorithm>
#include <unordered_map>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/synonyms.hpp"

namespace regreader::index {

namespace {

// Laws' official names begin with it; people leave it out (消防法).
constexpr const char* kPrc = "中华人民共和国";

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

// A standard number: prefix (GB, DL, NB, QX, JGJ, JB, TB, CJJ, Q/XXX), digits, year; a /T or /Z
// after the prefix and a part number (.1) are read and dropped. Groups: prefix, digits, year.
const Regex& standard_number_pattern() {
  static const Regex re(
      "(?i)(GB|DL|NB|QX|JGJ|JB|TB|CJJ|Q\\s*/\\s*[A-Z]{2,4})(?:\\s*[/_]\\s*[TZ])?\\s*(\\d{3,6})"
      "(?:\\.\\d+)?(?:\\s*[-—–－]\\s*(\\d{4}))?");
  return re;
}

// The names a regulation goes by: its title, the title's parts (split at spaces, brackets
// removed), without 中华人民共和国 and without the standard number, and its id's name part.
std::vector<std::string> title_forms(const model::RegulationInfo& r) {
  static const Regex brackets("[（(〔\\[][^）)〕\\]]*[）)〕\\]]");
  std::vector<std::string> forms;
  auto add = [&](std::string f) {
    RE2::GlobalReplace(&f, brackets, "");
    RE2::GlobalReplace(&f, standard_number_pattern(), "");
    f = normalize(f);
    if (text::starts_with(f, kPrc)) f = f.substr(std::string(kPrc).size());
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

// Every whole match of `re` in `q`, whatever groups it has.
std::vector<std::string> found_all(const std::string& q, const Regex& re) {
  std::vector<std::string> found;
  re2::StringPiece m;
  for (size_t at = 0; at < q.size() && re.Match(q, at, q.size(), RE2::UNANCHORED, &m, 1);) {
    found.emplace_back(m.data(), m.size());
    at = static_cast<size_t>(m.data() - q.data()) + std::max<size_t>(m.size(), 1);
  }
  return found;
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
  read_tab_pairs(file, "alias<TAB>title words or regulation id", table);
  return table;
}

std::string standard_number(const std::string& s, std::string* year) {
  std::string prefix, digits, y;
  if (!RE2::PartialMatch(text::fold_width(s), standard_number_pattern(), &prefix, &digits, &y))
    return "";
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

RegulationNames::RegulationNames(const std::vector<model::RegulationInfo>& regs,
                                 const AliasTable& aliases) {
  std::unordered_map<std::string, size_t> bare_at;
  auto add_bare = [&](const std::string& name, const std::string& id) {
    auto [it, fresh] = bare_at.emplace(name, bare_.size());
    if (fresh) bare_.push_back({name, {}});
    auto& ids = bare_[it->second].second;
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  };
  for (const auto& r : regs) {
    Entry e{r.reg_id, title_forms(r), {}, normalize(r.title) + "\n" + normalize(r.reg_id)};
    for (const auto& n : regulation_numbers(r)) {
      const auto bar = n.find('|');
      e.numbers.emplace_back(n.substr(0, bar), n.substr(bar + 1));
    }
    for (const auto& f : e.forms)
      if (text::length(f) >= kMinBareTitle || law_like(f)) add_bare(f, r.reg_id);
    regs_.push_back(std::move(e));
  }
  for (const auto& [alias, target] : aliases)
    for (const auto& e : regs_) {
      bool all = true;
      std::string word;
      for (char c : target + " ") {
        if (c != ' ') {
          word.push_back(c);
          continue;
        }
        if (!word.empty() && e.haystack.find(normalize(word)) == std::string::npos) all = false;
        word.clear();
      }
      if (all) add_bare(alias, e.id);
    }
  std::stable_sort(bare_.begin(), bare_.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
}

// 《X》: the regulations one of whose names is X; failing that, whose name X contains or which
// contain X.
std::vector<std::string> RegulationNames::book_title(const std::string& name) const {
  std::string n = normalize(name);
  if (text::starts_with(n, kPrc)) n = n.substr(std::string(kPrc).size());
  std::vector<std::string> equal, near;
  for (const auto& e : regs_)
    for (const auto& f : e.forms) {
      if (f == n) {
        equal.push_back(e.id);
        break;
      }
      if (n.find(f) != std::string::npos ||
          (text::length(n) >= 4 && f.find(n) != std::string::npos)) {
        near.push_back(e.id);
        break;
      }
    }
  return equal.empty() ? near : equal;
}

std::vector<std::string> RegulationNames::numbered(const std::string& written) const {
  std::string year;
  const std::string n = standard_number(written, &year);
  std::vector<std::string> ids;
  for (const auto& e : regs_)
    for (const auto& [number, have_year] : e.numbers)
      if (number == n && (year.empty() || have_year.empty() || year == have_year)) {
        ids.push_back(e.id);
        break;
      }
  return ids;
}

QueryMentions RegulationNames::find(const std::string& query) const {
  static const Regex book("《[^《》]{1,80}》");
  QueryMentions out;
  std::string q = text::fold_width(query);
  for (const auto& w : found_all(q, book)) {
    const size_t mark = std::string("《").size();
    auto ids = book_title(w.substr(mark, w.size() - 2 * mark));
    if (!ids.empty()) cut(q, w);
    add_mention(out, w, std::move(ids));
  }
  for (const auto& w : found_all(q, standard_number_pattern())) {
    auto ids = numbered(w);
    if (!ids.empty()) cut(q, w);
    add_mention(out, w, std::move(ids));
  }
  for (const auto& [name, ids] : bare_)
    if (cut(q, name)) add_mention(out, name, ids);
  // The framing around a cut mention: 根据…规定，/ 按照…的要求 / …中
  static const Regex framing(
      "(?:根据|按照|依据|依照|依|按)?\x01+(?:的)?(?:有关|相关)?(?:规定|要求|条文|条款)?"
      "(?:中|里|内|上)?[，,：:]?");
  RE2::GlobalReplace(&q, framing, " ");
  out.rest = text::collapse_spaces(q);
  return out;
}

QueryMentions find_mentions(const std::string& query,
                            const std::vector<model::RegulationInfo>& regs,
                            const AliasTable& aliases) {
  return RegulationNames(regs, aliases).find(query);
}

}  // namespace regreader::index
