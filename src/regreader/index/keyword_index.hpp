#pragma once
// The keyword index: an SQLite FTS5 table over the stored blocks, tokenized by tokenizer.hpp
// (registered with FTS5 as "regreader_cjk"), kept in step with the blocks table by triggers, so
// the store's one-transaction ingest and delete also update the index. BM25 ranking.

#include <sqlite3.h>

#include <string>
#include <vector>

#include "regreader/index/synonyms.hpp"
#include "regreader/model/content_block.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::index {

/// Registers the tokenizer with every SQLite connection opened from now on
/// (sqlite3_auto_extension). Call once at start-up, before opening a store.
void enable_keyword_index();

/// Creates the FTS table and its triggers when missing, and fills it from the stored blocks.
void ensure_keyword_index(store::PageStore& store);

/// The FTS5 MATCH expression for what a user typed: each term becomes a quoted phrase of its
/// tokens, so "母线失压" must match in order and FTS5 syntax typed by users ("*", "AND", quotes,
/// parentheses) is searched as text, never an error. A term with a synonym (变电所 -> 变电站)
/// matches either. Empty when the query has no searchable token.
std::string build_match_expression(const std::string& query,
                                   const SynonymTable& synonyms = builtin_synonyms());

struct SearchFilter {
  std::vector<std::string> reg_ids;  ///< empty: every regulation
  std::string chapter_scope;  ///< "5.2" (and everything under it) or words of a chapter title
  std::vector<model::BlockType> block_types;
  int limit = 10;
  const SynonymTable* synonyms = nullptr;  ///< null: the built-in pairs
};

struct SearchHit {
  std::string reg_id;
  int page_num = 0;
  std::string block_id;
  model::BlockType block_type = model::BlockType::kText;
  std::vector<std::string> chapter_path;
  std::string section_number;  ///< of the innermost numbered chapter
  std::string snippet;         ///< with the matches in 【】
  double score = 0;            ///< higher is better (negated BM25)
  std::string source;          ///< "GB26860-2011 P4 5.2.2"
};

/// Keyword search over the stored blocks: blocks that contain every term of the query first (BM25
/// order), then blocks that contain some of its rarer tokens (at most 8; none found in more than
/// 5% of the blocks and more than 50 of them).
std::vector<SearchHit> keyword_search(const store::PageStore& store, const std::string& query,
                                      const SearchFilter& filter);

}  // namespace regreader::index
