#include "regreader/index/keyword/pg_keyword_index.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include <nlohmann/json.hpp>

#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/keyword/snippet.hpp"

namespace regreader::index {

namespace {

// PostgreSQL keeps positions up to 16383 (tsvector's 14 bits).
constexpr int kMaxPosition = 16383;
// FTS5's bm25() constants.
constexpr double kK1 = 1.2;
constexpr double kB = 0.75;
// Matches BM25 re-ranks per pass, best by ts_rank_cd first: a pass matching more blocks ranks the
// rest below them (FTS5's loose pass is held near this many rows too: kMaxLooseRows).
constexpr int kMaxRanked = 1000;

std::string quote_lexeme(const std::string& token) {
  std::string out = "'";
  for (char c : token) {
    if (c == '\'' || c == '\\') out.push_back(c);  // doubled: '' and \\ inside a quoted lexeme
    out.push_back(c);
  }
  return out + "'";
}

// The phrases a pass scores by (FTS5 scores each phrase of its MATCH expression).
using Phrase = std::vector<std::string>;

std::string tsquery_phrase(const Phrase& tokens) {
  std::string out;
  for (size_t i = 0; i < tokens.size(); ++i)
    out += (i ? " <-> " : "") + quote_lexeme(tokens[i]);
  return tokens.size() > 1 ? "(" + out + ")" : out;
}

// A block's tokens by position (a colocated token joins the previous position).
std::vector<std::vector<std::string>> positions(const std::string& content) {
  std::vector<std::vector<std::string>> out;
  for (auto& t : tokenize(content, TokenizeMode::kDocument)) {
    if (!t.colocated || out.empty()) out.emplace_back();
    out.back().push_back(std::move(t.text));
  }
  return out;
}

// Occurrences of a phrase (its tokens at consecutive positions) in a block.
int phrase_frequency(const std::vector<std::vector<std::string>>& pos, const Phrase& phrase) {
  if (phrase.empty() || pos.size() < phrase.size()) return 0;
  int n = 0;
  for (size_t i = 0; i + phrase.size() <= pos.size(); ++i) {
    bool all = true;
    for (size_t k = 0; k < phrase.size() && all; ++k)
      all = std::find(pos[i + k].begin(), pos[i + k].end(), phrase[k]) != pos[i + k].end();
    n += all ? 1 : 0;
  }
  return n;
}

struct Bm25Stats {
  double blocks = 1, avg_tokens = 1;
  std::vector<double> idf;  // per phrase, as FTS5: log((N - n + 0.5) / (n + 0.5)), at least 1e-6
};

// The library's block count and mean block length, counted once per generation: every save,
// remove and rename moves it (a full count of 10^5 rows per pass cost more than the search).
// The key names the server (its start time) and database as well as the generation.
using Totals = std::pair<double, double>;  // blocks, mean tokens per block

Totals block_totals(const store::pg::PgStore& store) {
  static std::mutex mutex;
  static std::string cached_key;
  static Totals cached;
  const std::string key =
      store
          .read(
              "SELECT n::text || ' ' || pg_postmaster_start_time()::text || ' ' || "
              "current_database() FROM regreader_generation")
          .text(0, 0);
  {
    std::lock_guard lock(mutex);
    if (key == cached_key) return cached;
  }
  const auto r = store.read("SELECT count(*), coalesce(avg(n_tokens), 1) FROM blocks");
  const Totals totals = {static_cast<double>(r.integer(0, 0)), r.real(0, 1)};
  std::lock_guard lock(mutex);
  cached_key = key;
  cached = totals;
  return totals;
}

// `{"a","b"}`: a text[] parameter.
std::string text_array(const std::vector<std::string>& items) {
  std::string out = "{";
  for (const auto& item : items) {
    out += out.size() > 1 ? ",\"" : "\"";
    for (char c : item) {
      if (c == '"' || c == '\\') out.push_back('\\');
      out.push_back(c);
    }
    out += "\"";
  }
  return out + "}";
}

// How many blocks hold each token, read from token_blocks (the store keeps it with every change,
// in the change's transaction): one query for all of them. A token in no block is absent.
std::map<std::string, int64_t> blocks_holding(const store::pg::PgStore& store,
                                              const std::vector<std::string>& tokens) {
  std::map<std::string, int64_t> out;
  if (tokens.empty()) return out;
  const auto r = store.read("SELECT token, blocks FROM token_blocks WHERE token = ANY($1::text[])",
                            {text_array(tokens)});
  for (int i = 0; i < r.rows(); ++i)
    out[r.text(i, 0)] = r.integer(i, 1);
  return out;
}

Bm25Stats bm25_stats(const store::pg::PgStore& store, const Totals& totals,
                     const std::vector<Phrase>& phrases) {
  Bm25Stats st;
  const auto [blocks, avg_tokens] = totals;
  st.blocks = std::max(1.0, blocks);
  st.avg_tokens = std::max(1.0, avg_tokens);
  // A one-token phrase is held by the blocks holding its token; a longer one is counted.
  std::vector<std::string> single;
  for (const auto& p : phrases)
    if (p.size() == 1) single.push_back(p[0]);
  const auto held = blocks_holding(store, single);
  for (const auto& p : phrases) {
    double n = 0;
    if (p.size() == 1) {
      const auto it = held.find(p[0]);
      n = it == held.end() ? 0 : static_cast<double>(it->second);
    } else {
      n = static_cast<double>(
          store
              .read("SELECT count(*) FROM blocks WHERE terms @@ CAST($1 AS tsquery)",
                    {tsquery_phrase(p)})
              .integer(0, 0));
    }
    st.idf.push_back(std::max(1e-6, std::log((st.blocks - n + 0.5) / (n + 0.5))));
  }
  return st;
}

double bm25(const std::string& content, double tokens, const std::vector<Phrase>& phrases,
            const Bm25Stats& st) {
  const auto pos = positions(content);
  const double norm = kK1 * (1 - kB + kB * tokens / st.avg_tokens);
  double score = 0;
  for (size_t i = 0; i < phrases.size(); ++i) {
    const double f = phrase_frequency(pos, phrases[i]);
    score += st.idf[i] * f * (kK1 + 1) / (f + norm);
  }
  return score;
}

struct Pass {
  std::string tsquery;
  std::vector<Phrase> phrases;        // what BM25 scores
  std::string match;                  // what the pass calls its hits
  const TermTokens* terms = nullptr;  // loose pass: coverage floor
  double floor = kMinCoverage;
};

struct Row {
  SearchHit hit;
  std::string content;
};

// The pass's matching blocks that pass the filters, BM25-ranked.
std::vector<Row> ranked_rows(const store::pg::PgStore& store, const Totals& totals,
                             const Pass& pass, const SearchFilter& filter) {
  std::vector<store::pg::Param> params = {pass.tsquery};
  int next = 2;
  std::string sql =
      "SELECT reg_id, page_num, block_id, block_type, chapter_path, content_markdown, "
      "coalesce(n_tokens, 1) FROM blocks, CAST($1 AS tsquery) AS q WHERE terms @@ q";
  pg_append_block_filter(sql, params, next, filter, "");
  sql += " ORDER BY ts_rank_cd(terms, q, 1) DESC, block_id LIMIT " + std::to_string(kMaxRanked);
  const auto r = store.read(sql, params);
  const Bm25Stats st = bm25_stats(store, totals, pass.phrases);
  std::vector<Row> rows;
  for (int i = 0; i < r.rows(); ++i) {
    Row row;
    row.hit.chapter_path = nlohmann::json::parse(r.text(i, 4)).get<std::vector<std::string>>();
    if (!matches_chapter_filters(row.hit.chapter_path, filter)) continue;
    row.content = r.text(i, 5);
    row.hit.reg_id = r.text(i, 0);
    row.hit.page_num = static_cast<int>(r.integer(i, 1));
    row.hit.block_id = r.text(i, 2);
    row.hit.block_type = model::parse_block_type(r.text(i, 3));
    row.hit.score = bm25(row.content, r.real(i, 6), pass.phrases, st);
    rows.push_back(std::move(row));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a.hit.score != b.hit.score ? a.hit.score > b.hit.score : a.hit.block_id < b.hit.block_id;
  });
  return rows;
}

void run_pass(const store::pg::PgStore& store, const Totals& totals, const Pass& pass,
              const SearchFilter& filter,
              const std::shared_ptr<const std::set<std::string>>& highlight,
              std::vector<SearchHit>& hits) {
  for (auto& row : ranked_rows(store, totals, pass, filter)) {
    if (static_cast<int>(hits.size()) >= filter.limit) break;
    auto& h = row.hit;
    if (std::any_of(hits.begin(), hits.end(),
                    [&](const SearchHit& x) { return x.block_id == h.block_id; }))
      continue;
    h.match = pass.match;
    if (pass.terms) {
      h.coverage = coverage(row.content, *pass.terms);
      if (h.coverage < pass.floor || h.coverage <= 0) continue;
    }
    finish_hit(h);
    if (filter.defer_snippets)
      h.snippet_tokens = highlight;
    else
      h.snippet = make_snippet(row.content, *highlight);
    hits.push_back(std::move(h));
  }
}

// The loose pass: the query's rarer tokens ORed, chosen by the FTS5 leg's rule
// (choose_loose_tokens) from their document frequencies (token_blocks).
Pass loose_pass(const store::pg::PgStore& store, const KeywordQuery& q, int64_t blocks,
                const SearchFilter& filter) {
  std::vector<TokenFrequency> counted;
  const auto held = blocks_holding(store, q.loose_candidates);
  for (const auto& t : q.loose_candidates) {
    const auto it = held.find(t);
    counted.push_back({t, it == held.end() ? 0 : it->second});
  }
  Pass p{"", {}, "partial", &q.terms, filter.min_coverage};
  for (const auto& t : choose_loose_tokens(counted, blocks, filter.every_token)) {
    p.tsquery += (p.tsquery.empty() ? "" : " | ") + quote_lexeme(t);
    p.phrases.push_back({t});
  }
  return p;
}

}  // namespace

std::pair<std::string, int> tsvector_literal(const std::string& content) {
  std::string out;
  int position = 0, count = 0;
  for (const auto& t : tokenize(content, TokenizeMode::kDocument)) {
    if (!t.colocated || position == 0) {
      position = std::min(position + 1, kMaxPosition);
      ++count;
    }
    out += (out.empty() ? "" : " ") + quote_lexeme(t.text) + ":" + std::to_string(position);
  }
  return {out, count};
}

std::string build_tsquery(const std::string& query, const SynonymTable& synonyms) {
  std::string expr;
  for (const auto& variants : query_phrases(query, synonyms)) {
    std::string alternatives;
    for (const auto& tokens : variants) {
      Phrase p;
      for (const auto& t : tokens)
        p.push_back(t.text);
      alternatives += (alternatives.empty() ? "" : " | ") + tsquery_phrase(p);
    }
    if (variants.size() > 1) alternatives = "(" + alternatives + ")";
    expr += (expr.empty() ? "" : " & ") + alternatives;
  }
  return expr;
}

int prepare_pg_keyword_index(store::pg::PgStore& store) {
  store.set_block_terms(tsvector_literal);
  return store.fill_missing_terms();
}

namespace {

// The strict pass of an expression built with `synonyms`: every term's phrases (any variant).
Pass strict_pass(const std::string& query, const SynonymTable& synonyms, const std::string& match) {
  Pass all{build_tsquery(query, synonyms), {}, match, nullptr};
  for (const auto& variants : query_phrases(query, synonyms))
    for (const auto& v : variants) {
      Phrase p;
      for (const auto& t : v)
        p.push_back(t.text);
      all.phrases.push_back(std::move(p));
    }
  return all;
}

}  // namespace

std::vector<SearchHit> pg_keyword_search(const store::pg::PgStore& store, const std::string& query,
                                         const SearchFilter& filter) {
  std::vector<SearchHit> hits;
  const SynonymTable& synonyms = filter.synonyms ? *filter.synonyms : builtin_synonyms();
  const KeywordQuery q = keyword_query(query, filter);
  // The words as typed first: a synonym's matches rank below them (as keyword_index.hpp).
  const Pass literal = strict_pass(query, {}, q.strict_match);
  if (literal.tsquery.empty() || filter.limit <= 0) return hits;
  for (const auto& r : filter.reg_ids)
    store.require(r);
  const Totals totals = block_totals(store);
  const auto highlight = std::make_shared<const std::set<std::string>>(q.highlight);
  run_pass(store, totals, literal, filter, highlight, hits);
  const Pass widened = strict_pass(query, synonyms, q.strict_match);
  if (static_cast<int>(hits.size()) < filter.limit && widened.tsquery != literal.tsquery)
    run_pass(store, totals, widened, filter, highlight, hits);
  if (static_cast<int>(hits.size()) < filter.limit) {
    const auto blocks = static_cast<int64_t>(totals.first);
    const Pass loose = loose_pass(store, q, std::max<int64_t>(1, blocks), filter);
    if (!loose.tsquery.empty() && loose.tsquery != literal.tsquery)
      run_pass(store, totals, loose, filter, highlight, hits);
  }
  return hits;
}

void pg_append_block_filter(std::string& sql, std::vector<store::pg::Param>& params, int& next,
                            const SearchFilter& f, const std::string& alias) {
  if (!f.reg_ids.empty()) {
    sql += " AND " + alias + "reg_id IN " + pg_in_list(next, f.reg_ids.size());
    params.insert(params.end(), f.reg_ids.begin(), f.reg_ids.end());
  }
  if (!f.block_types.empty()) {
    sql += " AND " + alias + "block_type IN " + pg_in_list(next, f.block_types.size());
    for (auto t : f.block_types)
      params.emplace_back(std::string(model::block_type_name(t)));
  }
}

std::string pg_in_list(int& next, size_t n) {
  std::string out = "(";
  for (size_t i = 0; i < n; ++i)
    out += (i ? ", $" : "$") + std::to_string(next++);
  return out + ")";
}

}  // namespace regreader::index
