#include "regreader/index/guided_search.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/copies.hpp"
#include "regreader/index/embedder_factory.hpp"
#include "regreader/index/engine_search.hpp"
#include "regreader/index/keyword_index.hpp"
#include "regreader/index/pg_keyword_index.hpp"
#include "regreader/index/question_terms.hpp"
#include "regreader/store/database.hpp"

namespace regreader::index {

namespace {

// Candidates ranked before copies are folded: a few times the limit, so that after folding the
// list is still full; deepened once (x4, up to kMaxDepth) while folding leaves it short. A library
// holding more than a dozen copies of one document may get fewer hits than the limit.
constexpr int kDepthFactor = 3;
constexpr int kMinDepth = 30;
constexpr int kMaxDepth = 120;
// Definition entries put first: a term is defined once per regulation, rarely in more than a few.
constexpr int kDefinitionHits = 3;
// Where standards define their terms: the chapter "术语和定义" (or "术语").
constexpr const char* kTermsChapter = "术语";
// A definition says more than its term: at least this many characters besides it.
constexpr size_t kMinBody = 5;

// The keyword leg of either engine.
std::vector<SearchHit> keyword_leg(const store::DocumentStore& documents, const std::string& query,
                                   const SearchFilter& f) {
  if (const auto* embedded = dynamic_cast<const store::PageStore*>(&documents))
    return keyword_search(*embedded, query, f);
  return pg_keyword_search(dynamic_cast<const store::pg::PgStore&>(documents), query, f);
}

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
std::vector<SearchHit> definition_hits(const store::DocumentStore& store, const std::string& term,
                                       const std::string& words, SearchFilter f,
                                       std::vector<std::string>& consumed) {
  std::vector<SearchHit> out;
  f.limit = kDefinitionHits;
  if (f.chapter_scope.empty() && f.section_number.empty()) {
    SearchFilter in_terms = f;
    in_terms.chapter_scope = kTermsChapter;
    for (const auto& q : {term, words}) {
      for (auto& h : keyword_leg(store, q, in_terms)) {
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
  for (auto& h : keyword_leg(store, "所称 " + term, f))
    if (h.match != "partial" && static_cast<int>(out.size()) < 2 * kDefinitionHits) {
      h.match = "definition";
      out.push_back(std::move(h));
    }
  return out;
}

// Ranked hits deep enough that folding copies still leaves `limit` of them.
std::vector<SearchHit> ranked_folded(const store::DocumentStore& documents,
                                     const std::string& query, const std::string& asked,
                                     const SearchFilter& filter, SearchMode mode,
                                     const GuidedOptions& o,
                                     const std::function<void(const std::string&)>& on_step) {
  auto leg = [&](const SearchFilter& f) {
    return engine_search(documents, query, asked, f, mode, on_step);
  };
  if (!o.collapse && o.per_reg <= 0) return leg(filter);
  SearchFilter deep = filter;
  deep.limit = std::clamp(filter.limit * kDepthFactor, kMinDepth, kMaxDepth);
  for (;;) {
    auto ranked = leg(deep);
    const bool exhausted = static_cast<int>(ranked.size()) < deep.limit;
    auto folded =
        collapse_copies(documents, std::move(ranked), o.collapse, o.per_reg, filter.limit);
    if (static_cast<int>(folded.size()) >= filter.limit || exhausted || deep.limit >= kMaxDepth)
      return folded;
    deep.limit = std::min(deep.limit * 4, kMaxDepth);
  }
}

// The names of the library's regulations, prepared once per library state and alias table (at
// 600 regulations, preparing them per query cost 2-4 ms of a 15-18 ms guided p50).
std::shared_ptr<const RegulationNames> library_names(const store::DocumentStore& documents,
                                                     const AliasTable& aliases) {
  static std::mutex mutex;
  static std::string cached_key;
  static std::shared_ptr<const RegulationNames> cached;
  const auto regs = documents.list();
  const auto* embedded = dynamic_cast<const store::PageStore*>(&documents);
  std::string key = embedded ? store_data_dir(*embedded).string() : "postgresql";
  for (const auto& r : regs)
    key += "\n" + r.reg_id + "\t" + r.indexed_at + "\t" + r.title;
  for (const auto& [alias, target] : aliases)
    key += "\n" + alias + "\t" + target;
  std::lock_guard lock(mutex);
  if (!cached || key != cached_key) {
    cached = std::make_shared<const RegulationNames>(regs, aliases);
    cached_key = std::move(key);
  }
  return cached;
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

GuidedResult guided_search(const store::DocumentStore& store, const std::string& query,
                           const SearchFilter& filter, SearchMode mode, const GuidedOptions& o,
                           const std::function<void(const std::string&)>& on_step) {
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
  const QuestionTerms terms = reduce_question(text, is_question(query));
  text = terms.search_text;
  if (text != query) r.query_used = text;
  r.definition_term = terms.definition_term;

  SearchFilter f = filter;
  if (o.route && named && filter.reg_ids.empty()) {
    f.reg_ids = mentions.reg_ids();
    r.scoped_reg_ids = f.reg_ids;
    r.scoped_by = mentions.describe();
  }
  auto run = [&](const SearchFilter& with) {
    auto hits = ranked_folded(store, text, asked, with, mode, o, on_step);
    if (!terms.definition_term.empty()) {
      std::vector<std::string> consumed;
      auto first =
          definition_hits(store, terms.definition_term, terms.definition_words, with, consumed);
      put_first(hits, std::move(first), consumed, with.limit);
    }
    return hits;
  };
  r.hits = run(f);
  if (r.hits.empty() && !r.scoped_reg_ids.empty()) {
    r.note = "nothing found in the regulation(s) the query names (" + r.scoped_by +
             "); results from every regulation";
    r.scoped_by.clear();
    r.scoped_reg_ids.clear();
    r.hits = run(filter);
  }
  return r;
}

}  // namespace regreader::index
