#pragma once
// Chapters ranked by all of their text: a question in a worker's words shares few words with any
// one clause, but its words are spread over the chapter it was asked about (its title and its
// clauses together), as a reader who skims a chapter recognises it as the one about the question.
// Each chapter (its title, weighted, and its own blocks) is one document scored by BM25 over the
// question's character pairs and content characters; the index is built from the store once per
// library state. The keyword engine ranks blocks, and neither FTS5 nor PostgreSQL ranks a group
// of rows as one document, so this small inverted index is ours.

#include <string>
#include <vector>

#include "regreader/index/search_filter.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::index {

struct ChapterByText {
  std::string reg_id;
  std::vector<std::string> chapter_path;  ///< display titles from the root down to the chapter
  double score = 0;
  /// The chapter's block holding the most of the question (its rarer tokens weighing more), as a
  /// partial hit: coverage is the share of the question's pairs it holds; no snippet yet (its
  /// snippet_tokens are the question's tokens it holds).
  SearchHit best_block;
};

/// At most `limit` chapters of `reg_ids` (empty: every regulation) whose text holds the most of
/// `question`, best first; chapters with no block or none that passes the filter's chapter and
/// type parts are skipped.
std::vector<ChapterByText> chapters_by_text(const store::DocumentStore& store,
                                            const std::string& question, const SearchFilter& f,
                                            int limit);

/// `hits` with `chapters` (best first) placed among them: the first hit stays first; a hit in
/// each of the first `sure` chapters comes right after it (the search's own hit in the chapter,
/// moved up, else the chapter's best block), in the chapters' order; for each later chapter with
/// no hit among the first `late_place` of `hits`, its hit (moved, else its best block) takes
/// place `late_place` (0-based) in front of the hit there. A chapter of the first hit's is
/// passed over.
std::vector<SearchHit> place_text_chapters(std::vector<SearchHit> hits,
                                           std::vector<ChapterByText> chapters, size_t sure,
                                           size_t late_place);

}  // namespace regreader::index
