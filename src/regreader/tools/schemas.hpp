#pragma once
// JSON Schema pieces shared by the tools' input and output schemas, so every tool describes a
// regulation id, a page, a search hit or a source the same way.

#include <nlohmann/json.hpp>
#include <string>

namespace regreader::tools::schema {

using nlohmann::json;

inline json string(const std::string& description) {
  return {{"type", "string"}, {"description", description}};
}
inline json integer(const std::string& description, int minimum, int maximum) {
  return {{"type", "integer"},
          {"description", description},
          {"minimum", minimum},
          {"maximum", maximum}};
}
inline json boolean(const std::string& description) {
  return {{"type", "boolean"}, {"description", description}};
}
inline json strings() {
  return {{"type", "array"}, {"items", {{"type", "string"}}}};
}
/// The regulation id argument every tool but list_regulations takes.
inline json reg_id() {
  return {{"type", "string"},
          {"minLength", 1},
          {"description",
           "Regulation id as listed by list_regulations, e.g. GB26860-2011, or a name the "
           "library knows: an alias (安规), a standard number (GB 26860), a title (消防法)"}};
}
/// An object schema; `additionalProperties: false` so misspelt arguments are reported.
inline json object(json properties, json required) {
  return {{"type", "object"},
          {"properties", std::move(properties)},
          {"required", std::move(required)},
          {"additionalProperties", false}};
}
/// An output object schema: extra properties are allowed (clients must ignore them).
inline json output(json properties, json required) {
  return {
      {"type", "object"}, {"properties", std::move(properties)}, {"required", std::move(required)}};
}
/// "GB26860-2011 P4 5.2.2": regulation, page(s), and section or table.
inline json source() {
  return string("Citation: regulation, page(s), and section or table, e.g. GB26860-2011 P4 5.2.2");
}
/// One search result, as smart_search and find_similar_content return them.
inline json search_hit() {
  return output(
      {{"reg_id", {{"type", "string"}}},
       {"page_num", {{"type", "integer"}}},
       {"block_id", {{"type", "string"}}},
       {"block_type", {{"type", "string"}}},
       {"chapter_path", strings()},
       {"section_number", {{"type", "string"}}},
       {"snippet", {{"type", "string"}}},
       {"score", {{"type", "number"}}},
       {"match", string("exact (the query as one term), all_terms, partial (some of its character "
                        "pairs: not an answer by itself), chapter_title (the first block of a "
                        "chapter whose title shares the question's words), semantic (vector "
                        "search only), definition (the entry defining the term asked about)")},
       {"coverage", {{"type", "number"}, {"description", "Share of the query's terms found"}}},
       {"source", source()},
       {"text_source",
        string("Where the page's text came from: text_layer, ocr, text (Word, Markdown)")},
       {"ocr_confidence", {{"type", "number"}, {"description", "OCR pages: 0-100"}}},
       {"ocr_warning", {{"type", "string"}}},
       {"copies",
        {{"type", "array"},
         {"description",
          "The same block in copies of the regulation (the same text ingested again, its Word or "
          "PDF version, an OCR copy)"},
         {"items", output({{"reg_id", {{"type", "string"}}},
                           {"page_num", {{"type", "integer"}}},
                           {"source", source()}},
                          {"reg_id", "page_num", "source"})}}}},
      {"reg_id", "page_num", "block_id", "block_type", "chapter_path", "snippet", "score",
       "source"});
}

/// The fields a guided search adds to its result object (search_hits.hpp add_guided_fields).
inline json guided_output_properties(json properties) {
  properties["scoped_by"] = string(
      "The regulation(s) the query named and the search was scoped to, e.g. 《消防法》 -> "
      "消防法(2021-04-29)");
  properties["query_used"] = string("The words searched, when the question was reduced to them");
  properties["definition_term"] = string("The term a definition question asks about");
  properties["not_in_library"] = strings();
  properties["note"] = string("Why the scope was widened, and similar");
  properties["fallback"] = string(
      "How far the search went when the question's words were not found together: "
      "question_as_asked (every character pair of it, and chapters whose titles share its "
      "words), vector, any_token (weak matches), any_character (blocks sharing only single "
      "characters with a question none of whose character pairs is stored)");
  properties["fallback_query"] = string("What the fallback searched: the question as asked");
  properties["nothing_in_library"] = {
      {"type", "boolean"},
      {"description", "No character pair of the question occurs in the regulations searched"}};
  properties["suggested_chapters"] = {
      {"type", "array"},
      {"description",
       "Chapters whose titles share the most words with the question: read them next"},
      {"items", output({{"reg_id", {{"type", "string"}}},
                        {"section_number", {{"type", "string"}}},
                        {"title", {{"type", "string"}}},
                        {"page_start", {{"type", "integer"}}},
                        {"page_end", {{"type", "integer"}}},
                        {"source", source()}},
                       {"reg_id", "title", "page_start", "source"})}};
  return properties;
}

}  // namespace regreader::tools::schema
