#pragma once
// Retrieval evaluation: a JSON Lines development set (query, regulation, expected evidence) run
// through the search modes, scored by hit@k and MRR. The baseline mode is the original system's
// keyword leg — SQLite FTS5 with the unicode61 tokenizer over the same blocks, built in memory
// for the run — so every figure is a comparison made in the same command.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/index/engine.hpp"
#include "regreader/index/regulation_mentions.hpp"
#include "regreader/index/synonyms.hpp"

namespace regreader::index {

struct EvalQuestion {
  std::string query;
  std::string reg_id;      ///< "" = search every regulation
  std::string expect;      ///< text that must occur in a hit's block (spaces and width ignored)
  std::vector<int> pages;  ///< or: a hit on one of these pages counts
  std::string kind;        ///< free label (keyword, question, definition, named) for breakdowns
  /// or: a hit inside this chapter counts (a title of its chapter path, "7.3 装设接地线": the
  /// chapter a question was written from, for questions written without reading its text) ...
  std::string chapter;
  /// ... of this regulation ("" = reg_id; needed when reg_id is "" and the query names it).
  std::string in_reg;
};

/// Reads a JSONL file: {"query", "reg_id"?, "expect"?, "pages"?, "chapter"?, "in_reg"?, "kind"?}
/// per line, with at least one of expect, pages and chapter. Throws Error naming the
/// line for malformed input.
std::vector<EvalQuestion> read_eval_file(const std::string& path);

struct EvalResult {
  std::string mode;
  int questions = 0;
  int invalid = 0;  ///< questions whose evidence occurs nowhere in the stored regulation
  int empty = 0;    ///< questions answered with no hit at all (the worst answer a search gives)
  double hit_at[4] = {0, 0, 0, 0};  ///< hit@1, @3, @5, @10
  double mrr = 0;
  std::vector<int> ranks;     ///< per question, 1-based; 0 = not in the top 10, -1 = invalid
  std::vector<bool> empties;  ///< per question: no hit at all
  bool plain = false;         ///< run without guided_search (the engine alone)
  /// Per question with a chapter gold, where the search's suggested chapters (a question it
  /// found nothing strict for) put that chapter: 1-based, 0 = not among them, -1 = no chapter
  /// gold or no guided search. A reader's or an agent's next step when the hits miss.
  std::vector<int> suggestion_ranks;
};

/// Runs the questions in `mode`: "keyword", "vector", "hybrid" (guided_search.hpp, with the
/// configured embedding model) or "baseline". `plain`: search.hpp alone, without the query's
/// regulation names, question reduction, definitions first and copies folded.
/// `synonyms`, `aliases`: the library's (Library::synonyms(), aliases()), so that the figures are
/// those of `search` over that library; null: the built-in ones.
EvalResult evaluate(const Engine& engine, const std::vector<EvalQuestion>& questions,
                    const std::string& mode, bool plain = false,
                    const SynonymTable* synonyms = nullptr, const AliasTable* aliases = nullptr);

/// How often the suggested chapters held the gold chapter, over the questions with a chapter
/// gold: first, and among the five suggested.
struct SuggestedChapters {
  int questions = 0, first = 0, among_five = 0;
};
SuggestedChapters suggested(const EvalResult& r);

/// hit@k and MRR of the questions whose kind is `kind` ("" = all).
EvalResult subset(const EvalResult& r, const std::vector<EvalQuestion>& questions,
                  const std::string& kind);

/// The figures, per-question ranks and, when the questions have kinds, per-kind figures.
nlohmann::json to_json(const EvalResult& r, const std::vector<EvalQuestion>& questions = {});

}  // namespace regreader::index
