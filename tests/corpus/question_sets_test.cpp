// The development sets over the corpus (bench/): the questions that quote the text and four sets
// of questions in a worker's own words, written from chapter titles (one of them: scenarios). A
// search comes back empty only when no pair of the question's characters occurs in the regulations
// it searched, and the sets stay at their measured figures. Skips without ../shared/corpus.

#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "regreader/core/text.hpp"
#include "regreader/index/evaluation.hpp"
#include "regreader/index/guided_search.hpp"
#include "regreader/index/keyword/tokenizer.hpp"
#include "regreader/index/library.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "test_support.hpp"

namespace regreader::testing {
namespace question_sets_test {

struct QuestionSet {
  const char* questions;
  const char* regulations;
  double min_hit5;  ///< the keyword leg's hit@5 when this test was written, less a question
};

// A library of the set's regulations, ingested under the ids the questions use.
std::unique_ptr<index::Library> library_of(const std::filesystem::path& corpus,
                                           const std::filesystem::path& tsv,
                                           const std::filesystem::path& data) {
  auto lib = std::make_unique<index::Library>(data, index::Library::Mode::kCreate);
  std::ifstream in(tsv);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto tab = line.find('\t');
    index::IngestOptions o;
    o.reg_id = line.substr(tab + 1);
    o.parse.ocr = parse::OcrMode::kNever;
    lib->ingest(corpus / line.substr(0, tab), o);
  }
  return lib;
}

// Every token of the regulations' text (of all when `reg_id` is empty), as the index holds them.
std::set<std::string> stored_tokens(const store::DocumentStore& store, const std::string& reg_id) {
  std::set<std::string> out;
  for (const auto& text : store.block_contents(reg_id))
    for (const auto& t : index::tokenize(text, index::TokenizeMode::kDocument))
      out.insert(t.text);
  return out;
}

class QuestionSets : public ::testing::TestWithParam<QuestionSet> {};

TEST_P(QuestionSets, EmptyOnlyWhenNoPairOfTheQuestionIsStoredAndFiguresHold) {
  const auto corpus = corpus_dir();
  if (!corpus) GTEST_SKIP() << "corpus not available";
  const auto bench = source_dir() / "bench";
  parse::TempDir dir;
  const auto lib = library_of(*corpus, bench / GetParam().regulations, dir.path() / "data");
  const auto questions = index::read_eval_file((bench / GetParam().questions).string());
  std::map<std::string, std::set<std::string>> tokens;  // per scope, read once
  int empty = 0;
  for (const auto& q : questions) {
    index::SearchFilter f;
    if (!q.reg_id.empty()) f.reg_ids = {q.reg_id};
    f.synonyms = &lib->synonyms();
    index::GuidedOptions o;
    o.aliases = &lib->aliases();
    const auto r = index::guided_search(lib->engine(), q.query, f, index::SearchMode::kKeyword, o);
    if (!r.hits.empty()) continue;
    ++empty;
    EXPECT_TRUE(r.nothing_in_library) << q.query;
    if (!tokens.count(q.reg_id)) tokens[q.reg_id] = stored_tokens(lib->documents(), q.reg_id);
    for (const auto& t : index::tokenize(q.query, index::TokenizeMode::kQuery))
      EXPECT_EQ(tokens[q.reg_id].count(t.text), 0u)
          << q.query << ": empty, but '" << t.text << "' is stored";
  }
  const auto figures = index::evaluate(lib->engine(), questions, "keyword", false, &lib->synonyms(),
                                       &lib->aliases());
  EXPECT_EQ(figures.empty, empty);
  EXPECT_GE(figures.hit_at[2], GetParam().min_hit5) << GetParam().questions;
}

// Figures of `regreader eval --mode keyword` (docs/benchmarks.md): dev 0.926, worker 0.963,
// held out 0.838, scenarios 0.833, second worker set 0.925.
INSTANTIATE_TEST_SUITE_P(
    Bench, QuestionSets,
    ::testing::Values(QuestionSet{"dev-questions.jsonl", "dev_regulations.tsv", 0.91},
                      QuestionSet{"worker-questions.jsonl", "worker_regulations.tsv", 0.95},
                      QuestionSet{"worker-questions-holdout.jsonl", "worker_regulations.tsv", 0.81},
                      QuestionSet{"worker-scenarios.jsonl", "worker_regulations.tsv", 0.83},
                      QuestionSet{"worker-questions-2.jsonl", "worker_regulations.tsv", 0.91}),
    [](const auto& info) {
      const std::string name = info.param.questions;
      if (name.substr(0, 3) == "dev") return std::string("QuotingTheText");
      if (name.find("scenarios") != std::string::npos) return std::string("WorkersScenarios");
      if (name.find("-2.") != std::string::npos) return std::string("InWorkersWordsSecondSet");
      return name.find("holdout") != std::string::npos ? std::string("InWorkersWordsHeldOut")
                                                       : std::string("InWorkersWords");
    });

}  // namespace question_sets_test
}  // namespace regreader::testing
