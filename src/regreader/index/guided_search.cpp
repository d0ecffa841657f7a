#include "regreader/index/guided_search.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "regreader/core/error.hpp"
#include "regreader/core/keyed_cache.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/chapter_text.hpp"
#include "regreader/index/copies.hpp"
#include "regreader/index/definitions_after_rules.hpp"
#include "regreader/index/explanations.hpp"
#include "regreader/index/keyword/snippet.hpp"
#include "regreader/index/keyword/tokenizer.hpp"
#include "regreader/index/question_terms.hpp"
#include "regreader/index/ranking_memo.hpp"
#include "regreader/index/scope_clauses.hpp"
#include "regreader/index/specific_first.hpp"
#include "regreader/index/topic_order.hpp"

namespace regreader::index {

namespace {

// Candidates ranked before copies are folded: a few times the limit, so that after folding the
// list is still full; deepened once (x4, up to kMaxDepth) while folding leaves it short. A library
// holding more than a dozen copies of one document may get fewer hits than the limit.
constexpr int kDepthFactor = 3;
constexpr int kMinDepth = 30;
constexpr int kMaxDepth = 120;
// The hits every reading of a question is ranked over, whatever the number asked for up to it:
// the readings are fused and raised by their titles (fuse, topics_first), so a list cut at the
// limit first ranked differently for each limit (`--limit 3` put a clause first that `--limit 1`
// and `--limit 10` did not). A larger limit is the pool. 10 is every interface's default; a pool
// of 30 cost the guided search 15 % at 10^5 blocks (p50 2.53-2.73 -> 2.94-2.97 ms) and 40 % at
// 10^4.
constexpr int kRankedPool = 10;
// Definition entries put first: a term is defined once per regulation, rarely in more than a few.
constexpr int kDefinitionHits = 3;
// A definition says more than its term: at least this many characters besides it.
constexpr size_t kMinBody = 5;
// Chapters whose titles share a question's words, ranked beside its partial matches.
constexpr int kTitleHits = 5;
// ... weighted below them in the fusion: on the two development sets (bench/), 0.3 kept every
// figure of the questions that quote the text at or above its level without titles, where
// 0.5-1.0 cost it hit@1 or hit@3.
constexpr double kTitleWeight = 0.3;
// Blocks holding any pair of a question that no reading found enough of, fused below the chapter
// titles: the worker set keeps its figures; at 1.0 one of its questions fell out of the top 5.
constexpr double kAnyPairWeight = 0.3;
// Chapters whose whole text holds the most of a question that fell back (chapter_text.hpp),
// placed after its first hit.
constexpr int kTextChapters = 2;
// ... and the next chapter by text at the fifth place, where it displaces no more than one hit
// of the five a reader looks at (bench/: the held-out workers' questions hit@5 0.819 -> 0.838
// keyword, 0.844 -> 0.875 hybrid; the third chapter placed after the first two instead cost the
// development sets hit@3).
constexpr int kLateChapters = 1;
constexpr int kLateChapterPlace = 4;

// A heading hit in the terms chapter is the entry's title ("2.7 枢纽变电站"); the definition is
// the entry's first block after it, on its page or the next. The hit becomes that block, titled
// by the heading. Read through the store's pages, so that both engines do the same.
void open_entry(const store::DocumentStore& documents, SearchHit& h) {
  if (h.block_type != model::BlockType::kHeading) return;
  const auto info = documents.find(h.reg_id);
  if (!info) return;
  bool after = false;
  const int last = std::min(h.page_num + 1, info->total_pages);
  for (const auto& page : documents.pages(h.reg_id, h.page_num, last))
    for (const auto& b : page.content_blocks) {
      if (!after) {
        after = b.block_id == h.block_id;
        continue;
      }
      if (b.chapter_path != h.chapter_path) return;
      if (b.block_type == model::BlockType::kHeading) continue;
      const std::string title = h.chapter_path.empty() ? "" : h.chapter_path.back();
      h.block_id = b.block_id;
      h.page_num = page.page_num;
      h.block_type = b.block_type;
      h.snippet = "【" + title + "】 " + leading_snippet(b.content_markdown, 140);
      h.snippet_tokens.reset();
      finish_hit(h);
      return;
    }
}

// A block holding no more than the term (a list of terms, a table of contents line) names the
// term without defining it.
bool defines(const store::DocumentStore& documents, const std::string& block_id,
             const std::string& term) {
  const auto content = documents.block_content(block_id);
  return content && text::length(text::strip_spaces(*content)) > text::length(term) + kMinBody;
}

// The blocks that define the term: its entry in a standard's terms chapter (by the term, else by
// its words), and a law's "本法所称X，是指…". `consumed` gets the entry headings replaced by
// their definitions, which the ordinary hits must not repeat.
std::vector<SearchHit> definition_hits(const Engine& engine, const store::DocumentStore& store,
                                       const std::string& term, const std::string& words,
                                       SearchFilter f, std::vector<std::string>& consumed) {
  std::vector<SearchHit> out;
  f.limit = kDefinitionHits;
  if (f.chapter_scope.empty() && f.section_number.empty()) {
    SearchFilter in_terms = f;
    in_terms.chapter_scope = kTermsChapter;
    for (const auto& q : {term, words}) {
      for (auto& h : engine.keyword().search(q, in_terms)) {
        const std::string heading = h.block_id;
        open_entry(store, h);
        if (!defines(store, h.block_id, term)) continue;
        if (heading != h.block_id) consumed.push_back(heading);
        h.match = "definition";
        out.push_back(std::move(h));
      }
      if (!out.empty()) break;
    }
  }
  for (auto& h : engine.keyword().search("所称 " + term, f))
    if (h.match != "partial" && static_cast<int>(out.size()) < 2 * kDefinitionHits) {
      h.match = "definition";
      out.push_back(std::move(h));
    }
  return out;
}

// Ranked hits deep enough that folding copies still leaves `limit` of them.
std::vector<SearchHit> ranked_folded(const Engine& engine, const store::DocumentStore& store,
                                     const std::string& query, const std::string& asked,
                                     const SearchFilter& filter, SearchMode mode,
                                     const GuidedOptions& o,
                                     const std::function<void(const std::string&)>& on_step) {
  auto leg = [&](const SearchFilter& f) { return search(engine, query, asked, f, mode, on_step); };
  if (!o.collapse && o.per_reg <= 0) return leg(filter);
  SearchFilter deep = filter;
  deep.limit = std::clamp(filter.limit * kDepthFactor, kMinDepth, kMaxDepth);
  for (;;) {
    auto ranked = leg(deep);
    const bool exhausted = static_cast<int>(ranked.size()) < deep.limit;
    auto folded = collapse_copies(store, std::move(ranked), o.collapse, o.per_reg, filter.limit);
    if (static_cast<int>(folded.size()) >= filter.limit || exhausted || deep.limit >= kMaxDepth)
      return folded;
    deep.limit = std::min(deep.limit * 4, kMaxDepth);
  }
}

void put_first(std::vector<SearchHit>& hits, std::vector<SearchHit> first,
               const std::vector<std::string>& consumed, int limit) {
  for (auto& h : hits)
    if (std::none_of(first.begin(), first.end(),
                     [&](const SearchHit& d) { return d.block_id == h.block_id; }) &&
        std::find(consumed.begin(), consumed.end(), h.block_id) == consumed.end())
      first.push_back(std::move(h));
  if (static_cast<int>(first.size()) > limit) first.resize(limit);
  hits = std::move(first);
}

}  // namespace

// The pages a scope clause is looked for on (1 总则 or 1 范围 opens the text).
constexpr int kScopePages = 3;

// The names of the library's regulations, prepared once per store version and alias table (at
// 600 regulations, preparing them per query cost 2-4 ms of a 15-18 ms guided p50, and listing
// them to tell whether they changed another 0.4 ms).
std::shared_ptr<const RegulationNames> library_names(const store::DocumentStore& documents,
                                                     const AliasTable& aliases) {
  static KeyedCache<RegulationNames> cache;
  std::string key = documents.version();
  for (const auto& [alias, target] : aliases)
    key += "\n" + alias + "\t" + target;
  return cache.get(key, [&] {
    const auto regs = documents.list();
    std::map<std::string, std::string> own_names;  // where the title names no kind of document
    for (const auto& r : regs) {
      if (names_its_kind(r.title) || r.total_pages < 1) continue;
      std::string text;
      for (const auto& page : documents.pages(r.reg_id, 1, std::min(kScopePages, r.total_pages)))
        text += page.content_markdown + "\n";
      if (std::string own = scope_name(text); !own.empty()) own_names.emplace(r.reg_id, own);
    }
    return RegulationNames(regs, aliases, own_names);
  });
}

namespace {

// Terms the dictionary split out of one synonym's word are one term again: "打雷 下雨 倒闸"
// -> "打雷下雨 倒闸", so that 打雷下雨 finds 雷雨.
std::string join_synonym_words(const std::string& text, const SynonymTable& synonyms) {
  std::vector<std::string> terms;
  std::string term;
  for (char c : text + " ") {
    if (c != ' ') {
      term.push_back(c);
    } else if (!term.empty()) {
      terms.push_back(std::move(term));
      term.clear();
    }
  }
  std::string out;
  for (size_t i = 0; i < terms.size();) {
    size_t end = i + 1;
    std::string joined = terms[i];
    for (size_t j = i + 1; j < terms.size(); ++j) {
      joined += terms[j];
      if (std::any_of(synonyms.begin(), synonyms.end(),
                      [&](const auto& p) { return p.first == joined; }))
        end = j + 1;
    }
    std::string word;
    for (size_t k = i; k < end; ++k)
      word += terms[k];
    out += (out.empty() ? "" : " ") + word;
    i = end;
  }
  return out;
}

bool strict(const SearchHit& h) {
  return h.match == "exact" || h.match == "all_terms" || h.match == "definition";
}

// Two ranked lists as one, by reciprocal rank (k = 60), the second list's ranks weighted by
// `weight`, the first list winning ties. A hit in both keeps its better place: the lists are
// two readings of one question, so their agreeing says little (summed, the hits of both
// pushed a clause that only the reduced words found below five that both half-matched).
std::vector<SearchHit> fuse(std::vector<SearchHit> first, std::vector<SearchHit> second,
                            double weight = 1) {
  constexpr double kRankConstant = 60;
  std::vector<std::pair<double, SearchHit>> scored;
  auto add = [&](std::vector<SearchHit>& list, double w, double bias) {
    for (size_t i = 0; i < list.size(); ++i) {
      const double s = w / (kRankConstant + static_cast<double>(i) + 1) + bias;
      auto at = std::find_if(scored.begin(), scored.end(),
                             [&](const auto& p) { return p.second.block_id == list[i].block_id; });
      if (at == scored.end())
        scored.emplace_back(s, std::move(list[i]));
      else
        at->first = std::max(at->first, s);
    }
  };
  add(first, 1, 1e-9);
  add(second, weight, 0);
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<SearchHit> out;
  for (auto& [score, h] : scored)
    out.push_back(std::move(h));
  return out;
}

// The first block of each chapter whose title shares the question's words, as a hit: a question
// in a worker's words often names a chapter's topic ("班组成员要负什么责" -> 5.4.5 工作班成员)
// more than the words of its clauses.
std::vector<SearchHit> chapter_hits(const store::DocumentStore& store,
                                    const std::vector<ChapterSuggestion>& chapters,
                                    const SearchFilter& f) {
  std::vector<SearchHit> out;
  for (const auto& c : chapters) {
    if (c.block_id.empty() || c.page_start <= 0) continue;
    // The block on the chapter's first page or the next, as reading those pages found it.
    const int last = std::max(c.page_start, std::min(c.page_end, c.page_start + 1));
    const auto found = store.block(c.block_id);
    if (!found || found->first < c.page_start || found->first > last) continue;
    const auto& [page_num, b] = *found;
    if (!passes_block_filters(b, f)) continue;
    SearchHit h = hit_of_block(c.reg_id, page_num, b, "chapter_title");
    h.coverage = 0;
    h.score = c.score;
    h.snippet = "【" + c.title + "】 " + leading_snippet(b.content_markdown, 120);
    out.push_back(std::move(h));
  }
  return out;
}

// True when some character pair of `text` occurs in a block of the filter's regulations, whatever
// its chapter or type.
bool any_token_stored(const Engine& engine, const std::string& text, SearchFilter f) {
  f.every_token = true;
  f.min_coverage = 0;
  f.limit = 1;
  f.chapter_scope.clear();
  f.section_number.clear();
  f.block_types.clear();
  return !engine.keyword().search(text, f).empty();
}

// The chapters whose text, title and clauses together, holds the most of `question`
// (chapter_text.hpp), placed among the hits (place_text_chapters). A question in a worker's words
// shares few words with its answer's clause and more with the chapter around it.
std::vector<SearchHit> chapters_after_first(const store::DocumentStore& store,
                                            std::vector<SearchHit> hits,
                                            const std::string& question, const SearchFilter& f) {
  if (hits.empty()) return hits;
  return place_text_chapters(std::move(hits),
                             chapters_by_text(store, question, f, kTextChapters + kLateChapters),
                             kTextChapters, kLateChapterPlace);
}

// The chapter the question names as its subject (chapter_asked_about) first: the search's own
// hit in it, else its first block. "短路比怎么算" asks for 2.5 短路比, whatever else shares its
// words.
std::vector<SearchHit> asked_about_first(const store::DocumentStore& store,
                                         std::vector<SearchHit> hits,
                                         const std::vector<std::string>& asked_about,
                                         const SearchFilter& f) {
  const auto chapter = chapter_asked_about(store, asked_about, f.reg_ids);
  if (!chapter) return hits;
  const auto in_chapter = std::find_if(hits.begin(), hits.end(), [&](const SearchHit& h) {
    return h.reg_id == chapter->reg_id && !h.chapter_path.empty() &&
           h.chapter_path.back() == chapter->title;
  });
  if (in_chapter != hits.end()) {
    std::rotate(hits.begin(), in_chapter, in_chapter + 1);
    return hits;
  }
  auto first = chapter_hits(store, {*chapter}, f);
  if (!first.empty()) hits.insert(hits.begin(), std::move(first.front()));
  return hits;
}

// A question as the search reads it: reduced (`text`), as asked, and the synonyms in force.
struct Asked {
  const QuestionTerms& terms;
  const std::string& text;   ///< the reduced words
  const std::string& asked;  ///< the sentence (what the vector leg embeds)
  const SynonymTable& synonyms;
  /// Every pair of the question: the question as asked, or the words of a keyword query.
  const std::string& whole() const { return terms.as_asked.empty() ? text : terms.as_asked; }
  /// What chapter titles are searched for: the question as asked and its topic words.
  std::string titled() const {
    return terms.topic_words.empty() ? terms.as_asked : terms.as_asked + " " + terms.topic_words;
  }
};

// The reduced words not found together: the question as asked goes on, every pair of it, beside
// the first blocks of the chapters whose titles share its words. Says so in `r`.
std::vector<SearchHit> widened(const Engine& engine, const store::DocumentStore& store,
                               const Asked& q, std::vector<SearchHit> hits,
                               const SearchFilter& with, const GuidedOptions& o, GuidedResult& r,
                               const std::function<void(const std::string&)>& on_step) {
  if (!q.terms.as_asked.empty() && q.terms.as_asked != q.text) {
    // Keyword only: a hybrid search's vector leg has embedded the question already.
    auto whole = ranked_folded(engine, store, q.terms.as_asked, q.asked, with, SearchMode::kKeyword,
                               o, on_step);
    if (!whole.empty()) {
      r.fallback = "question_as_asked";
      r.fallback_query = q.terms.as_asked;
      hits = fuse(std::move(hits), std::move(whole));
    }
  }
  std::vector<SearchHit> titled;
  if (q.terms.question) {
    r.suggestions =
        topics_ahead(suggest_chapters(store, q.titled(), with.reg_ids, q.synonyms, kTitleHits * 4),
                     q.terms.topic_words);
    if (static_cast<int>(r.suggestions.size()) > kTitleHits) r.suggestions.resize(kTitleHits);
    titled = chapter_hits(store, r.suggestions, with);
  }
  // Neither reading holds enough of the question (SearchFilter::min_coverage) in a clause and
  // chapter titles would answer alone (those suggested, or heading blocks holding a third of it):
  // the blocks holding any of its pairs are ranked below them.
  const bool only_titles = std::all_of(hits.begin(), hits.end(), [](const SearchHit& h) {
    return h.block_type == model::BlockType::kHeading;
  });
  std::vector<SearchHit> loose;
  if (only_titles && (!hits.empty() || !titled.empty())) {
    SearchFilter any = with;
    any.every_token = true;
    any.min_coverage = 0;
    loose = ranked_folded(engine, store, q.whole(), q.asked, any, SearchMode::kKeyword, o, on_step);
  }
  if (!titled.empty()) {
    r.fallback = "question_as_asked";
    r.fallback_query = q.terms.as_asked;
    hits = fuse(std::move(hits), std::move(titled), kTitleWeight);
  }
  if (!loose.empty()) {
    r.fallback = "any_token";
    r.fallback_query = q.whole();
    hits = fuse(std::move(hits), std::move(loose), kAnyPairWeight);
  }
  // Hybrid too: the vector leg embeds each block with its chapter's title, but fused with the
  // keyword leg's ranks the titles' words weigh little (hybrid LSA, workers' questions: hit@1
  // 0.717 -> 0.722, held out 0.531 -> 0.537 when applied).
  hits = topics_first(store, std::move(hits),
                      q.terms.topic_words.empty() ? q.text : q.text + " " + q.terms.topic_words);
  hits = chapters_after_first(store, std::move(hits), q.whole(), with);
  hits = topic_chapters_first(std::move(hits), q.terms.topic_words, kRankedPool);
  hits = asked_about_first(store, std::move(hits), q.terms.asked_about, with);
  return collapse_copies(store, std::move(hits), o.collapse, o.per_reg, with.limit);
}

// No pair of the question is stored: the blocks holding most of its content characters (their
// single characters are indexed beside the pairs), every hit partial, with the share of the
// characters it holds as its coverage. A worker's words (闷倒, 滴滴响) may share no pair with the
// text that answers them; an empty answer tells the worker the regulations say nothing.
void characters_shared(const Engine& engine, const store::DocumentStore& store, const Asked& q,
                       const SearchFilter& f, const GuidedOptions& o, GuidedResult& r,
                       const std::function<void(const std::string&)>& on_step) {
  const std::string chars = content_characters(q.whole());
  if (chars.empty()) return;
  SearchFilter any = f;
  any.every_token = true;
  any.min_coverage = 0;
  r.hits = ranked_folded(engine, store, chars, q.asked, any, SearchMode::kKeyword, o, on_step);
  for (auto& h : r.hits) {
    if (h.match != "partial") h.coverage = 1;  // a strict pass: every character is in it
    h.match = "partial";
  }
  if (r.hits.empty()) return;
  r.fallback = "any_character";
  r.fallback_query = chars;
}

// Nothing found: the vector leg of a keyword search when there is one, then any block holding a
// pair of the question, then its content characters; else it is said that none is stored.
// Chapters to read either way.
void last_resorts(const Engine& engine, const store::DocumentStore& store, const Asked& q,
                  const SearchFilter& f, SearchMode mode, const GuidedOptions& o, GuidedResult& r,
                  const std::function<void(const std::string&)>& on_step, bool characters = true) {
  if (mode == SearchMode::kKeyword && semantic_unavailable(engine).empty()) {
    r.hits = ranked_folded(engine, store, q.text, q.asked, f, SearchMode::kVector, o, on_step);
    if (!r.hits.empty()) r.fallback = "vector";
  }
  if (r.hits.empty()) {
    SearchFilter any = f;
    any.every_token = true;
    any.min_coverage = 0;
    r.hits =
        ranked_folded(engine, store, q.whole(), q.asked, any, SearchMode::kKeyword, o, on_step);
    if (!r.hits.empty()) {
      r.fallback = "any_token";
      r.fallback_query = q.whole();
    }
  }
  if (r.hits.empty() && characters) characters_shared(engine, store, q, f, o, r, on_step);
  // The any-pair pass found nothing: no pair is stored, unless the filter's chapters or types
  // hid it, which only a pass without them tells.
  const bool narrowed =
      !f.chapter_scope.empty() || !f.section_number.empty() || !f.block_types.empty();
  if (r.hits.empty()) r.nothing_in_library = !narrowed || !any_token_stored(engine, q.whole(), f);
  if (r.suggestions.empty())
    r.suggestions = suggest_chapters(store, q.whole(), f.reg_ids, q.synonyms);
}

}  // namespace

GuidedResult guided_search(const Engine& engine, const std::string& query,
                           const SearchFilter& filter, SearchMode mode, const GuidedOptions& o,
                           const std::function<void(const std::string&)>& on_step) {
  // Every pass reads one version of the library (and, embedded, takes its lock once; on a
  // PostgreSQL replica, from its keyword copy), and a ranking asked for again deeper is read
  // back (ranking_memo.hpp).
  const ReadView view = engine.read_view();
  const store::DocumentStore& store = view.store();
  const RankingMemo memo;
  GuidedResult r;
  const auto mentions =
      library_names(store, o.aliases ? *o.aliases : builtin_aliases())->find(query);
  for (const auto& m : mentions.mentions)
    if (m.reg_ids.empty()) r.unknown_names.push_back(m.text);
  const bool named = !mentions.reg_ids().empty();
  // The text the legs search: without the names of stored regulations (they are the scope, not
  // words to find), reduced to content words when it is a question.
  std::string text = named && !mentions.rest.empty() ? mentions.rest : query;
  const std::string asked = text;  // what the vector leg embeds: a sentence reads better to it
  const SynonymTable& synonyms = filter.synonyms ? *filter.synonyms : builtin_synonyms();
  QuestionTerms terms = reduce_question(text, is_question(query), synonyms);
  // A name that leaves less than a word to search was the question's subject ("安全稳定标准分几级":
  // the name of the 安全稳定导则 and what it is asked about): the question is searched whole.
  if (named && text != query && text::length(text::strip_spaces(terms.search_text)) < 2) {
    text = query;
    terms = reduce_question(text, is_question(query), synonyms);
  }
  text = terms.question ? join_synonym_words(terms.search_text, synonyms) : terms.search_text;
  if (text != query) r.query_used = text;
  r.definition_term = terms.definition_term;

  SearchFilter f = filter;
  f.limit = std::max(filter.limit, kRankedPool);
  f.defer_snippets = true;  // made below for the hits kept, not for the candidates folded away
  if (o.route && named && filter.reg_ids.empty()) {
    f.reg_ids = mentions.reg_ids();
    r.scoped_reg_ids = f.reg_ids;
    r.scoped_by = mentions.describe();
  }
  const Asked q{terms, text, asked, synonyms};
  auto run = [&](const SearchFilter& with) {
    r.fallback.clear();
    r.fallback_query.clear();
    r.suggestions.clear();
    auto hits = ranked_folded(engine, store, text, asked, with, mode, o, on_step);
    if (!terms.definition_term.empty()) {
      std::vector<std::string> consumed;
      auto first = definition_hits(engine, store, terms.definition_term, terms.definition_words,
                                   with, consumed);
      put_first(hits, std::move(first), consumed, with.limit);
    }
    // A strict match settles it unless the asking names a kind of section (管哪些: 职责, 多久一次:
    // 周期): then the chapters titled with that word are still looked for.
    if (std::any_of(hits.begin(), hits.end(), strict) && terms.topic_words.empty()) return hits;
    return widened(engine, store, q, std::move(hits), with, o, r, on_step);
  };
  r.hits = run(f);
  const std::string weak = "only weak matches in the regulation(s) the query names (";
  if (r.fallback == "any_token" && !r.scoped_reg_ids.empty()) r.note = weak + r.scoped_by + ")";
  // A regulation named is the one the reader means: a block of it sharing a pair of the question
  // (or found by the vector leg) comes before other regulations' matches; only when none does is
  // the scope given up.
  if (r.hits.empty() && !r.scoped_reg_ids.empty()) {
    last_resorts(engine, store, q, f, mode, o, r, on_step, false);
    if (!r.hits.empty()) r.note = weak + r.scoped_by + ")";
  }
  if (r.hits.empty() && !r.scoped_reg_ids.empty()) {
    r.nothing_in_library = false;
    r.suggestions.clear();
    r.note = "nothing found in the regulation(s) the query names (" + r.scoped_by +
             "); results from every regulation";
    r.scoped_by.clear();
    r.scoped_reg_ids.clear();
    f.reg_ids = filter.reg_ids;
    r.hits = run(f);
  }
  if (r.hits.empty()) last_resorts(engine, store, q, f, mode, o, r, on_step);
  // A question about something in a document is not answered by the clause stating the whole
  // document's scope or purpose, which shares its words with every such question.
  if (terms.question && terms.definition_term.empty() && !asks_about_scope(query))
    r.hits = whole_document_hits_last(store, std::move(r.hits));
  if (terms.question && terms.definition_term.empty())
    r.hits = subchapters_before_headings(std::move(r.hits), r.hits.size());
  if (terms.question && terms.definition_term.empty() && asks_what_to_do(query))
    r.hits = definitions_after_rules(std::move(r.hits));
  r.hits = explanations_after_clauses(store, std::move(r.hits));
  r.hits = cite_repeats_once(std::move(r.hits));
  if (static_cast<int>(r.hits.size()) > filter.limit) r.hits.resize(filter.limit);
  make_snippets(store, r.hits);
  return r;
}

}  // namespace regreader::index
