// `search` and `debug tokenize`.

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <sstream>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/index/guided_search.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/keyword/tokenizer.hpp"
#include "regreader/index/search.hpp"
#include "regreader/index/vector/vector_store.hpp"
#include "regreader/store/document_store.hpp"
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
  int per_reg = 0;
  bool all_copies = false;
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
index::SearchMode choose_mode(const SearchArgs& a, const index::Engine& engine, bool& fell_back) {
  const auto requested =
      a.mode.empty() ? index::default_mode(engine) : index::parse_search_mode(a.mode);
  const auto used = index::effective_mode(engine, requested);
  fell_back = used != requested;
  if (fell_back)
    std::cerr << "note: hybrid search runs as keyword search: "
              << index::semantic_unavailable(engine) << "\n";
  if (used != index::SearchMode::kKeyword)
    if (auto st = engine.vectors().state(); st && st->missing > 0)
      std::cerr << "note: " << st->missing
                << " block(s) have no vector yet; run `regreader reindex --all`\n";
  return used;
}

// What guided search did to the query, on stderr (stdout is the results).
void say_guidance(const index::GuidedResult& r) {
  if (!r.scoped_by.empty())
    std::cerr << "Scoped to the regulation(s) the query names: " << r.scoped_by
              << " (use -r to choose others)\n";
  if (!r.note.empty()) std::cerr << "note: " << r.note << "\n";
  for (const auto& n : r.unknown_names)
    std::cerr << "note: " << n << " is not in the library (`regreader list` shows what is)\n";
  if (!r.query_used.empty()) std::cerr << "Searched for: " << r.query_used << "\n";
}

void print_hits(const store::DocumentStore& store, const std::string& query,
                const std::vector<index::SearchHit>& hits) {
  if (hits.empty()) {
    std::cout << "No matches for \"" << query << "\".\n";
    return;
  }
  if (std::all_of(hits.begin(), hits.end(), tools::loose_hit))
    std::cout << "No exact match for \"" << query << "\"; closest (partial matches):\n";
  for (size_t i = 0; i < hits.size(); ++i) {
    const auto& h = hits[i];
    const auto [source, conf] = store.text_source(h.reg_id, h.page_num);
    std::cout << i + 1 << ". " << h.source << "  [" << model::block_type_name(h.block_type) << "]"
              << tools::ocr_mark(source, conf)
              << (h.match == "partial"
                      ? "  [partial: " + std::to_string(std::lround(h.coverage * 100)) +
                            "% of the query]"
                      : "")
              << (h.match == "definition" ? "  [definition]" : "")
              << (h.match == "chapter_title" ? "  [chapter title]" : "") << "\n   " << h.snippet
              << "\n";
    if (!h.copies.empty()) {
      std::cout << "   also in copies:";
      for (const auto& c : h.copies)
        std::cout << " " << c.source;
      std::cout << "\n";
    }
  }
}

void run_search(const SearchArgs& a, Globals& g) {
  g.json = a.json;
  if (a.limit < 1 || a.limit > 100)
    throw Error(ErrorCode::kInvalidArgument, "--limit must be 1-100");
  if (a.per_reg < 0) throw Error(ErrorCode::kInvalidArgument, "--per-reg must be 1 or more");
  index::SearchFilter f;
  f.chapter_scope = a.chapter;
  f.block_types = parse_types(a.types);
  f.section_number = a.section;
  f.section_exact = a.exact_section;
  f.limit = a.limit;
  auto lib = g.library();
  const auto& store = lib.documents();
  f.synonyms = &lib.synonyms();
  index::GuidedOptions o;
  o.per_reg = a.per_reg;
  o.collapse = !a.all_copies;
  o.aliases = &lib.aliases();
  f.reg_ids = stored_ids(lib, a.reg_ids, g.quiet);
  bool fell_back = false;
  const auto mode = choose_mode(a, lib.engine(), fell_back);
  const auto r = index::guided_search(lib.engine(), a.query, f, mode, o);
  if (a.json) {
    nlohmann::json j = {
        {"query", a.query},
        {"mode", a.mode.empty() ? "default" : a.mode},
        {"mode_used", index::search_mode_name(mode)},
        {"results", tools::hits_json(store, r.hits)},
        {"exact_match", std::any_of(r.hits.begin(), r.hits.end(),
                                    [](const auto& h) { return !tools::loose_hit(h); })}};
    tools::add_guided_fields(r, j);
    if (fell_back) j["note"] = index::semantic_unavailable(lib.engine());
    print_json(j);
    return;
  }
  say_guidance(r);
  print_hits(store, a.query, r.hits);
  std::cout << tools::fallback_text(r);
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
  s->add_option("-r,--reg-id", a->reg_ids,
                "Only this regulation: an id, or an alias (安规), standard number or title, "
                "which may stand for several (repeat for more)");
  s->add_option("--chapter", a->chapter,
                "Only under this section (5.2 means 5.2 and below) or chapter title");
  s->add_option("--types", a->types, "Block types, comma-separated: text,heading,list,table");
  s->add_option("--section", a->section,
                "Only this clause and its sub-clauses (4.1 keeps 4.1.10), as the tools' "
                "section_number");
  s->add_flag("--exact-section", a->exact_section,
              "With --section: only blocks whose innermost section is exactly it");
  s->add_option("--limit", a->limit, "Results (1-100)")->capture_default_str();
  s->add_option("--per-reg", a->per_reg, "At most N results per regulation (copies count as one)");
  s->add_flag("--all-copies", a->all_copies,
              "List copies of a regulation (the same text ingested twice, its Word and PDF "
              "versions, an OCR copy) as separate results instead of under the first");
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
      "The query is read as a reader would: a regulation it names scopes the search to it\n"
      "(《消防法》, GB 26860, GB26860-2011, Q/CSG 125008, a law's name, or an alias such as 安规;\n"
      "add aliases as \"alias<TAB>title words or id\" lines in <data dir>/aliases.tsv), unless -r\n"
      "is given; a question (…是什么, 应…多少, 多长时间, 下列…正确的是) is reduced to its content\n"
      "words; a definition question (…的定义, 什么是…) lists the term's own entry first; copies\n"
      "of a regulation show as one result. What was done is said on stderr (in --json: scoped_by,\n"
      "query_used, definition_term).\n\n"
      "Synonyms apply one way (a query for 变电所 also finds 变电站; 千伏 finds kV; 挂地线 finds\n"
      "装设接地线), after the words as typed; the regulations add the words they define (俗称,\n"
      "简称 ...); add your own as \"word<TAB>replacement\" lines in <data dir>/synonyms.tsv.\n"
      "`regreader synonyms` lists them all.\n\n"
      "A question whose words are not found together is searched as asked too, beside the\n"
      "chapters whose titles share its words (said in the output, with chapters to read);\n"
      "nothing is found only when no pair of its characters occurs in the regulations.\n\n"
      "Examples:\n  regreader search 母线失压\n  regreader search 安全距离 -r GB26860-2011 "
      "--chapter 5.2 --types table\n  regreader search 倒闸操作 --section 5.2.2 --json\n"
      "  regreader search \"根据《消防法》规定，单位的主要负责人负什么责任？\"\n"
      "  regreader search 电力系统暂态稳定的定义 --per-reg 2\n"
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
  add_debug_layout_command(*debug, g);
}

}  // namespace regreader::cli
