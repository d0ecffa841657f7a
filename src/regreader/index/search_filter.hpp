#pragma once
// What every search leg shares: the filter a caller passes (regulations, chapter scope, block
// types, exact section) and the hit it gets back, with the rules that match a block's chapter path
// against a filter. The keyword, vector and hybrid searches apply the same rules.

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "regreader/index/synonyms.hpp"
#include "regreader/model/content_block.hpp"

namespace regreader::index {

struct SearchFilter {
  std::vector<std::string> reg_ids;  ///< empty: every regulation
  std::string chapter_scope;  ///< "5.2" (and everything under it) or words of a chapter title
  std::vector<model::BlockType> block_types;
  /// A clause and its sub-clauses ("4.1" keeps 4.1, 4.1.10 …), or with `section_exact` only
  /// blocks whose innermost section is exactly it; "" = any. Applied inside each leg's query, so
  /// `limit k` returns the first k hits of an unlimited search.
  std::string section_number;
  bool section_exact = false;
  int limit = 10;
  const SynonymTable* synonyms = nullptr;  ///< null: the built-in pairs
  /// The loose pass's floor: partial hits sharing less than this share of the query's terms are
  /// dropped (keyword_index.hpp, kMinCoverage). 0 with `every_token`: the last resort of a search
  /// that found nothing, where any block holding a token of the query is an answer.
  double min_coverage = 0.3;
  /// The loose pass keeps the query's common tokens too (else dropped past 5% of the blocks).
  bool every_token = false;
  /// Keyword hits come without their snippet, only what makes it (SearchHit::snippet_tokens):
  /// a caller ranking deep and keeping few (guided_search.hpp folds copies of 120 candidates into
  /// 10 hits) makes the snippets of the hits it keeps with make_snippets().
  bool defer_snippets = false;
};

/// Another regulation's copy of a hit's block (copies.hpp).
struct HitCopy {
  std::string reg_id;
  int page_num = 0;
  std::string block_id;
  std::string source;
};

struct SearchHit {
  std::string reg_id;
  int page_num = 0;
  std::string block_id;
  model::BlockType block_type = model::BlockType::kText;
  std::vector<std::string> chapter_path;
  std::string section_number;  ///< of the innermost numbered chapter
  std::string snippet;         ///< with keyword matches in 【】; vector hits: the block's start
  double score = 0;            ///< higher is better; comparable within one leg only
  std::string source;          ///< "GB26860-2011 P4 5.2.2"
  /// How the hit matches the query: "exact" (the query's one term, synonyms included),
  /// "all_terms" (every space-separated term), "partial" (some of the query's character pairs:
  /// the loose pass), "semantic" (the vector leg alone), "definition" (the entry defining the
  /// term a question asks about: guided_search.hpp).
  std::string match = "exact";
  /// Share of the query found in the block (partial hits): per term, the share of its character
  /// pairs found, the best of its synonyms; averaged over the terms, weighted by their pairs.
  double coverage = 1;
  std::vector<HitCopy> copies;  ///< the same block in copies of the regulation (copies.hpp)
  /// content_hash() of the block's text when the leg that found it read the text (0: not
  /// read): copies of a clause fold without their texts being read again (copies.hpp).
  uint64_t content_hash = 0;
  /// While the snippet is still to be made (SearchFilter::defer_snippets): the tokens it marks.
  std::shared_ptr<const std::set<std::string>> snippet_tokens;
};

/// True when a block with this chapter path lies in `scope` ("5.2" = 5.2 and below; other text =
/// words of a chapter title). An empty scope matches everything.
bool in_chapter_scope(const std::vector<std::string>& chapter_path, const std::string& scope);

/// True when section `have` is `want` or one of its sub-clauses ("4.1.10" in "4.1").
bool in_section(const std::string& have, const std::string& want);

/// Section number of the innermost numbered chapter of a path ("5.2.2"), or "".
std::string innermost_section(const std::vector<std::string>& chapter_path);

/// The chapter scope and exact-section parts of a filter (regulation and type are SQL's job).
bool matches_chapter_filters(const std::vector<std::string>& chapter_path, const SearchFilter& f);

/// Fills section_number and source from reg_id, page_num and chapter_path.
void finish_hit(SearchHit& hit);

/// A block text's hash for SearchHit::content_hash: never 0.
uint64_t content_hash(std::string_view text);

/// True when a block read by id passes the filter's type, chapter and section parts (the
/// regulation is the caller's).
bool passes_block_filters(const model::ContentBlock& b, const SearchFilter& f);

/// A block read by id as a hit with `match`, finished (finish_hit); score, coverage and snippet
/// are the caller's.
SearchHit hit_of_block(const std::string& reg_id, int page_num, const model::ContentBlock& b,
                       const std::string& match);

/// The first characters of a block (about `chars` code points, whitespace folded), for hits
/// without a keyword match.
std::string leading_snippet(const std::string& text, int chars);

/// Appends " AND column IN (?N, ?N+1, …)" for `n` parameters numbered from `next_param`
/// (advanced past them); nothing when `n` is 0. The SQL both search legs filter with.
void append_in_list(std::string& sql, int& next_param, const char* column, size_t n);

}  // namespace regreader::index
