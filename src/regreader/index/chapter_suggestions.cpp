#include "regreader/index/chapter_suggestions.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

#include "regreader/core/keyed_cache.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/keyword/tokenizer.hpp"
#include "regreader/index/restated_chapters.hpp"

namespace regreader::index {

namespace {

// A clause's title cut short ("5.1.3 主厂房至少应有1个能通至…") is the start of a sentence, not a
// name of the chapter's topic: its shared words count half. `regreader eval` (keyword, the
// libraries of bench/*_regulations.tsv): the gold chapter suggested first for 93 of the worker
// set's 177 chapter golds instead of 79, among the five for 117 instead of 114; the development
// set's ranks are unchanged.
constexpr double kCutTitleWeight = 0.5;

// A pair with one character skipped counts this much of a pair: a worker's shortening (土松 for
// 土质松软, 预试 for 预防性试验) or a word the title shortens (挖杆坑 for 挖坑).
constexpr double kSkipWeight = 0.5;

struct Title {
  ChapterSuggestion chapter;
  int level = 0;
  bool leaf = false;        ///< no chapter below it
  uint32_t regulation = 0;  ///< its regulation's place in Titles::regulations
  std::set<std::string> tokens;
};

// The pairs of Chinese characters one character apart in `text`, in three-character runs.
std::set<std::string> skip_pairs(const std::string& text) {
  std::set<std::string> out;
  const auto cps = text::to_codepoints(text);
  for (size_t i = 0; i + 2 < cps.size(); ++i)
    if (text::is_han(cps[i]) && text::is_han(cps[i + 1]) && text::is_han(cps[i + 2]))
      out.insert(text::from_codepoints({cps[i], cps[i + 2]}));
  return out;
}

struct Titles {
  std::vector<Title> titles;
  std::unordered_map<std::string, uint32_t> regulations;  ///< each reg_id's number
  /// The titles holding each token (their index in `titles`): a question is scored against
  /// the titles it shares a pair with, not every title of the library.
  std::unordered_map<std::string, std::vector<size_t>> postings;
  /// The same for the titles' pairs one character apart.
  std::unordered_map<std::string, std::vector<size_t>> skip_postings;
  /// The leaf chapters by title (spaces taken out), three characters or more and no part of
  /// their regulation's title: what a question may name as its subject.
  std::unordered_map<std::string, std::vector<size_t>> subjects;
};

constexpr size_t kMinSubject = 3;

Titles read_titles(const store::DocumentStore& store,
                   const std::vector<model::RegulationInfo>& regs) {
  Titles out;
  for (const auto& r : regs) {
    const auto regulation = static_cast<uint32_t>(out.regulations.size());
    out.regulations.emplace(r.reg_id, regulation);
    const auto structure = store.structure(r.reg_id);
    const std::string regulation_title = text::strip_spaces(r.title);
    // A chapter an explanation of provisions restates is suggested as the standard's.
    const auto restated = restated_chapters(structure);
    for (size_t i = 0; i < structure.nodes().size(); ++i) {
      if (restated[i] >= 0) continue;
      const auto& n = structure.nodes()[i];
      Title t;
      t.chapter.reg_id = r.reg_id;
      t.chapter.section_number = n.section_number;
      t.chapter.title = n.display_title();
      t.chapter.page_start = n.page_start;
      t.chapter.page_end = n.page_end;
      if (!n.content_block_ids.empty()) t.chapter.block_id = n.content_block_ids.front();
      t.level = n.level;
      t.leaf = n.children_ids.empty();
      t.regulation = regulation;
      // A title spaced out as printed ("倒 闸 作 业", "总  则") is read as its words.
      const std::string words = text::clean_spaces(n.title);
      for (const auto& tok : tokenize(words, TokenizeMode::kQuery))
        t.tokens.insert(tok.text);
      if (t.tokens.empty()) continue;
      for (const auto& tok : t.tokens)
        out.postings[tok].push_back(out.titles.size());
      for (const auto& skip : skip_pairs(words))
        out.skip_postings[skip].push_back(out.titles.size());
      const std::string name = text::strip_spaces(text::without_emphasis(n.title));
      if (t.leaf && text::length(name) >= kMinSubject &&
          regulation_title.find(name) == std::string::npos)
        out.subjects[name].push_back(out.titles.size());
      out.titles.push_back(std::move(t));
    }
  }
  return out;
}

// Every title of the library, read again only when the store's version moved (a regulation was
// added, replaced, renamed or removed).
std::shared_ptr<const Titles> library_titles(const store::DocumentStore& store) {
  static KeyedCache<Titles> cache;
  return cache.get(store.version(), [&] { return read_titles(store, store.list()); });
}

}  // namespace

std::vector<ChapterSuggestion> suggest_chapters(const store::DocumentStore& store,
                                                const std::string& question,
                                                const std::vector<std::string>& reg_ids,
                                                const SynonymTable& synonyms, int limit) {
  std::set<std::string> wanted;
  for (const auto& t : tokenize(question, TokenizeMode::kQuery))
    wanted.insert(t.text);
  for (const auto& variant : expand_term(question, synonyms))
    for (const auto& t : tokenize(variant, TokenizeMode::kQuery))
      wanted.insert(t.text);
  const auto titles = library_titles(store);
  // The regulations searched, by number.
  std::vector<char> searched(titles->regulations.size(), reg_ids.empty());
  for (const auto& id : reg_ids)
    if (const auto at = titles->regulations.find(id); at != titles->regulations.end())
      searched[at->second] = 1;
  // A pair found in few titles says more (接地 over 工作); a title the question covers more of
  // ranks above one it only touches. Each title's pairs and their weight in arrays over the
  // titles (a common pair is in thousands of titles in a large library), reset after.
  const double n = static_cast<double>(titles->titles.size()) + 1;
  std::vector<std::pair<double, double>> shared(titles->titles.size());
  std::vector<size_t> touched;
  static const std::vector<size_t> kNone;
  auto holders = [](const auto& postings, const std::string& tok) -> const std::vector<size_t>& {
    const auto at = postings.find(tok);
    return at == postings.end() ? kNone : at->second;
  };
  // The titles in `found` (ascending, as postings are) are passed over.
  auto add = [&](const std::vector<size_t>& titles_with, double weight,
                 const std::vector<size_t>& found) {
    if (titles_with.empty()) return;
    const double idf = std::log(n / static_cast<double>(titles_with.size()));
    for (size_t i : titles_with) {
      if (!searched[titles->titles[i].regulation]) continue;
      if (std::binary_search(found.begin(), found.end(), i)) continue;
      auto& s = shared[i];
      if (s.first == 0) touched.push_back(i);
      s.first += weight;
      s.second += weight * idf;
    }
  };
  // A pair of the question one character apart in a title, or a title's pair one apart in the
  // question, counts less, and not where the pair itself was found.
  for (const auto& tok : wanted) {
    const auto& exact = holders(titles->postings, tok);
    add(exact, 1.0, kNone);
    add(holders(titles->skip_postings, tok), kSkipWeight, exact);
  }
  for (const auto& skip : skip_pairs(question))
    if (!wanted.count(skip)) add(holders(titles->postings, skip), kSkipWeight, kNone);
  std::vector<std::pair<const Title*, double>> scored;
  for (size_t i : touched) {
    const auto& s = shared[i];
    const Title& t = titles->titles[i];
    const double covered = std::min(1.0, s.first / static_cast<double>(t.tokens.size()));
    const bool cut = t.chapter.title.find("…") != std::string::npos;
    scored.emplace_back(&t, s.second * (0.5 + 0.5 * covered) * (cut ? kCutTitleWeight : 1.0));
  }
  // Only the first `limit` in order (thousands of titles share a common pair in a large
  // library); in the library's order among equals, whatever order the map gave them.
  // A title repeated at one page (a converter's artefact) is suggested once: a few more are
  // ordered than are listed.
  const auto first =
      scored.begin() + std::min<std::ptrdiff_t>(std::max(limit, 0) * 4, scored.size());
  std::partial_sort(scored.begin(), first, scored.end(), [](const auto& a, const auto& b) {
    if (a.second != b.second) return a.second > b.second;
    if (a.first->level != b.first->level) return a.first->level > b.first->level;
    return a.first < b.first;
  });
  std::vector<ChapterSuggestion> out;
  const size_t ordered = static_cast<size_t>(first - scored.begin());
  for (size_t i = 0; i < ordered && static_cast<int>(out.size()) < limit; ++i) {
    const ChapterSuggestion& c = scored[i].first->chapter;
    if (std::any_of(out.begin(), out.end(), [&](const ChapterSuggestion& o) {
          return o.reg_id == c.reg_id && o.title == c.title && o.page_start == c.page_start;
        }))
      continue;
    out.push_back(c);
    int shared = 0;
    for (const auto& tok : scored[i].first->tokens)
      shared += wanted.count(tok) ? 1 : 0;
    out.back().shared = shared;
    out.back().score = scored[i].second;
  }
  return out;
}

std::optional<ChapterSuggestion> chapter_asked_about(const store::DocumentStore& store,
                                                     const std::vector<std::string>& asked_about,
                                                     const std::vector<std::string>& reg_ids) {
  if (asked_about.empty()) return std::nullopt;
  const auto titles = library_titles(store);
  const auto searched = [&](const Title& t) {
    return reg_ids.empty() ||
           std::find(reg_ids.begin(), reg_ids.end(), t.chapter.reg_id) != reg_ids.end();
  };
  const Title* best = nullptr;
  size_t best_length = 0;
  for (const auto& before : asked_about) {
    const auto cps = text::to_codepoints(before);
    // Its endings, longest first: the first in scope is this run's subject.
    for (size_t start = 0; start + kMinSubject <= cps.size(); ++start) {
      const size_t length = cps.size() - start;
      if (length <= best_length) break;
      const auto at = titles->subjects.find(
          text::from_codepoints({cps.begin() + static_cast<std::ptrdiff_t>(start), cps.end()}));
      if (at == titles->subjects.end()) continue;
      const auto in_scope = std::find_if(at->second.begin(), at->second.end(),
                                         [&](size_t i) { return searched(titles->titles[i]); });
      if (in_scope == at->second.end()) continue;
      best = &titles->titles[*in_scope];
      best_length = length;
      break;
    }
  }
  if (!best) return std::nullopt;
  return best->chapter;
}

}  // namespace regreader::index
