#pragma once
// The keyword index: an SQLite FTS5 table over the stored blocks, tokenized by tokenizer.hpp
// (registered with FTS5 as "regreader_cjk"), kept in step with the blocks table by triggers, so
// the store's one-transaction ingest and delete also update the index. BM25 ranking.

#include <sqlite3.h>

#include <set>
#include <string>
#include <vector>

#include "regreader/index/keyword/tokenizer.hpp"
#include "regreader/index/search_filter.hpp"
#include "regreader/index/synonyms.hpp"
#include "regreader/model/content_block.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::index {

/// Registers the tokenizer with every SQLite connection opened from now on
/// (sqlite3_auto_extension). Call once at start-up, before opening a store.
void enable_keyword_index();

/// Creates the FTS table and its triggers when missing, and fills it from the stored blocks.
void ensure_keyword_index(store::PageStore& store);

/// Merges the index's segments into one (FTS5 'optimize'). Each stored document adds segments;
/// queries read every segment, so after an ingest of many files they were 3x slower (10^4
/// blocks: keyword p50 5 ms, 1.6 ms merged). Costs about 0.5 s at 10^5 blocks; run once per
/// ingest or reindex command, not per file.
void optimize_keyword_index(store::PageStore& store);

/// The FTS5 MATCH expression for what a user typed: each term becomes a quoted phrase of its
/// tokens, so "母线失压" must match in order and FTS5 syntax typed by users ("*", "AND", quotes,
/// parentheses) is searched as text, never an error. A term with a synonym (变电所 -> 变电站)
/// matches either. Empty when the query has no searchable token.
std::string build_match_expression(const std::string& query,
                                   const SynonymTable& synonyms = builtin_synonyms());

/// A query token and the number of blocks it occurs in.
struct TokenFrequency {
  std::string token;
  int64_t blocks = 0;
};

/// The tokens of the loose pass, rarest first: tokens found in no block, or (unless
/// `keep_common`) in more than 5% of `blocks` and more than 50 blocks, are dropped; then at most
/// 8 are kept, and no more once together they occur in over 1,000 blocks (the rarest is always
/// kept).
std::vector<std::string> choose_loose_tokens(const std::vector<TokenFrequency>& tokens,
                                             int64_t blocks, bool keep_common = false);

/// The query's phrases: per space-separated term, the token sequence of each of its variants (the
/// term and its synonyms). Terms without a searchable token are left out. Both engines' keyword
/// legs build their expressions from it (FTS5 MATCH here, tsquery in pg_keyword_index.hpp).
std::vector<std::vector<std::vector<Token>>> query_phrases(const std::string& query,
                                                           const SynonymTable& synonyms);

/// A query's terms as coverage counts them: per term, the token set of each of its variants.
using TermTokens = std::vector<std::vector<std::set<std::string>>>;

/// How much of the query a block holds: per term, the largest share of a variant's tokens found
/// in `text` (装设接地线 for 挂地线 counts whole), averaged over the terms weighted by their
/// tokens as typed: without synonyms, the share of the query's tokens found.
double coverage(const std::string& text, const TermTokens& terms);

/// Loose-pass hits with less than this share of the query (coverage()) are dropped by default
/// (SearchFilter::min_coverage). A worker's question matches its clause at 0.4-0.6 (倒闸操作票应保
/// 存多长时间: 5 of 11 pairs); a nonsense query shares one common pair (xyz不存在的词: 存在, 1 of
/// 5).
constexpr double kMinCoverage = 0.3;

/// The tokens of the query's terms and of their synonyms: what a snippet marks.
std::set<std::string> highlight_tokens(const std::string& query, const SearchFilter& filter);

/// What both engines' passes need of a query: what strict hits are called ("exact" for one term,
/// "all_terms" for several), the literal and the synonym-widened strict expressions' phrases, the
/// terms (the loose pass's coverage), every variant's tokens (the loose pass's candidates) and the
/// tokens a snippet marks.
struct KeywordQuery {
  std::string strict_match;
  TermTokens terms;
  std::vector<std::string> loose_candidates;  ///< every variant's tokens, in query order, once
  std::set<std::string> highlight;
};

KeywordQuery keyword_query(const std::string& query, const SearchFilter& filter);

/// Keyword search over the stored blocks: blocks that contain every term of the query as typed
/// first (BM25 order), then those that do with a term replaced by a synonym, then blocks that
/// contain some of the rarer tokens of the terms and their synonyms (at most 8; none found in more
/// than 5% of the blocks and more than 50 of them, and together in at most 1,000 blocks), at the
/// filter's coverage floor.
std::vector<SearchHit> keyword_search(const store::PageStore& store, const std::string& query,
                                      const SearchFilter& filter);

}  // namespace regreader::index
