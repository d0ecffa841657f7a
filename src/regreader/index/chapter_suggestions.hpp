#pragma once
// The chapters a question's words point to: when a search had to fall back (nothing held the
// question's words together) or found nothing, the table-of-contents titles that share the most
// of the question's character pairs are the reader's next step, as a person turns to the table
// of contents when the index fails them.

#include <optional>
#include <string>
#include <vector>

#include "regreader/index/synonyms.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::index {

struct ChapterSuggestion {
  std::string reg_id;
  std::string section_number;
  std::string title;  ///< "7.3 装设接地线"
  int page_start = 0;
  int page_end = 0;
  std::string block_id;  ///< the chapter's first block ("" when it has none of its own)
  int shared = 0;        ///< the question's character pairs (or a synonym's) the title holds
  double score = 0;      ///< the shared pairs weighted by their rarity among titles
};

/// At most `limit` chapters of `reg_ids` (empty: every regulation) whose titles share the most
/// character pairs with `question` or its terms' synonyms, each pair weighted by how few titles
/// hold it, and more for a title the question covers more of; best first, a deeper chapter before
/// its parent when they score alike. Titles are read once per library state.
std::vector<ChapterSuggestion> suggest_chapters(const store::DocumentStore& store,
                                                const std::string& question,
                                                const std::vector<std::string>& reg_ids,
                                                const SynonymTable& synonyms, int limit = 5);

/// The chapter a question names as what it asks about: a chapter without sub-chapters whose
/// title, three characters or more and no part of its regulation's title, ends one of
/// `asked_about` (QuestionTerms: the text right before a question word), in `reg_ids` (empty:
/// every regulation). "短路比怎么算" asks about 2.5 短路比, "专责监护人能不能…" about 5.4.4
/// 专责监护人; "测风塔上风速仪…" names no chapter. The longest such title; none when no title does.
std::optional<ChapterSuggestion> chapter_asked_about(const store::DocumentStore& store,
                                                     const std::vector<std::string>& asked_about,
                                                     const std::vector<std::string>& reg_ids);

}  // namespace regreader::index
