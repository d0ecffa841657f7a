// `search` and `debug tokenize`.

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <sstream>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/index/keyword_index.hpp"
#include "regreader/index/search.hpp"
#include "regreader/index/tokenizer.hpp"
#include "regreader/index/vector_store.hpp"
#include "regreader/store/page_store.hpp"
#include "regreader/tools/search_hits.hpp"

namespace regreader::cli {

namespace {

struct SearchArgs {
  std::string query;
  std::vector<std::string> reg_ids;
  std::string chapter;
  std::string types;
  std::string section;
  bool exact_section = false;
  int limit = 10;
  std::string mode;  // "" = hybrid when a semantic leg exists, else keyword
  bool json = false;
  bool as_query = false;
};

std::vector<model::BlockType> parse_types(const std::string& list) {
  std::vector<model::BlockType> out;
  std::stringstream ss(list);
  std::string t;
  while (std::getline(ss, t, ','))
    if (!t.empty()) out.push_back(model::parse_block_type(t));
  return out;
}

// Which mode runs, saying on stderr when hybrid falls back to keyword or vectors are missing.
index::SearchMode choose_mode(const SearchArgs& a, const store::PageStore& store, bool& fell_back) {
  const auto requested =
      a.mode.empty() ? index::default_search_mode(store) : index::parse_search_mode(a.mode);
  const auto used = index::effective_mode(store, requested);
  fell_back = used != requested;
  if (fell_back)
    std::cerr << "note: hybrid search runs as keyword search: "
              << index::semantic_leg(store).unavailable << "\n";
  if (used != index::SearchMode::kKeyword)
    if (auto st = index::vector_state(store); st && st->missing > 0)
      std::cerr << "note: " << st->missing
                << " block(s) have no vector yet; run `regreader reindex --all`\n";
  return used;
}

void run_search(const SearchArgs& a, Globals& g) {
  g.json = a.json;
  if (a.limit < 1 || a.limit > 100)
    throw Error(ErrorCode::kInvalidArgument, "--limit must be 1-100");
  index::SearchFilter f;
  f.reg_ids = a.reg_ids;
  f.chapter_scope = a.chapter;
  f.block_types = parse_types(a.types);
  f.section_number = a.section;
  f.section_exact = a.exact_section;
  f.limit = a.limit;
  const auto synonyms = index::load_synonyms(g.data_dir() / "synonyms.tsv");
  f.synonyms = &synonyms;
  store::PageStore store(g.data_dir(), false);
  if (store.database()) index::ensure_keyword_index(store);
  bool fell_back = false;
  const auto mode = choose_mode(a, store, fell_back);
  const auto hits = index::search(store, a.query, f, mode);
  if (a.json) {
    const nlohmann::json out = tools::hits_json(store, hits);
    nlohmann::json j = {{"query", a.query},
                        {"mode", a.mode.empty() ? "default" : a.mode},
                        {"mode_used", index::search_mode_name(mode)},
                        {"results", out},
                        {"exact_match", std::any_of(hits.begin(), hits.end(), [](const auto& h) {
                           return h.match != "partial";
                         })}};
    if (fell_back) j["note"] = index::semantic_leg(store).unavailable;
    print_json(j);
    return;
  }
  if (hits.empty()) {
    std::cout << "No matches for \"" << a.query << "\".\n";
    return;
  }
  if (std::all_of(hits.begin(), hits.end(),
                  [](const index::SearchHit& h) { return h.match == "partial"; }))
    std::cout << "No exact match for \"" << a.query << "\"; closest (partial matches):\n";
  for (size_t i = 0; i < hits.size(); ++i) {
    const auto& h = hits[i];
    const auto [source, conf] = store.text_source(h.reg_id, h.page_num);
    std::cout << i + 1 << ". " << h.source << "  [" << model::block_type_name(h.block_type) << "]"
              << (source == "ocr" ? "  [OCR, confidence " + std::to_string(std::lround(conf)) +
                                        ": check figures against the page]"
                                  : "")
              << (h.match == "partial"
                      ? "  [partial: " + std::to_string(std::lround(h.coverage * 100)) +
                            "% of the query]"
                      : "")
              << "\n   " << h.snippet << "\n";
  }
}

void run_tokenize(const SearchArgs& a, Globals& g) {
  g.json = a.json;
  const auto tokens = index::tokenize(
      a.query, a.as_query ? index::TokenizeMode::kQuery : index::TokenizeMode::kDocument);
  if (a.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& t : tokens)
      out.push_back(
          {{"token", t.text}, {"start", t.start}, {"end", t.end}, {"colocated", t.colocated}});
    print_json({{"mode", a.as_query ? "query" : "document"},
                {"tokens", out},
                {"match", index::build_match_expression(a.query)}});
    return;
  }
  for (const auto& t : tokens)
    std::cout << (t.colocated ? "  +" : "") << t.text << "  [" << t.start << "," << t.end << ")\n";
  if (a.as_query) std::cout << "MATCH " << index::build_match_expression(a.query) << "\n";
}

}  // namespace

void add_search_commands(CLI::App& app, Globals& g) {
  auto a = std::make_shared<SearchArgs>();
  auto* s = app.add_subcommand(
      "search", "Search the stored regulations: keyword (Chinese-aware), vector or hybrid");
  s->add_option("query", a->query, "What to look for: 母线失压, 110kV, 5.2.3 …")->required();
  s->add_option("-r,--reg-id", a->reg_ids, "Only this regulation (repeat for several)");
  s->add_option("--chapter", a->chapter,
                "Only under this section (5.2 means 5.2 and below) or chapter title");
  s->add_option("--types", a->types, "Block types, comma-separated: text,heading,list,table");
  s->add_option("--section", a->section,
                "Only this clause and its sub-clauses (4.1 keeps 4.1.10), as the tools' "
                "section_number");
  s->add_flag("--exact-section", a->exact_section,
              "With --section: only blocks whose innermost section is exactly it");
  s->add_option("--limit", a->limit, "Results (1-100)")->capture_default_str();
  s->add_option("--mode", a->mode,
                "keyword, vector or hybrid (default: hybrid when an embedding model and its "
                "vectors exist, else keyword)")
      ->check(CLI::IsMember({"keyword", "vector", "hybrid"}));
  s->add_flag("--json", a->json, "JSON results with source citations and the mode used");
  s->footer(
      "Modes: keyword = FTS5 with our CJK tokenizer (BM25); vector = nearest blocks by embedding;\n"
      "hybrid = reciprocal rank fusion of both (k 60; weights REGREADER_RRF_KEYWORD_WEIGHT 0.4,\n"
      "REGREADER_RRF_VECTOR_WEIGHT 0.6; 0.6 / 0.4 with builtin-lsa). Hybrid without vectors runs\n"
      "as keyword and says so.\n\n"
      "Embedding model (environment):\n"
      "  REGREADER_EMBEDDING_MODEL    builtin-lsa (built in, no download), none, a model name\n"
      "                               served at REGREADER_EMBEDDING_URL, or a local model folder\n"
      "  REGREADER_EMBEDDING_URL      OpenAI-compatible base URL (vLLM, Ollama, TEI, hosted APIs)\n"
      "  REGREADER_EMBEDDING_API_KEY  bearer token, when the endpoint needs one\n"
      "  REGREADER_EMBEDDING_DIMENSION, _BATCH (32), _TIMEOUT (60 s)\n"
      "Unset: keyword-only (the built-in LSA did not beat it on our development set).\n"
      "After setting or changing the model, run `regreader reindex --all`.\n\n"
      "Synonyms apply one way (a query for 变电所 also finds 变电站; 千伏 finds kV; 刀闸 finds\n"
      "隔离开关); add your own as \"word<TAB>replacement\" lines in <data dir>/synonyms.tsv.\n\n"
      "Examples:\n  regreader search 母线失压\n  regreader search 安全距离 -r GB26860-2011 "
      "--chapter 5.2 --types table\n  regreader search 倒闸操作 --section 5.2.2 --json\n"
      "  REGREADER_EMBEDDING_MODEL=builtin-lsa regreader search 停电检修的安全措施 --mode hybrid");
  s->callback([a, &g] { run_search(*a, g); });

  auto* debug = app.add_subcommand("debug", "Tools for looking inside RegReader");
  debug->require_subcommand(1);
  auto* t = debug->add_subcommand("tokenize", "Show how text is tokenized for the keyword index");
  t->add_option("text", a->query, "Text to tokenize")->required();
  t->add_flag("--query", a->as_query,
              "Tokenize as a query (no unigrams) and show the MATCH expression");
  t->add_flag("--json", a->json, "JSON tokens with byte offsets");
  t->footer("Example:\n  regreader debug tokenize --query \"110kV母线失压\"");
  t->callback([a, &g] { run_tokenize(*a, g); });
}

}  // namespace regreader::cli
