#pragma once
// The keyword leg on PostgreSQL (issue 18): the same CJK tokens as the FTS5 index, stored per
// block as a tsvector (tokens with their positions, written at save through
// PgStore::set_block_terms, so a document's terms commit with it) and searched through a GIN
// index. PostgreSQL's own parsers are not used: the 'simple' configuration keeps a run of Chinese
// as one word, so 母线失压 could never be found inside 母线失压时的处置. The passes are the FTS5
// leg's: every term as a phrase (tokens adjacent, `<->`), then, when that finds fewer than
// `limit`, the query's rarer tokens ORed with the same coverage floor. Ranked by BM25 as FTS5
// computes it (k1 1.2, b 0.75; a phrase's IDF from the blocks it occurs in, its frequency counted
// in the block's tokens), so both engines order hits alike: PostgreSQL's ts_rank_cd alone gave
// hit@1 0.564 against FTS5's 0.618 on the development set.

#include <string>
#include <vector>

#include "regreader/index/keyword/tokenizer.hpp"
#include "regreader/index/search_filter.hpp"
#include "regreader/store/pg/pg_store.hpp"

namespace regreader::index {

/// A block's terms as a tsvector literal ('母线':1 '线失':2 …) and its token count; colocated
/// tokens share the previous position. Positions past PostgreSQL's limit (16383) stay at it.
std::pair<std::string, int> tsvector_literal(const std::string& content);

/// The strict pass's tsquery: per term its phrases ORed, terms ANDed; "" when nothing is
/// searchable.
std::string build_tsquery(const std::string& query, const SynonymTable& synonyms);

/// Installs the terms writer on `store` and fills the terms of blocks stored without them.
/// Returns how many blocks were filled.
int prepare_pg_keyword_index(store::pg::PgStore& store);

/// "($n, $n+1, …)" for `n` parameters starting at `next` (moved past them).
std::string pg_in_list(int& next, size_t n);

/// Appends the filter's regulation and block-type conditions (" AND reg_id IN ($n…)") for a
/// blocks table named `alias` ("" or "b."), with their parameters.
void pg_append_block_filter(std::string& sql, std::vector<store::pg::Param>& params, int& next,
                            const SearchFilter& f, const std::string& alias);

/// Keyword search on PostgreSQL, with the filters and hit fields of keyword_search.
std::vector<SearchHit> pg_keyword_search(const store::pg::PgStore& store, const std::string& query,
                                         const SearchFilter& filter);

}  // namespace regreader::index
