// `eval`: retrieval figures on a development set.

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/index/evaluation.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/search.hpp"

namespace regreader::cli {

namespace {

struct EvalArgs {
  std::string file;
  std::vector<std::string> modes = {"keyword", "vector", "hybrid", "baseline"};
  bool json = false;
  bool plain = false;
  bool by_kind = false;
};

void print_figures(const std::string& label, const index::EvalResult& r) {
  std::printf("%-14s %9d %7.3f %7.3f %7.3f %7.3f %7.3f %7d\n", label.c_str(), r.questions,
              r.hit_at[0], r.hit_at[1], r.hit_at[2], r.hit_at[3], r.mrr, r.empty);
}

void print_row(const std::string& mode, const index::EvalResult& r,
               const std::vector<index::EvalQuestion>& questions, bool by_kind) {
  print_figures(mode + (r.plain ? " (plain)" : ""), r);
  if (!by_kind) return;
  std::vector<std::string> kinds;
  for (const auto& q : questions)
    if (std::find(kinds.begin(), kinds.end(), q.kind) == kinds.end()) kinds.push_back(q.kind);
  for (const auto& k : kinds)
    print_figures("  " + (k.empty() ? std::string("(no kind)") : k),
                  index::subset(r, questions, k));
}

void run_eval(const EvalArgs& a, Globals& g) {
  g.json = a.json;
  const auto questions = index::read_eval_file(a.file);
  auto lib = g.library();
  nlohmann::json out = nlohmann::json::array();
  if (!a.json)
    std::printf("%-14s %9s %7s %7s %7s %7s %7s %7s\n", "mode", "questions", "hit@1", "hit@3",
                "hit@5", "hit@10", "MRR", "empty");
  const std::string no_leg = index::semantic_unavailable(lib.engine());
  const std::string no_baseline = lib.engine().keyword().baseline_unavailable();
  for (const auto& mode : a.modes) {
    const bool needs_leg = mode == "vector" || mode == "hybrid";
    if ((needs_leg && !no_leg.empty()) || (mode == "baseline" && !no_baseline.empty())) {
      const std::string why = needs_leg ? no_leg : no_baseline;
      if (!a.json) std::printf("%-9s not available: %s\n", mode.c_str(), why.c_str());
      out.push_back({{"mode", mode}, {"available", false}, {"reason", why}});
      continue;
    }
    const auto r =
        index::evaluate(lib.engine(), questions, mode, a.plain, &lib.synonyms(), &lib.aliases());
    out.push_back(index::to_json(r, questions));
    if (!a.json) print_row(mode, r, questions, a.by_kind);
    if (!a.json && r.invalid)
      std::printf("          (%d question(s) skipped: their evidence is not in the store)\n",
                  r.invalid);
    if (const auto s = index::suggested(r); !a.json && s.questions > 0)
      std::printf(
          "          chapters suggested: the gold chapter first for %d, among five for %d, "
          "of %d questions with a chapter gold\n",
          s.first, s.among_five, s.questions);
  }
  if (a.json) print_json({{"file", a.file}, {"results", out}});
}

}  // namespace

void add_eval_command(CLI::App& app, Globals& g) {
  auto a = std::make_shared<EvalArgs>();
  auto* e = app.add_subcommand("eval", "Score retrieval on a development set (hit@k, MRR)");
  e->add_option("file", a->file,
                "JSON Lines: {\"query\", \"reg_id\", \"expect\", \"pages\" or \"chapter\" (with "
                "\"in_reg\" when reg_id is \"\"), \"kind\"?} per line")
      ->required();
  e->add_option("--mode", a->modes,
                "keyword, vector, hybrid (with the configured embedding model), baseline (FTS5 "
                "unicode61, the original system's keyword leg); default: all")
      ->check(CLI::IsMember({"keyword", "vector", "hybrid", "baseline"}));
  e->add_flag("--json", a->json, "JSON figures with per-question ranks");
  e->add_flag("--plain", a->plain,
              "The search engine alone: without the query's regulation names as scope, question "
              "reduction, definitions first and copies folded (what `search` adds)");
  e->add_flag("--by-kind", a->by_kind, "A row per question kind (the lines' \"kind\" field)");
  e->footer(
      "A question counts as found at rank k when its k-th hit holds the expected text, lies on "
      "one\n"
      "of the pages, or lies inside the chapter (a title of its chapter path); `empty` counts the\n"
      "questions that got no hit at all. For questions with a chapter gold, a line says how often\n"
      "the chapters a search suggests (when it found nothing strict) held that chapter, first or\n"
      "among five (`suggested_chapters` in --json).\n\n"
      "Vector and hybrid use the embedding model of `regreader search --help` and need its\n"
      "vectors (`regreader reindex --all`).\n\n"
      "Example:\n  regreader eval bench/dev-questions.jsonl   (after bench/run_eval.sh has "
      "ingested the corpus)");
  e->callback([a, &g] { run_eval(*a, g); });
}

}  // namespace regreader::cli
