// smart_search: hybrid search over the stored blocks with regulation, chapter, type and section
// filters.

#include <algorithm>

#include "regreader/tools/arguments.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"
#include "regreader/tools/search_hits.hpp"
#include "regreader/tools/search_runner.hpp"

namespace regreader::tools {

namespace {

std::string hits_text(const std::string& query, const SearchOutcome& o,
                      const nlohmann::json& results) {
  std::string out;
  if (!o.guided.scoped_by.empty())
    out += "Scoped to the regulation(s) the query names: " + o.guided.scoped_by +
           " (pass reg_id to choose others).\n";
  if (!o.guided.note.empty()) out += "Note: " + o.guided.note + ".\n";
  for (const auto& n : o.guided.unknown_names)
    out += "Note: " + n + " is not in the library (list_regulations shows what is).\n";
  if (!o.guided.query_used.empty()) out += "Searched for: " + o.guided.query_used + "\n";
  out += fallback_text(o.guided);
  if (o.hits.empty())
    return out + "No matches for \"" + query +
           "\". Try other words, a wider chapter_scope, or get_toc to find the chapter.\n";
  if (std::all_of(o.hits.begin(), o.hits.end(), loose_hit))
    out += "No exact match; closest (partial matches):\n";
  for (size_t i = 0; i < o.hits.size(); ++i) {
    const auto& h = o.hits[i];
    const std::string how = h.match == "chapter_title" ? " (chapter title)" : "";
    out += std::to_string(i + 1) + ". [" + h.source + "]" + ocr_mark(results[i]) + how + " " +
           h.snippet + "\n";
    if (!h.copies.empty()) {
      out += "   (also in copies:";
      for (const auto& c : h.copies)
        out += " " + c.source;
      out += ")\n";
    }
  }
  return out;
}

std::vector<model::BlockType> block_types(const Arguments& a) {
  std::vector<model::BlockType> out;
  for (const auto& t : a.strings("block_types"))
    out.push_back(model::parse_block_type(t));
  return out;
}

ToolResult run(const ToolContext& ctx, const nlohmann::json& args) {
  const Arguments a(args);
  SearchRequest r;
  r.query = a.str("query");
  r.reg_ids = a.strings("reg_id");
  r.chapter_scope = a.str("chapter_scope");
  r.block_types = block_types(a);
  r.section_number = a.str("section_number");
  r.section_exact = a.boolean("section_exact", false);
  r.limit = a.integer("limit", 10);
  r.per_reg = a.integer("per_reg", 0);
  r.collapse_copies = !a.boolean("all_copies", false);
  const auto out = run_search(ctx, r);
  nlohmann::json j = {{"query", r.query},
                      {"mode_used", out.mode_used},
                      {"results", hits_json(ctx.store(), out.hits)}};
  add_guided_fields(out.guided, j);
  return {j, hits_text(r.query, out, j["results"])};
}

}  // namespace

ToolSpec smart_search_tool() {
  using namespace schema;
  const json reg = {
      {"description",
       "One regulation id, a list of ids, or \"all\" (default: the regulations the query names, "
       "else all); a name the library knows works too (安规, GB 26860, 消防法)"},
      {"anyOf",
       json::array({{{"type", "string"}}, {{"type", "array"}, {"items", {{"type", "string"}}}}})}};
  const json types = {
      {"type", "array"},
      {"description", "Only these block types"},
      {"items", {{"type", "string"}, {"enum", {"text", "heading", "list", "table"}}}}};
  return {
      "smart_search",
      "Search regulations",
      "Search the regulations' text (keyword search built for Chinese, fused with semantic "
      "search when an embedding index exists). Returns blocks with page, chapter path, a "
      "snippet with the match in 【】 and a source to cite. Narrow with chapter_scope (a "
      "section number such as 5.2 — it includes 5.2.x — or chapter title words) after "
      "reading get_toc; then read the full pages with read_page_range before answering. A "
      "regulation the query names (《消防法》, GB 26860, 安规) scopes the search unless reg_id "
      "is given (scoped_by says so); questions are reduced to their content words "
      "(query_used); a definition question puts the term's own entry first. When the words are "
      "not found together the question as asked is searched too (fallback), and "
      "suggested_chapters names the chapters whose titles share its words: read them next.",
      object({{"query",
               {{"type", "string"},
                {"minLength", 1},
                {"description", "What to look for, e.g. 母线失压 处置"}}},
              {"reg_id", reg},
              {"chapter_scope", string("Section number (5.2) or chapter title words")},
              {"limit", integer("Results to return (default 10)", 1, 50)},
              {"block_types", types},
              {"section_number", string("Only this section and its subsections, e.g. 5.2.3")},
              {"section_exact",
               boolean("With section_number: only that clause itself, not its subsections")},
              {"per_reg", integer("At most this many results per regulation", 1, 50)},
              {"all_copies",
               boolean("List copies of a regulation (same text ingested twice, its Word and "
                       "PDF versions) as separate results instead of under the first")}},
             {"query"}),
      output(guided_output_properties({{"query", {{"type", "string"}}},
                                       {"mode_used", {{"type", "string"}}},
                                       {"results", {{"type", "array"}, {"items", search_hit()}}}}),
             {"query", "mode_used", "results"}),
      false,
      run};
}

}  // namespace regreader::tools
