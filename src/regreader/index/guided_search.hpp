#pragma once
// Search as a reader asks: the regulations a question names scope it ("根据《消防法》…" searches
// the fire-protection law), a question is reduced to its content words (question_terms.hpp), a
// question for a definition finds the term's own entry first, and copies of one regulation fold
// into one hit (copies.hpp). A reduction never loses the question: when its words are not found
// together, the question as asked is searched (every character pair, ranked), then the vector
// leg, then any block holding a pair of it; an empty answer means no pair of the question occurs
// in the regulations searched, and says so with the closest chapter titles. What the CLI's
// `search`, the smart_search tool, the agents and `eval` run; search.hpp stays the plain engine
// under it.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "regreader/index/chapter_suggestions.hpp"
#include "regreader/index/regulation_mentions.hpp"
#include "regreader/index/search.hpp"

namespace regreader::index {

struct GuidedOptions {
  bool route = true;     ///< scope to the regulations the query names (never over filter.reg_ids)
  bool collapse = true;  ///< fold copies of one regulation into one hit
  int per_reg = 0;       ///< at most this many hits per regulation (a family of copies); 0: any
  const AliasTable* aliases = nullptr;  ///< null: the built-in aliases
};

struct GuidedResult {
  std::vector<SearchHit> hits;
  std::string query_used;  ///< what the legs searched when it differs from the query
  std::string scoped_by;  ///< "《消防法》 -> 消防法(2021-04-29)" when the query's naming scoped it
  std::vector<std::string> scoped_reg_ids;
  std::vector<std::string> unknown_names;  ///< regulations named but not stored
  std::string definition_term;             ///< the term a definition question asks about
  std::string note;                        ///< for people: why the scope was widened, …
  /// How far the search had to go when the question's words were not found together: "" (they
  /// were), "question_as_asked" (the question's character pairs, ranked), "vector" (the semantic
  /// leg of a keyword search), "any_token" (blocks holding any of its pairs: the last resort).
  std::string fallback;
  /// What the fallback searched: the question as asked ("挂地线和拆地线先后顺序是"), "" when none.
  std::string fallback_query;
  /// Chapters whose titles share the most words with the question: set when the search fell
  /// back or found nothing, as a next step.
  std::vector<ChapterSuggestion> suggestions;
  /// Found nothing because no character pair of the question occurs in the searched regulations.
  bool nothing_in_library = false;
};

/// The names of the library's regulations under `aliases`, prepared once per library state.
std::shared_ptr<const RegulationNames> library_names(const store::DocumentStore& documents,
                                                     const AliasTable& aliases);

GuidedResult guided_search(const Engine& engine, const std::string& query,
                           const SearchFilter& filter, SearchMode mode,
                           const GuidedOptions& options = {},
                           const std::function<void(const std::string&)>& on_step = {});

}  // namespace regreader::index
