#include "regreader/index/keyword/keyword_index.hpp"

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "regreader/core/error.hpp"
#include "regreader/index/keyword/counted_bm25.hpp"
#include "regreader/index/keyword/rowid_scope.hpp"
#include "regreader/index/keyword/snippet.hpp"
#include "regreader/index/keyword/tokenizer.hpp"
#include "regreader/index/ranking_memo.hpp"
#include "regreader/store/database.hpp"

namespace regreader::index {

namespace {

// The index is external-content FTS5 over blocks(rowid, content_markdown); the triggers keep it in
// step inside the store's own transactions (cascading deletes fire them too).
constexpr const char* kIndexSchema = R"SQL(
CREATE VIRTUAL TABLE block_fts USING fts5(content_markdown, content='blocks', content_rowid='rowid',
                                          tokenize='regreader_cjk');
CREATE TRIGGER IF NOT EXISTS block_fts_insert AFTER INSERT ON blocks BEGIN
  INSERT INTO block_fts(rowid, content_markdown) VALUES (new.rowid, new.content_markdown);
END;
CREATE TRIGGER IF NOT EXISTS block_fts_delete AFTER DELETE ON blocks BEGIN
  INSERT INTO block_fts(block_fts, rowid, content_markdown) VALUES ('delete', old.rowid, old.content_markdown);
END;
INSERT INTO block_fts(block_fts) VALUES ('rebuild');
)SQL";

// The loose pass ORs at most this many of the query's rarest tokens ...
constexpr size_t kMaxLooseTokens = 8;
// ... and none found in more than this share of all blocks.
constexpr double kMaxLooseShare = 0.05;
// ... unless it occurs in this few blocks at most (small stores keep every token).
constexpr int64_t kMinCommonDocs = 50;
// ... and together found in at most this many blocks (the rarest token is always kept): BM25
// scores every row an OR query matches, about 1.4 us each with eight phrases. At 10^5 blocks and
// the 204 development questions, 3,000 rows gave keyword p50 / p99 3.2 / 8.5 ms, 1,000 rows
// 1.7 / 5.9 ms with the same hit@k (and on the whole corpus, MRR 0.722 -> 0.731 for the questions
// naming their regulation); 300 rows lost hits (0.817 -> 0.811 MRR) for little time.
constexpr int64_t kMaxLooseRows = 1000;

std::string quote_phrase(const std::vector<Token>& tokens) {
  std::string out = "\"";
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (i) out += " ";
    for (char c : tokens[i].text) {
      if (c == '"')
        out += "\"\"";
      else
        out.push_back(c);
    }
  }
  return out + "\"";
}

}  // namespace

namespace {

// How many blocks hold each token, counted from the index's vocabulary after every change of the
// library (optimize_keyword_index) and tagged with the store's version they were counted at. The
// loose pass reads a token's count from here, one row, where counting its blocks walked up to a
// thousand entries of its list per token (a quarter of the keyword leg at 10^5 blocks); when the
// store has moved on since, it counts as before.
constexpr const char* kStatisticsSchema = R"SQL(
CREATE TABLE IF NOT EXISTS block_token_blocks (token TEXT PRIMARY KEY, blocks INTEGER NOT NULL)
  WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS block_token_version (version TEXT NOT NULL);
)SQL";

bool table_exists(store::Database& db, const char* name) {
  // The statement ends with this function: a stepped statement keeps its read transaction open,
  // and a write begun on top of a snapshot another process has since moved past never gets the
  // lock.
  auto exists = db.prepare("SELECT count(*) FROM sqlite_master WHERE name = ?1");
  exists.bind(1, name);
  exists.step();
  return exists.integer(0) > 0;
}

bool keyword_index_exists(store::Database& db) {
  return table_exists(db, "block_fts") && table_exists(db, "block_token_version");
}

// Inside a write transaction: the token counts and row lengths of the library as it is now.
void count_tokens(store::PageStore& store) {
  store::Database& db = *store.database();
  db.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.block_fts_vocab USING fts5vocab(main, block_fts, "
      "'row')");
  db.exec("DELETE FROM block_token_blocks");
  db.exec("INSERT INTO block_token_blocks SELECT term, doc FROM temp.block_fts_vocab");
  db.exec("DELETE FROM block_token_version");
  db.prepare("INSERT INTO block_token_version VALUES (?1)").bind(1, store.version()).run();
  store_row_lengths(store);
}

}  // namespace

void ensure_keyword_index(store::PageStore& store) {
  store::Database* db = store.database();
  if (!db || keyword_index_exists(*db)) return;
  store::Transaction tx(*db);
  // Asked again under the write lock: two first ingests both saw no index before one made it.
  if (keyword_index_exists(*db)) return;
  if (!table_exists(*db, "block_fts")) db->exec(kIndexSchema);
  db->exec(kStatisticsSchema);
  count_tokens(store);
  tx.commit();
}

void optimize_keyword_index(store::PageStore& store) {
  store::Database* db = store.database();
  if (!db) return;
  store::Transaction tx(*db);
  db->exec("INSERT INTO block_fts(block_fts) VALUES ('optimize')");
  count_tokens(store);
  tx.commit();
}

namespace {

// The query's space-separated terms.
std::vector<std::string> query_terms(const std::string& query) {
  std::vector<std::string> terms;
  std::string term;
  for (char c : query + " ") {
    if (c == ' ' || c == '\t' || c == '\n') {
      if (!term.empty()) terms.push_back(std::move(term));
      term.clear();
    } else {
      term.push_back(c);
    }
  }
  return terms;
}

}  // namespace

std::vector<std::vector<std::vector<Token>>> query_phrases(const std::string& query,
                                                           const SynonymTable& synonyms) {
  std::vector<std::vector<std::vector<Token>>> out;
  for (const auto& term : query_terms(query)) {
    std::vector<std::vector<Token>> variants;
    for (const auto& variant : expand_term(term, synonyms)) {
      auto tokens = tokenize(variant, TokenizeMode::kQuery);
      if (!tokens.empty()) variants.push_back(std::move(tokens));
    }
    if (!variants.empty()) out.push_back(std::move(variants));
  }
  return out;
}

std::string build_match_expression(const std::string& query, const SynonymTable& synonyms) {
  std::string expr;
  for (const auto& variants : query_phrases(query, synonyms)) {
    std::vector<std::string> phrases;
    for (const auto& tokens : variants)
      phrases.push_back(quote_phrase(tokens));
    std::string alternatives = phrases.front();
    for (size_t i = 1; i < phrases.size(); ++i)
      alternatives += " OR " + phrases[i];
    if (phrases.size() > 1) alternatives = "(" + alternatives + ")";
    expr += (expr.empty() ? "" : " AND ") + alternatives;
  }
  return expr;
}

namespace {

// What a pass calls its hits; for the loose pass, the query's tokens, whose share found in a
// block is its coverage.
struct PassKind {
  std::string match;
  const TermTokens* terms = nullptr;                       ///< loose pass: for the coverage floor
  std::shared_ptr<const std::set<std::string>> highlight;  ///< tokens marked in the snippet
  double floor = kMinCoverage;
  /// The coverage of each block text met in the pass: copies of a regulation rank the same
  /// clause many times over, and tokenizing it again is most of a candidate's cost.
  std::unordered_map<std::string, double>* covered = nullptr;
  /// Each phrase's block count when the index keeps them (the loose pass); else counted as
  /// bm25() counts them.
  const std::vector<int64_t>* phrase_blocks = nullptr;
  /// Each row's length when the index keeps them at the store's version.
  const RowLengths* lengths = nullptr;
  /// Chapter paths already parsed in this search, by their stored JSON: the copies of a clause
  /// and the clauses of one chapter share one.
  std::unordered_map<std::string, std::vector<std::string>>* paths = nullptr;
};

}  // namespace

double coverage(const std::string& text, const TermTokens& terms) {
  if (terms.empty()) return 0;
  // Only the query's tokens are looked for: a block has hundreds of others.
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  using Set = std::unordered_set<std::string, Hash, std::equal_to<>>;
  Set wanted;
  for (const auto& variants : terms)
    for (const auto& tokens : variants)
      wanted.insert(tokens.begin(), tokens.end());
  Set in_text;
  for_each_token(text, TokenizeMode::kDocument, [&](const TokenView& t) {
    if (wanted.find(t.text) != wanted.end() && in_text.find(t.text) == in_text.end())
      in_text.emplace(t.text);
  });
  // Each term weighs as many tokens as it has as typed (its first variant), so that without
  // synonyms this is the share of the query's tokens found.
  double found_weight = 0, weight = 0;
  for (const auto& variants : terms) {
    if (variants.empty() || variants.front().empty()) continue;
    double best = 0;
    for (const auto& tokens : variants) {
      if (tokens.empty()) continue;
      const auto found = std::count_if(tokens.begin(), tokens.end(),
                                       [&](const std::string& t) { return in_text.count(t) > 0; });
      best = std::max(best, static_cast<double>(found) / static_cast<double>(tokens.size()));
    }
    const auto w = static_cast<double>(variants.front().size());
    found_weight += best * w;
    weight += w;
  }
  return weight > 0 ? found_weight / weight : 0;
}

namespace {

// A chapter path is stored as JSON text holding its titles as written (nlohmann writes UTF-8 as
// is and escapes only quotes, backslashes and control characters): a block whose stored path
// lacks the scope's text is in no chapter of it (in_chapter_scope looks for the scope inside a
// title, or a title's number beginning with it). False when the scope's text would be escaped.
bool path_text_tells(const std::string& scope) {
  return !scope.empty() && std::none_of(scope.begin(), scope.end(), [](char c) {
    return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
  });
}

// The block behind one ranked row as a hit of the pass; nullopt when the filters' chapters or
// the loose pass's floor leave it out.
std::optional<SearchHit> make_hit(store::Database& db, int64_t rowid, double bm25,
                                  const SearchFilter& filter, const PassKind& kind) {
  auto row = db.cached(
      "SELECT reg_id, page_num, block_id, block_type, chapter_path, content_markdown FROM blocks "
      "WHERE rowid = ?1");
  row->bind(1, rowid);
  if (!row->step()) return std::nullopt;
  SearchHit h;
  std::string stored_path = row->text(4);
  auto parse_path = [&] {
    return nlohmann::json::parse(stored_path).get<std::vector<std::string>>();
  };
  if (!kind.paths) {
    h.chapter_path = parse_path();
  } else {
    auto known = kind.paths->find(stored_path);
    if (known == kind.paths->end()) known = kind.paths->emplace(stored_path, parse_path()).first;
    h.chapter_path = known->second;
  }
  if (!matches_chapter_filters(h.chapter_path, filter)) return std::nullopt;
  const std::string content = row->text(5);
  h.match = kind.match;
  if (kind.terms) {
    // A block sharing only a pair or two of common characters with the query (存在 of
    // "xyz不存在的词") is no answer: under the floor it is dropped, not shown as a hit.
    if (!kind.covered) {
      h.coverage = coverage(content, *kind.terms);
    } else if (auto known = kind.covered->find(content); known != kind.covered->end()) {
      h.coverage = known->second;
    } else {
      h.coverage = coverage(content, *kind.terms);
      kind.covered->emplace(content, h.coverage);
    }
    if (h.coverage < kind.floor || h.coverage <= 0) return std::nullopt;
  }
  h.content_hash = content_hash(content);
  h.reg_id = row->text(0);
  h.page_num = static_cast<int>(row->integer(1));
  h.block_id = row->text(2);
  h.block_type = model::parse_block_type(row->text(3));
  h.score = -bm25;  // FTS5's bm25() is lower for better matches
  finish_hit(h);
  if (filter.defer_snippets)
    h.snippet_tokens = kind.highlight;
  else
    h.snippet = make_snippet(content, *kind.highlight);
  return h;
}

// The ranking query of a pass: its text, then its parameters bound but the last (the LIMIT,
// numbered `limit_param`).
struct RankingQuery {
  std::string sql;
  bool by_path = false;  ///< the chapter scope's text is a parameter
  int limit_param = 0;
};

// Ranked by regreader_bm25 (counted_bm25.hpp), its statistics parameter 2.
RankingQuery ranking_query(const SearchFilter& filter, bool scoped) {
  // Filters on the block (its chapter's text, its type) join the matches to their rows, so that
  // FTS5 ranks only the blocks that pass them: a definition's search in the terms chapters read
  // ~1,500 ranked rows at 10^5 blocks to keep three.
  RankingQuery q;
  q.by_path = path_text_tells(filter.chapter_scope);
  const bool by_path = q.by_path;
  q.sql = "SELECT block_fts.rowid, regreader_bm25(block_fts, ?2) AS score FROM block_fts";
  if (by_path || !filter.block_types.empty())
    q.sql += " JOIN blocks ON blocks.rowid = block_fts.rowid";
  q.sql += " WHERE block_fts MATCH ?1";
  int next = 3;
  if (scoped) q.sql += " AND regreader_in_scope(?" + std::to_string(next++) + ", block_fts.rowid)";
  if (by_path) q.sql += " AND instr(blocks.chapter_path, ?" + std::to_string(next++) + ") > 0";
  append_in_list(q.sql, next, "blocks.block_type", filter.block_types.size());
  q.sql += " ORDER BY score, block_fts.rowid LIMIT ?" + std::to_string(next);
  q.limit_param = next;
  return q;
}

void run_query(store::Database& db, const std::string& match, const SearchFilter& filter,
               const RowidScope* scope, const PassKind& kind, std::vector<SearchHit>& hits) {
  const RankingQuery rq = ranking_query(filter, scope != nullptr);
  // Cached per connection: the text varies only with the filter's shape (which filters, how
  // many types).
  auto s = db.cached(rq.sql);
  int k = 1;
  s->bind(k++, match);
  const Bm25Statistics statistics{kind.phrase_blocks, kind.lengths};
  s->bind_pointer(k++, &statistics, kBm25StatisticsPointer);
  if (scope) s->bind_pointer(k++, scope, kRowidScopePointer);
  if (rq.by_path) s->bind(k++, filter.chapter_scope);
  for (auto t : filter.block_types)
    s->bind(k++, model::block_type_name(t));
  // With chapter filters the ranked matches are read until `limit` pass them, however far down:
  // a cap here made `limit 5` miss hits that `limit 10` found.
  const bool chapter_filters = !filter.chapter_scope.empty() || !filter.section_number.empty();
  const int64_t wanted = chapter_filters ? -1 : filter.limit + static_cast<int64_t>(hits.size());
  // Within a search that may ask again deeper, the ranking is kept (ranking_memo.hpp); the rows
  // read are its first `wanted` either way, so that the hits are those of a ranking cut there.
  RankingMemo* memo = wanted >= 0 ? RankingMemo::current() : nullptr;
  RankingMemo::Ranking* kept = nullptr;
  if (memo) {
    std::string key = rq.sql + '\x1f' + match + '\x1f' + filter.chapter_scope;
    for (const auto& r : filter.reg_ids)
      key += '\x1f' + r;
    for (auto t : filter.block_types)
      key += '\x1f' + std::string(model::block_type_name(t));
    kept = &memo->rankings[key];
    if (!kept->covers(wanted)) {
      kept->limit = std::max(wanted, RankingMemo::kDepth);
      kept->rows.clear();
      s->bind(rq.limit_param, kept->limit);
      while (s->step())
        kept->rows.emplace_back(s->integer(0), s->real(1));
    }
  } else {
    s->bind(rq.limit_param, wanted);
  }
  size_t at = 0;
  int64_t rowid = 0;
  double bm25 = 0;
  auto next_ranked = [&] {
    if (!kept) {
      if (!s->step()) return false;
      rowid = s->integer(0);
      bm25 = s->real(1);
      return true;
    }
    if (at >= kept->rows.size() || static_cast<int64_t>(at) >= wanted) return false;
    std::tie(rowid, bm25) = kept->rows[at++];
    return true;
  };
  while (static_cast<int>(hits.size()) < filter.limit && next_ranked()) {
    auto h = make_hit(db, rowid, bm25, filter, kind);
    if (!h || std::any_of(hits.begin(), hits.end(),
                          [&](const SearchHit& x) { return x.block_id == h->block_id; }))
      continue;
    hits.push_back(std::move(*h));
  }
}

}  // namespace

namespace {

// Blocks holding `token`, counted up to `cap` (FTS5 walks the token's doclist in rowid order and
// stops there).
int64_t blocks_with(store::Database& db, const std::string& token, int64_t cap) {
  auto count =
      db.cached("SELECT count(*) FROM (SELECT 1 FROM block_fts WHERE block_fts MATCH ?1 LIMIT ?2)");
  count->bind(1, quote_phrase({Token{token, 0, 0}}));
  count->bind(2, cap);
  const int64_t n = count->step() ? count->integer(0) : 0;
  count->reset();
  return n;
}

// The loose pass ORs the query's rarest tokens only: a bigram found in a large share of all blocks
// (的规, 应当) says little and makes the OR query slow. The block count is approximated by the
// largest rowid. Document frequencies are counted, not read from FTS5's vocabulary (fts5vocab
// walks a token's whole doclist to count it: 0.43 ms of a 0.95 ms query at 10^5 blocks), and
// only as far as choose_loose_tokens can tell them apart: past kMaxLooseRows a token can only be
// the first one chosen, so exact counts (up to the too-common share) are needed only when every
// token of the query is past it.
// The counted blocks of each token when they were counted at the store's present version (with
// the cap blocks_with would have stopped at); nullopt when the library has changed since.
std::optional<std::vector<int64_t>> counted_blocks(const store::PageStore& store,
                                                   const std::vector<std::string>& tokens) {
  store::Database& db = *store.database();
  try {
    auto at = db.cached("SELECT version FROM block_token_version");
    if (!at->step() || at->text(0) != store.version()) return std::nullopt;
  } catch (const StorageError&) {  // an index made before the counts, opened read-only
    return std::nullopt;
  }
  std::vector<int64_t> out;
  auto count = db.cached("SELECT blocks FROM block_token_blocks WHERE token = ?1");
  for (const auto& t : tokens) {
    count->bind(1, t);
    out.push_back(count->step() ? count->integer(0) : 0);
    count->reset();
  }
  return out;
}

// The loose pass's MATCH expression and, when the index's counts are current, each of its
// phrases' block counts (for regreader_bm25).
struct LooseExpression {
  std::string match;
  std::optional<std::vector<int64_t>> counts;
};

// True when FTS5 reads `token`, quoted, as that one token: its count in the vocabulary is then
// the phrase's.
bool one_token(const std::string& token) {
  const auto tokens = tokenize(token, TokenizeMode::kQuery);
  return tokens.size() == 1 && tokens.front().text == token;
}

LooseExpression rare_tokens_expression(const store::PageStore& store,
                                       const std::vector<std::string>& tokens, bool keep_common) {
  store::Database& db = *store.database();
  int64_t blocks = 1;
  {
    auto total = db.cached("SELECT max(rowid) FROM blocks");
    if (total->step()) blocks = std::max<int64_t>(1, total->integer(0));
  }
  const auto known = counted_blocks(store, tokens);
  // Counted as blocks_with counts them: up to a cap, so that both ways choose the same tokens.
  auto blocks_up_to = [&](size_t i, int64_t cap) {
    return known ? std::min((*known)[i], cap) : blocks_with(db, tokens[i], cap);
  };
  std::vector<TokenFrequency> counted;
  bool any_rare = false;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const int64_t n = blocks_up_to(i, kMaxLooseRows + 1);
    any_rare = any_rare || (n > 0 && n <= kMaxLooseRows);
    counted.push_back({tokens[i], n});
  }
  if (!any_rare && !keep_common) {
    const auto common = std::max<int64_t>(
        kMinCommonDocs, static_cast<int64_t>(kMaxLooseShare * static_cast<double>(blocks)));
    for (size_t i = 0; i < counted.size(); ++i)
      if (counted[i].blocks > kMaxLooseRows) counted[i].blocks = blocks_up_to(i, common + 1);
  }
  LooseExpression out;
  if (known) out.counts.emplace();
  for (const auto& t : choose_loose_tokens(counted, blocks, keep_common)) {
    out.match += (out.match.empty() ? "" : " OR ") + quote_phrase({Token{t, 0, 0}});
    const auto at =
        static_cast<size_t>(std::find(tokens.begin(), tokens.end(), t) - tokens.begin());
    if (out.counts && one_token(t))
      out.counts->push_back((*known)[at]);
    else
      out.counts.reset();
  }
  return out;
}

}  // namespace

std::vector<std::string> choose_loose_tokens(const std::vector<TokenFrequency>& tokens,
                                             int64_t blocks, bool keep_common) {
  std::vector<TokenFrequency> ranked;
  for (const auto& t : tokens) {
    const bool seen = std::any_of(ranked.begin(), ranked.end(),
                                  [&](const TokenFrequency& r) { return r.token == t.token; });
    const bool too_common =
        !keep_common && t.blocks > kMinCommonDocs &&
        static_cast<double>(t.blocks) > kMaxLooseShare * static_cast<double>(blocks);
    if (!seen && t.blocks > 0 && !too_common) ranked.push_back(t);
  }
  std::stable_sort(
      ranked.begin(), ranked.end(),
      [](const TokenFrequency& x, const TokenFrequency& y) { return x.blocks < y.blocks; });
  std::vector<std::string> out;
  int64_t rows = 0;
  for (size_t i = 0; i < ranked.size() && i < kMaxLooseTokens; ++i) {
    rows += ranked[i].blocks;
    if (i > 0 && rows > kMaxLooseRows) break;
    out.push_back(ranked[i].token);
  }
  return out;
}

std::set<std::string> highlight_tokens(const std::string& query, const SearchFilter& filter) {
  const SynonymTable& synonyms = filter.synonyms ? *filter.synonyms : builtin_synonyms();
  std::set<std::string> out;
  for (const auto& term : query_terms(query))
    for (const auto& variant : expand_term(term, synonyms))
      for (const auto& t : tokenize(variant, TokenizeMode::kQuery))
        out.insert(t.text);
  return out;
}

KeywordQuery keyword_query(const std::string& query, const SearchFilter& filter) {
  const SynonymTable& synonyms = filter.synonyms ? *filter.synonyms : builtin_synonyms();
  KeywordQuery q;
  q.strict_match = query.find_first_of(" \t\n") == std::string::npos ? "exact" : "all_terms";
  for (const auto& variants : query_phrases(query, synonyms)) {
    auto& term = q.terms.emplace_back();
    for (const auto& tokens : variants) {
      auto& set = term.emplace_back();
      for (const auto& t : tokens) {
        set.insert(t.text);
        q.highlight.insert(t.text);
        if (std::find(q.loose_candidates.begin(), q.loose_candidates.end(), t.text) ==
            q.loose_candidates.end())
          q.loose_candidates.push_back(t.text);
      }
    }
  }
  return q;
}

std::vector<SearchHit> keyword_search(const store::PageStore& store, const std::string& query,
                                      const SearchFilter& filter) {
  std::vector<SearchHit> hits;
  store::Database* db = store.database();
  const SynonymTable& synonyms = filter.synonyms ? *filter.synonyms : builtin_synonyms();
  // The words as typed first: a synonym's matches rank below them.
  const std::string literal = build_match_expression(query, {});
  const std::string widened = build_match_expression(query, synonyms);
  if (!db || literal.empty() || filter.limit <= 0) return hits;
  // One read transaction for every pass (one version of the library, one lock taken).
  const store::ReadSnapshot snapshot(db);
  for (const auto& r : filter.reg_ids)
    store.require(r);
  const KeywordQuery q = keyword_query(query, filter);
  const auto highlight = std::make_shared<const std::set<std::string>>(q.highlight);
  const auto scope = filter.reg_ids.empty() ? nullptr : regulation_scope(store, filter.reg_ids);
  const auto lengths = row_lengths(store);
  std::unordered_map<std::string, std::vector<std::string>> paths;
  PassKind strict{q.strict_match, nullptr, highlight};
  strict.lengths = lengths.get();
  strict.paths = &paths;
  run_query(*db, literal, filter, scope.get(), strict, hits);
  if (static_cast<int>(hits.size()) < filter.limit && widened != literal)
    run_query(*db, widened, filter, scope.get(), strict, hits);
  if (static_cast<int>(hits.size()) < filter.limit) {
    const auto loose = rare_tokens_expression(store, q.loose_candidates, filter.every_token);
    std::unordered_map<std::string, double> covered;
    if (!loose.match.empty() && loose.match != literal)
      run_query(*db, loose.match, filter, scope.get(),
                {"partial", &q.terms, highlight, filter.min_coverage, &covered,
                 loose.counts ? &*loose.counts : nullptr, lengths.get(), &paths},
                hits);
  }
  return hits;
}

}  // namespace regreader::index
