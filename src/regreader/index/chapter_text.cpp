#include "regreader/index/chapter_text.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include <spdlog/spdlog.h>

#include "regreader/core/keyed_cache.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/chapter_index.hpp"
#include "regreader/index/keyword/tokenizer.hpp"
#include "regreader/index/question_terms.hpp"

namespace regreader::index {

namespace {

// The file the index is kept in between processes, in the store's cache directory.
constexpr const char* kIndexFile = "chapters.index";

// The index of the library's current version: kept in memory, else read from the store's cache
// directory when it was made from this version, else built (and written there for the next
// process: a command-line search would otherwise build it at every run).
std::shared_ptr<const ChapterIndex> library_index(const store::DocumentStore& store) {
  static KeyedCache<ChapterIndex> cache;
  const std::string key = store.version();
  return cache.get(key, [&] {
    const auto start = std::chrono::steady_clock::now();
    const auto dir = store.cache_dir();
    std::optional<ChapterIndex> kept;
    if (!dir.empty()) kept = read_chapter_index(dir / kIndexFile, key);
    const bool read = kept.has_value();
    if (!kept) {
      kept = build_chapter_index(store);
      if (!dir.empty() && !write_chapter_index(*kept, key, dir / kIndexFile))
        spdlog::debug("cannot write the chapter index in {}", dir.string());
    }
    spdlog::debug("chapter text index: {} chapters, {} tokens {} in {} ms", kept->chapters.size(),
                  kept->tokens.size(), read ? "read" : "built",
                  std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count());
    return std::move(*kept);
  });
}

// The question's tokens: its character pairs and its content characters (a worker's 票 for the
// text's 工作票), each with its BM25 rarity.
struct Wanted {
  std::string text;
  uint32_t token;  ///< its number in the index
  double idf;
};

std::vector<Wanted> question_tokens(const ChapterIndex& index, const std::string& question) {
  std::set<std::string> tokens;
  for (const auto& t : tokenize(question, TokenizeMode::kQuery))
    tokens.insert(t.text);
  for (const auto& t : tokenize(content_characters(question), TokenizeMode::kQuery))
    tokens.insert(t.text);
  const double n = static_cast<double>(index.chapters.size());
  std::vector<Wanted> out;
  for (const auto& t : tokens) {
    const auto at = index.tokens.find(t);
    if (at == index.tokens.end()) continue;
    const double df = static_cast<double>(index.postings[at->second].size());
    out.push_back({t, at->second, std::log(1 + (n - df + 0.5) / (df + 0.5))});
  }
  return out;
}

// The chapter's block holding the most of the question's tokens, weighted by their rarity; its
// coverage is the share of the question's pairs it holds.
std::optional<SearchHit> best_block(const store::DocumentStore& store, const IndexedChapter& c,
                                    const std::vector<Wanted>& tokens,
                                    const std::set<std::string>& pairs, const SearchFilter& f) {
  std::optional<SearchHit> best;
  double best_weight = -1;
  for (const auto& id : c.block_ids) {
    const auto found = store.block(id);
    if (!found) continue;
    const auto& [page_num, b] = *found;
    if (!passes_block_filters(b, f)) continue;
    std::unordered_set<std::string> held;
    for_each_token(b.content_markdown, TokenizeMode::kDocument,
                   [&](const TokenView& t) { held.insert(std::string(t.text)); });
    auto marks = std::make_shared<std::set<std::string>>();
    double weight = 0;
    for (const auto& t : tokens)
      if (held.count(t.text)) {
        weight += t.idf;
        marks->insert(t.text);
      }
    if (weight <= best_weight) continue;
    best_weight = weight;
    SearchHit h = hit_of_block(c.reg_id, page_num, b, "partial");
    const auto shared = std::count_if(pairs.begin(), pairs.end(),
                                      [&](const std::string& p) { return held.count(p) > 0; });
    h.coverage =
        pairs.empty() ? 0 : static_cast<double>(shared) / static_cast<double>(pairs.size());
    h.score = weight;
    h.snippet_tokens = std::move(marks);
    best = std::move(h);
  }
  return best;
}

}  // namespace

std::vector<ChapterByText> chapters_by_text(const store::DocumentStore& store,
                                            const std::string& question, const SearchFilter& f,
                                            int limit) {
  const auto index = library_index(store);
  const auto tokens = question_tokens(*index, question);
  // The chapters searched: every one, or the regulations' spans.
  std::vector<std::pair<uint32_t, uint32_t>> spans;
  if (f.reg_ids.empty()) spans.emplace_back(0, static_cast<uint32_t>(index->chapters.size()));
  for (const auto& reg : f.reg_ids)
    if (const auto at = index->regulations.find(reg); at != index->regulations.end())
      spans.push_back(at->second);
  // Scores in an array over the chapters (a common character is in most of them).
  std::vector<float> scores(index->chapters.size(), 0);
  for (const auto& t : tokens) {
    const auto& postings = index->postings[t.token];
    for (const auto& [first, last] : spans) {
      auto p = std::lower_bound(postings.begin(), postings.end(), first,
                                [](const ChapterPosting& a, uint32_t c) { return a.chapter < c; });
      for (; p != postings.end() && p->chapter < last; ++p)
        scores[p->chapter] += static_cast<float>(t.idf) * p->weight;
    }
  }
  std::vector<std::pair<float, uint32_t>> ranked;
  for (const auto& [first, last] : spans)
    for (uint32_t i = first; i < last; ++i)
      if (scores[i] > 0) ranked.emplace_back(scores[i], i);
  // Best first; among equals in the library's order.
  const size_t keep = std::min(ranked.size(), static_cast<size_t>(limit) * 4);
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(keep),
                    ranked.end(), [](const auto& a, const auto& b) {
                      return a.first != b.first ? a.first > b.first : a.second < b.second;
                    });
  ranked.resize(keep);
  std::set<std::string> pairs;
  for (const auto& t : tokenize(question, TokenizeMode::kQuery))
    pairs.insert(t.text);
  std::vector<ChapterByText> out;
  for (const auto& [s, i] : ranked) {
    if (static_cast<int>(out.size()) >= limit) break;
    const IndexedChapter& c = index->chapters[i];
    auto hit = best_block(store, c, tokens, pairs, f);
    if (!hit) continue;
    out.push_back({c.reg_id, c.path, s, std::move(*hit)});
  }
  return out;
}

std::vector<SearchHit> place_text_chapters(std::vector<SearchHit> hits,
                                           std::vector<ChapterByText> chapters, size_t sure,
                                           size_t late_place) {
  if (hits.empty()) return hits;
  std::vector<SearchHit> out;
  out.push_back(std::move(hits[0]));
  std::vector<bool> moved(hits.size(), false);
  std::vector<SearchHit> late;
  for (size_t k = 0; k < chapters.size(); ++k) {
    auto& c = chapters[k];
    const auto in_chapter = [&](const SearchHit& h) {
      return h.reg_id == c.reg_id && h.chapter_path == c.chapter_path;
    };
    if (in_chapter(out[0])) continue;
    size_t i = 1;
    while (i < hits.size() && (moved[i] || !in_chapter(hits[i])))
      ++i;
    if (k >= sure && i < late_place) continue;  // a reader meets it there already
    auto& to = k < sure ? out : late;
    if (i < hits.size()) {
      moved[i] = true;
      to.push_back(std::move(hits[i]));
    } else {
      to.push_back(std::move(c.best_block));
    }
  }
  for (size_t i = 1; i < hits.size(); ++i)
    if (!moved[i]) out.push_back(std::move(hits[i]));
  for (auto& h : late)
    out.insert(out.begin() + static_cast<ptrdiff_t>(std::min(out.size(), late_place)),
               std::move(h));
  return out;
}

}  // namespace regreader::index
