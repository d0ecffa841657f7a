#include "regreader/index/regulation_mentions.hpp"

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/synonyms.hpp"
#include "regreader/parse/structure/document_title.hpp"

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

// A short name ends in the word for the kind of document it names (规程, 规范, 条例, 法 …; 安规
// is 安全…规程 shortened) after at least this many characters of the title ...
constexpr size_t kMinShortPrefix = 2;
// ... and at most this many (a longer run of characters is a sentence, not a name) ...
constexpr size_t kMaxShortPrefix = 8;
// ... or up to this many when one title holds every character of the name in its order: a long
// title shortened by leaving words out (陕西非电量保护运行管理规定 for 陕西电网主设备非电气量保护
// 运行管理规定) ...
constexpr size_t kMaxOrderedPrefix = 14;
// ... and names no more regulations than this (技术规范 would name every 技术规范).
constexpr size_t kMaxShortNamed = 3;

struct Kind {
  std::u32string written;                ///< how a short name ends: 规程, 安规
  std::vector<std::u32string> in_title;  ///< what the title must hold for it: 规程; 安全 and 规程
  bool technical = false;  ///< a standard's kind, which people mix up (防雷标准 for …规范)
};

const std::vector<Kind>& kinds() {
  static const std::vector<Kind> k = [] {
    std::vector<Kind> out;
    for (const auto& kind : parse::document_kinds())
      out.push_back(
          {text::to_u32string(kind.word), {text::to_u32string(kind.word)}, kind.standard});
    // The field's own shortenings: 安全工作规程, 调度规程, 运行规程, 反事故措施.
    out.push_back({U"安规", {U"安全", U"规程"}, false});
    out.push_back({U"调规", {U"调度", U"规程"}, false});
    out.push_back({U"运规", {U"运行", U"规程"}, false});
    out.push_back({U"反措", {U"反事故措施"}, false});
    return out;
  }();
  return k;
}

// Words that qualify any document of a kind (技术规范, 设计规范, 本规程, 有关规定): a short
// name made only of them names none in particular.
bool generic_prefix(const std::u32string& prefix) {
  static const std::vector<std::u32string> words = {
      U"技术", U"设计", U"管理", U"运行", U"工作", U"施工", U"验收", U"通用", U"国家",
      U"行业", U"相关", U"有关", U"现行", U"上述", U"下列", U"以下", U"这个", U"那个",
      U"其他", U"各项", U"本",   U"该",   U"此",   U"各",   U"新",   U"旧"};
  size_t at = 0;
  while (at < prefix.size()) {
    auto w = std::find_if(words.begin(), words.end(), [&](const std::u32string& x) {
      return prefix.compare(at, x.size(), x) == 0;
    });
    if (w == words.end()) return false;
    at += w->size();
  }
  return true;
}

// The characters of the title a short name is made of: without 中华人民共和国, the standard
// number, spaces and punctuation; what brackets hold stays (电力安全工作规程（电力线路部分）).
std::u32string name_characters(const std::string& title) {
  std::string t = text::fold_width(title);
  RE2::GlobalReplace(&t, standard_number_pattern(), "");
  std::u32string out;
  for (char32_t c : text::to_codepoints(t))
    if (text::is_han(c)) out.push_back(c);
  static const std::u32string prc = text::to_u32string(kPrc);
  if (out.compare(0, prc.size(), prc) == 0) out.erase(0, prc.size());
  return out;
}

// A standard's title (a kind of standard in it); 通用技术要求 names a standard too, though 要求 in
// a question is a word.
bool standard_title(const std::u32string& name) {
  return name.find(U"要求") != std::u32string::npos ||
         std::any_of(kinds().begin(), kinds().end(), [&](const Kind& k) {
           return k.technical && name.find(k.written) != std::u32string::npos;
         });
}

// How many characters of `span` the name holds in the span's order (the longest common
// subsequence), and whether the name begins with the span's first character.
std::pair<size_t, bool> in_order(const std::u32string& span, const std::u32string& name) {
  std::vector<size_t> row(name.size() + 1, 0), next(name.size() + 1, 0);
  for (char32_t c : span) {
    for (size_t j = 0; j < name.size(); ++j)
      next[j + 1] = c == name[j] ? row[j] + 1 : std::max(next[j], row[j + 1]);
    std::swap(row, next);
  }
  return {row.back(), !name.empty() && !span.empty() && name.front() == span.front()};
}

}  // namespace

const AliasTable& builtin_aliases() {
  static const AliasTable table = {
      {"安规", "安全工作规程"},
      {"线路安规", "安全工作规程 线路"},
      {"变电安规", "安全工作规程 变电"},
      {"调度规程", "调度"},
      {"稳定导则", "安全稳定导则"},
      {"操作导则", "电气操作导则"},
      {"反措", "反事故措施"},
      {"民规", "民用建筑电气设计规范"},
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

bool names_its_kind(const std::string& title) {
  const std::u32string name = name_characters(title);
  return law_like(title) || std::any_of(kinds().begin(), kinds().end(), [&](const Kind& k) {
           return name.find(k.written) != std::u32string::npos;
         });
}

std::string scope_name(const std::string& text) {
  static const Regex applies(
      "本(规范|标准|规程|导则|规定|办法|细则)适用于([^，。；,;：:\\n]{4,40})");
  std::string kind, subject;
  if (!RE2::PartialMatch(text, applies, &kind, &subject)) return "";
  return subject + kind;
}

RegulationNames::RegulationNames(const std::vector<model::RegulationInfo>& regs,
                                 const AliasTable& aliases,
                                 const std::map<std::string, std::string>& own_names) {
  std::unordered_map<std::string, size_t> bare_at;
  auto add_bare = [&](const std::string& name, const std::string& id) {
    auto [it, fresh] = bare_at.emplace(name, bare_.size());
    if (fresh) bare_.push_back({name, {}});
    auto& ids = bare_[it->second].second;
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  };
  for (const auto& r : regs) {
    Entry e{r.reg_id,
            title_forms(r),
            {},
            normalize(r.title) + "\n" + normalize(r.reg_id),
            name_characters(r.title)};
    if (auto own = own_names.find(r.reg_id); own != own_names.end())
      e.name += name_characters(own->second);
    e.standard = standard_title(e.name);
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

// The regulations a short name (线路安规, 防雷规范) stands for: every character of it is in the
// title, which is of its kind; of several, those holding most of it in its order, and of those
// the ones whose name begins as it does (安全法: 安全生产法 over 特种设备安全法). Empty when it
// names none, or too many to say.
std::vector<std::string> RegulationNames::shortened(const std::u32string& span) const {
  const Kind* kind = nullptr;
  for (const auto& k : kinds())
    if (span.size() >= k.written.size() &&
        span.compare(span.size() - k.written.size(), k.written.size(), k.written) == 0 &&
        (!kind || k.written.size() > kind->written.size()))
      kind = &k;
  if (!kind) return {};
  const std::u32string prefix = span.substr(0, span.size() - kind->written.size());
  if (prefix.size() < kMinShortPrefix || generic_prefix(prefix)) return {};
  std::vector<std::tuple<size_t, bool, const Entry*>> named;
  for (const auto& e : regs_) {
    const bool of_kind = std::all_of(kind->in_title.begin(), kind->in_title.end(), [&](auto& w) {
      return e.name.find(w) != std::u32string::npos;
    });
    const bool holds = std::all_of(prefix.begin(), prefix.end(), [&](char32_t c) {
      return e.name.find(c) != std::u32string::npos;
    });
    if (!of_kind || !holds) continue;
    const auto [ordered, begins] = in_order(span, e.name);
    named.emplace_back(ordered, begins, &e);
  }
  if (named.empty()) return kind->technical ? mixed_kind(prefix) : std::vector<std::string>{};
  const auto best = *std::max_element(named.begin(), named.end(), [](auto& a, auto& b) {
    return std::tie(std::get<0>(a), std::get<1>(a)) < std::tie(std::get<0>(b), std::get<1>(b));
  });
  if (prefix.size() > kMaxShortPrefix && std::get<0>(best) < span.size()) return {};
  std::vector<std::string> ids;
  for (const auto& [ordered, begins, e] : named)
    if (ordered == std::get<0>(best) && begins == std::get<1>(best)) ids.push_back(e->id);
  if (ids.size() > kMaxShortNamed) return {};
  return ids;
}

// A standard named with another kind's word (防雷标准 for 建筑物防雷设计规范): the one title of
// a standard's kind holding every other character of the name in its order; none when several do.
std::vector<std::string> RegulationNames::mixed_kind(const std::u32string& prefix) const {
  std::vector<std::string> ids;
  for (const auto& e : regs_)
    if (e.standard && in_order(prefix, e.name).first == prefix.size()) ids.push_back(e.id);
  if (ids.size() != 1) ids.clear();
  return ids;
}

// Short names in what is left of the query: at each place a kind's word ends, the longest run of
// Chinese characters before it that names regulations.
void RegulationNames::find_short_names(std::string& q, QueryMentions& out) const {
  const auto chars = text::to_codepoints(q);
  const std::u32string cps(chars.begin(), chars.end());
  for (size_t end = 1; end <= cps.size(); ++end) {
    if (!text::is_han(cps[end - 1])) continue;
    size_t first = end;
    while (first > 0 && text::is_han(cps[first - 1]) && end - first < kMaxOrderedPrefix + 2)
      --first;
    for (size_t start = first; start + kMinShortPrefix + 1 <= end; ++start) {
      const std::u32string span = cps.substr(start, end - start);
      auto ids = shortened(span);
      if (ids.empty()) continue;
      const std::string written = text::from_codepoints({span.begin(), span.end()});
      // A whole title or an alias is the bare names' to read (电力安全工作规程 is no short name of
      // its own tail 力安全工作规程).
      if (std::any_of(bare_.begin(), bare_.end(),
                      [&](const auto& b) { return b.first == written; }))
        break;
      if (cut(q, written)) add_mention(out, written, std::move(ids));
      find_short_names(q, out);  // the rest of the query, as it now reads
      return;
    }
  }
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
  // Short names first: 铁路安规 is one name, not the alias 安规 after the word 铁路.
  find_short_names(q, out);
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
