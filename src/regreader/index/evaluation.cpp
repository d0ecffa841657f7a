#include "regreader/index/evaluation.hpp"

#include <algorithm>
#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/guided_search.hpp"
#include "regreader/index/search.hpp"

namespace regreader::index {

namespace {

constexpr int kDepth = 10;
constexpr int kCutoffs[4] = {1, 3, 5, 10};

std::string squash(const std::string& s) {
  return text::strip_spaces(text::fold_width(s));
}

// A chapter title as a reader sees it: a converter's emphasis marks ("**2.4 二次系统**") are
// formatting, which a parse may keep or drop.
std::string squash_title(const std::string& s) {
  return text::without_emphasis(squash(s));
}

struct Candidate {
  std::string block_id;
  int page = 0;
  std::string reg_id;
  std::vector<std::string> chapter_path;
};

// The original system's keyword leg (KeywordIndex::baseline): FTS5 with unicode61, the user's
// words as they are.
std::vector<Candidate> baseline_search(const Engine& engine, const EvalQuestion& q) {
  std::vector<Candidate> out;
  for (const auto& h : engine.keyword().baseline(q.query, q.reg_id, kDepth))
    out.push_back({h.block_id, h.page_num, h.reg_id, h.chapter_path});
  return out;
}

std::vector<Candidate> our_candidates(const Engine& engine, const EvalQuestion& q, SearchMode mode,
                                      bool plain, const SynonymTable* synonyms,
                                      const AliasTable* aliases,
                                      std::vector<ChapterSuggestion>& suggestions) {
  SearchFilter f;
  f.synonyms = synonyms;
  if (!q.reg_id.empty()) f.reg_ids = {q.reg_id};
  f.limit = kDepth;
  std::vector<Candidate> out;
  std::vector<SearchHit> hits;
  if (!plain) {
    GuidedOptions o;
    o.aliases = aliases;
    auto r = guided_search(engine, q.query, f, mode, o);
    hits = std::move(r.hits);
    suggestions = std::move(r.suggestions);
  } else {
    hits = search(engine, q.query, q.query, f, mode);
  }
  for (const auto& h : hits)
    out.push_back({h.block_id, h.page_num, h.reg_id, h.chapter_path});
  return out;
}

void score(EvalResult& r, int rank, bool empty = false) {
  r.ranks.push_back(rank);
  r.empties.push_back(empty);
  r.empty += empty ? 1 : 0;
  if (rank < 0) {
    ++r.invalid;
    return;
  }
  ++r.questions;
  for (int k = 0; k < 4; ++k)
    r.hit_at[k] += rank > 0 && rank <= kCutoffs[k] ? 1 : 0;
  r.mrr += rank > 0 ? 1.0 / rank : 0;
}

void normalize(EvalResult& r) {
  if (r.questions == 0) return;
  for (double& h : r.hit_at)
    h /= r.questions;
  r.mrr /= r.questions;
}

std::string block_text(const store::DocumentStore& documents, const std::string& block_id) {
  return squash(documents.block_content(block_id).value_or(""));
}

const std::string& gold_reg(const EvalQuestion& q) {
  return q.in_reg.empty() ? q.reg_id : q.in_reg;
}

// A chapter gold: one of the hit's chapter titles is the chapter's (spaces, width and emphasis
// marks ignored).
bool in_gold_chapter(const EvalQuestion& q, const Candidate& c) {
  if (q.chapter.empty() || (!gold_reg(q).empty() && c.reg_id != gold_reg(q))) return false;
  const std::string want = squash_title(q.chapter);
  return std::any_of(c.chapter_path.begin(), c.chapter_path.end(),
                     [&](const std::string& t) { return squash_title(t) == want; });
}

// Where the suggested chapters put the question's gold chapter: 1-based, 0 = not among them.
int suggestion_rank(const EvalQuestion& q, const std::vector<ChapterSuggestion>& suggestions) {
  const std::string want = squash_title(q.chapter);
  for (size_t i = 0; i < suggestions.size(); ++i)
    if ((gold_reg(q).empty() || suggestions[i].reg_id == gold_reg(q)) &&
        squash_title(suggestions[i].title) == want)
      return static_cast<int>(i) + 1;
  return 0;
}

bool chapter_exists(const store::DocumentStore& documents, const EvalQuestion& q) {
  const std::string want = squash_title(q.chapter);
  const auto s = documents.structure(gold_reg(q));
  return std::any_of(s.nodes().begin(), s.nodes().end(), [&](const model::ChapterNode& n) {
    return squash_title(n.display_title()) == want;
  });
}

bool evidence_exists(const store::DocumentStore& documents, const EvalQuestion& q) {
  if (!q.chapter.empty()) return !gold_reg(q).empty() && chapter_exists(documents, q);
  if (q.expect.empty()) return true;
  const std::string want = squash(q.expect);
  for (const auto& text : documents.block_contents(q.reg_id))
    if (squash(text).find(want) != std::string::npos) return true;
  return false;
}

}  // namespace

std::vector<EvalQuestion> read_eval_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(ErrorCode::kNotFound, path + ": cannot open the evaluation file");
  std::vector<EvalQuestion> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (text::trim(line).empty() || line[0] == '#') continue;
    try {
      const auto j = nlohmann::json::parse(line);
      EvalQuestion q{j.at("query").get<std::string>(),
                     j.value("reg_id", ""),
                     j.value("expect", ""),
                     j.value("pages", std::vector<int>{}),
                     j.value("kind", ""),
                     j.value("chapter", ""),
                     j.value("in_reg", "")};
      if (q.expect.empty() && q.pages.empty() && q.chapter.empty())
        throw std::runtime_error("needs \"expect\", \"pages\" or \"chapter\"");
      out.push_back(std::move(q));
    } catch (const std::exception& e) {
      throw Error(ErrorCode::kInvalidArgument,
                  path + " line " + std::to_string(n) + ": " + e.what());
    }
  }
  return out;
}

EvalResult evaluate(const Engine& engine, const std::vector<EvalQuestion>& questions,
                    const std::string& mode, bool plain, const SynonymTable* synonyms,
                    const AliasTable* aliases) {
  if (mode != "keyword" && mode != "vector" && mode != "hybrid" && mode != "baseline")
    throw Error(ErrorCode::kInvalidArgument,
                "unknown evaluation mode '" + mode + "' (keyword, vector, hybrid, baseline)");
  const store::DocumentStore& store = engine.documents();
  if (mode == "baseline" && !engine.keyword().baseline_unavailable().empty())
    throw Error(ErrorCode::kInvalidArgument, engine.keyword().baseline_unavailable());
  if (!store.exists())
    throw Error(ErrorCode::kNotFound, "the store is empty; ingest the regulations first");
  EvalResult r;
  r.mode = mode;
  r.plain = plain;
  for (const auto& q : questions) {
    if (!q.reg_id.empty()) store.require(q.reg_id);
    if (!q.in_reg.empty()) store.require(q.in_reg);
    if (!evidence_exists(store, q)) {
      score(r, -1);
      r.suggestion_ranks.push_back(-1);
      continue;
    }
    std::vector<ChapterSuggestion> suggestions;
    const auto hits = mode == "baseline" ? baseline_search(engine, q)
                                         : our_candidates(engine, q, parse_search_mode(mode), plain,
                                                          synonyms, aliases, suggestions);
    r.suggestion_ranks.push_back(
        q.chapter.empty() || plain || mode == "baseline" ? -1 : suggestion_rank(q, suggestions));
    int rank = 0;
    for (size_t i = 0; i < hits.size() && rank == 0; ++i) {
      const bool page_ok =
          std::find(q.pages.begin(), q.pages.end(), hits[i].page) != q.pages.end() &&
          (gold_reg(q).empty() || hits[i].reg_id == gold_reg(q));
      const bool text_ok =
          !q.expect.empty() &&
          block_text(store, hits[i].block_id).find(squash(q.expect)) != std::string::npos;
      if (page_ok || text_ok || in_gold_chapter(q, hits[i])) rank = static_cast<int>(i) + 1;
    }
    score(r, rank, hits.empty());
  }
  normalize(r);
  return r;
}

EvalResult subset(const EvalResult& r, const std::vector<EvalQuestion>& questions,
                  const std::string& kind) {
  EvalResult out;
  out.mode = r.mode;
  out.plain = r.plain;
  for (size_t i = 0; i < questions.size() && i < r.ranks.size(); ++i)
    if (kind.empty() || questions[i].kind == kind)
      score(out, r.ranks[i], i < r.empties.size() && r.empties[i]);
  normalize(out);
  return out;
}

SuggestedChapters suggested(const EvalResult& r) {
  SuggestedChapters s;
  for (const int rank : r.suggestion_ranks) {
    if (rank < 0) continue;
    ++s.questions;
    s.first += rank == 1 ? 1 : 0;
    s.among_five += rank >= 1 && rank <= 5 ? 1 : 0;
  }
  return s;
}

nlohmann::json to_json(const EvalResult& r, const std::vector<EvalQuestion>& questions) {
  nlohmann::json j = {{"mode", r.mode},       {"plain", r.plain},      {"questions", r.questions},
                      {"invalid", r.invalid}, {"hit@1", r.hit_at[0]},  {"hit@3", r.hit_at[1]},
                      {"hit@5", r.hit_at[2]}, {"hit@10", r.hit_at[3]}, {"mrr", r.mrr},
                      {"empty", r.empty},     {"ranks", r.ranks}};
  auto& empty_at = j["empty_at"] = nlohmann::json::array();  // 0-based: which got no hit
  for (size_t i = 0; i < r.empties.size(); ++i)
    if (r.empties[i]) empty_at.push_back(i);
  if (const auto s = suggested(r); s.questions > 0)
    j["suggested_chapters"] = {{"questions", s.questions},
                               {"first", s.first},
                               {"among_five", s.among_five},
                               {"ranks", r.suggestion_ranks}};
  std::vector<std::string> kinds;
  for (const auto& q : questions)
    if (!q.kind.empty() && std::find(kinds.begin(), kinds.end(), q.kind) == kinds.end())
      kinds.push_back(q.kind);
  for (const auto& k : kinds) {
    const auto s = subset(r, questions, k);
    j["by_kind"][k] = {{"questions", s.questions},
                       {"hit@1", s.hit_at[0]},
                       {"hit@5", s.hit_at[2]},
                       {"mrr", s.mrr},
                       {"empty", s.empty}};
  }
  return j;
}

}  // namespace regreader::index
