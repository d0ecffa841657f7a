#include "regreader/index/topic_order.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "regreader/core/keyed_cache.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/keyword/tokenizer.hpp"

namespace regreader::index {

namespace {

// Chapter titles that hold a question's words raise the hits under them (topics_first) by this
// much; only when no hit holds kTopicCoverage of the question. On the two development sets
// (keyword): the worker set's hit@1 0.679 -> 0.711; 0.3 gave 0.701; the set that quotes the
// text keeps its figures; applying it above coverage 0.6 cost that set hit@5.
constexpr double kTopicWeight = 0.5;
constexpr double kTopicCoverage = 0.5;

// The topic words of a question, one by one ("罚则 法律责任" -> 罚则, 法律责任).
std::vector<std::string> topic_list(const std::string& topic_words) {
  std::vector<std::string> words;
  for (size_t from = 0; from < topic_words.size();) {
    size_t to = topic_words.find(' ', from);
    if (to == std::string::npos) to = topic_words.size();
    if (to > from) words.push_back(topic_words.substr(from, to - from));
    from = to + 1;
  }
  return words;
}

// The pairs of each regulation's title, by id, made once per store version: listing the
// regulations at every question was 5% of a guided search at 10^5 blocks (600 regulations).
using TitlePairs = std::map<std::string, std::set<std::string>>;

std::shared_ptr<const TitlePairs> regulation_title_pairs(const store::DocumentStore& store) {
  static KeyedCache<TitlePairs> cache;
  return cache.get(store.version(), [&] {
    TitlePairs out;
    for (const auto& info : store.list()) {
      auto& pairs = out[info.reg_id];
      for (const auto& t : tokenize(text::clean_spaces(info.title), TokenizeMode::kQuery))
        pairs.insert(t.text);
    }
    return out;
  });
}

bool holds_any(const std::string& title, const std::vector<std::string>& words) {
  return std::any_of(words.begin(), words.end(),
                     [&](const std::string& w) { return title.find(w) != std::string::npos; });
}

}  // namespace

std::vector<SearchHit> topics_first(const store::DocumentStore& store, std::vector<SearchHit> hits,
                                    const std::string& question) {
  std::set<std::string> wanted;
  for (const auto& t : tokenize(question, TokenizeMode::kQuery))
    wanted.insert(t.text);
  double best = 0;
  for (const auto& h : hits)
    if (h.match != "chapter_title") best = std::max(best, h.coverage);
  if (wanted.empty() || best >= kTopicCoverage) return hits;
  const auto regulation_titles = regulation_title_pairs(store);
  static const std::set<std::string> untitled;
  std::vector<std::pair<double, size_t>> order;
  for (size_t i = 0; i < hits.size(); ++i) {
    std::set<std::string> titled;  // the pairs of its chapters' titles, as words when spaced out
    for (const auto& title : hits[i].chapter_path)
      for (const auto& t : tokenize(text::clean_spaces(title), TokenizeMode::kQuery))
        titled.insert(t.text);
    const auto at = regulation_titles->find(hits[i].reg_id);
    const auto& regulation = at != regulation_titles->end() ? at->second : untitled;
    const auto shared = std::count_if(wanted.begin(), wanted.end(), [&](const std::string& t) {
      return titled.count(t) > 0 || regulation.count(t) > 0;
    });
    const double share = static_cast<double>(shared) / static_cast<double>(wanted.size());
    order.emplace_back(1.0 / (60.0 + static_cast<double>(i)) + kTopicWeight * share / 61.0, i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<SearchHit> out;
  for (const auto& [score, i] : order)
    out.push_back(std::move(hits[i]));
  return out;
}

std::vector<ChapterSuggestion> topics_ahead(std::vector<ChapterSuggestion> chapters,
                                            const std::string& topic_words) {
  const auto words = topic_list(topic_words);
  if (words.empty()) return chapters;
  std::stable_partition(chapters.begin(), chapters.end(),
                        [&](const ChapterSuggestion& c) { return holds_any(c.title, words); });
  return chapters;
}

std::vector<SearchHit> topic_chapters_first(std::vector<SearchHit> hits,
                                            const std::string& topic_words, size_t pool) {
  const auto words = topic_list(topic_words);
  if (words.empty()) return hits;
  const auto end = hits.begin() + std::min(pool, hits.size());
  std::stable_partition(hits.begin(), end, [&](const SearchHit& h) {
    return std::any_of(h.chapter_path.begin(), h.chapter_path.end(),
                       [&](const std::string& title) { return holds_any(title, words); });
  });
  return hits;
}

}  // namespace regreader::index
