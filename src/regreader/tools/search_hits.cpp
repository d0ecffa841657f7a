#include "regreader/tools/search_hits.hpp"

#include <cmath>
#include <map>
#include <optional>

#include "regreader/tools/lookups.hpp"

namespace regreader::tools {

nlohmann::json hit_json(const index::SearchHit& h) {
  return {{"reg_id", h.reg_id},
          {"page_num", h.page_num},
          {"block_id", h.block_id},
          {"block_type", model::block_type_name(h.block_type)},
          {"chapter_path", h.chapter_path},
          {"section_number", h.section_number},
          {"snippet", h.snippet},
          {"score", h.score},
          {"match", h.match},
          {"coverage", std::round(h.coverage * 100) / 100},
          {"source", h.source}};
}

namespace {

nlohmann::json copies_json(const index::SearchHit& h) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : h.copies)
    out.push_back({{"reg_id", c.reg_id}, {"page_num", c.page_num}, {"source", c.source}});
  return out;
}

}  // namespace

void add_guided_fields(const index::GuidedResult& g, nlohmann::json& j) {
  if (!g.scoped_by.empty()) j["scoped_by"] = g.scoped_by;
  if (!g.query_used.empty()) j["query_used"] = g.query_used;
  if (!g.definition_term.empty()) j["definition_term"] = g.definition_term;
  if (!g.unknown_names.empty()) j["not_in_library"] = g.unknown_names;
  if (!g.note.empty()) j["note"] = g.note;
  if (!g.fallback.empty()) j["fallback"] = g.fallback;
  if (!g.fallback_query.empty()) j["fallback_query"] = g.fallback_query;
  if (g.nothing_in_library) j["nothing_in_library"] = true;
  if (!g.suggestions.empty()) {
    auto& out = j["suggested_chapters"] = nlohmann::json::array();
    for (const auto& c : g.suggestions)
      out.push_back({{"reg_id", c.reg_id},
                     {"section_number", c.section_number},
                     {"title", c.title},
                     {"page_start", c.page_start},
                     {"page_end", c.page_end},
                     {"source", cite(c.reg_id, c.page_start, c.page_end)}});
  }
}

bool loose_hit(const index::SearchHit& h) {
  return h.match == "partial" || h.match == "chapter_title";
}

std::string fallback_text(const index::GuidedResult& g) {
  std::string out;
  if (g.fallback == "question_as_asked")
    out += "The question's words were not found together: searched the question as asked (" +
           g.fallback_query +
           ": every pair of its characters) and the chapters whose titles share its words.\n";
  else if (g.fallback == "vector")
    out +=
        "No block holds the question's words: these are the semantic search's nearest "
        "blocks.\n";
  else if (g.fallback == "any_token")
    out +=
        "Only blocks sharing a few characters with the question were found: weak matches, "
        "check the chapters below.\n";
  else if (g.fallback == "any_character")
    out +=
        "No pair of the question's characters occurs in the regulations searched; these "
        "blocks share single characters with it (" +
        g.fallback_query + "): weak matches, read them before relying on them.\n";
  if (g.nothing_in_library)
    out +=
        "None of the question's characters occurs in the regulations searched: they do not "
        "use these words.\n";
  if (!g.suggestions.empty()) {
    out += "Chapters whose titles share the most words with the question:\n";
    for (const auto& c : g.suggestions)
      out += "  " + cite(c.reg_id, c.page_start, c.page_end) + " " + c.title + "\n";
  }
  return out;
}

namespace {

void add_paging_fields(model::Paging paging, nlohmann::json& j) {
  if (const auto w = model::paging_warning(paging); !w.empty()) {
    j["paging"] = model::paging_name(paging);
    j["paging_warning"] = w;
  }
}

void add_page_source(const store::DocumentStore& store, const std::string& reg_id, int page,
                     nlohmann::json& j) {
  const auto [source, conf] = store.text_source(reg_id, page);
  if (source.empty()) return;
  j["text_source"] = source;
  if (source == "ocr") add_ocr_fields(j, conf);
}

}  // namespace

void add_text_source(const store::DocumentStore& store, const std::string& reg_id, int page,
                     nlohmann::json& j) {
  add_paging_warning(store, reg_id, j);
  add_page_source(store, reg_id, page, j);
}

void add_paging_warning(const store::DocumentStore& store, const std::string& reg_id,
                        nlohmann::json& j) {
  if (const auto info = store.find(reg_id)) add_paging_fields(info->paging, j);
}

void add_ocr_fields(nlohmann::json& j, float confidence) {
  j["ocr_confidence"] = std::round(confidence * 10) / 10;
  j["ocr_warning"] = "text read by OCR: check figures against the original page";
}

std::string ocr_mark(const std::string& text_source, float confidence) {
  if (text_source != "ocr") return "";
  return "  [OCR, confidence " + std::to_string(std::lround(confidence)) +
         ": check figures against the page]";
}

std::string ocr_mark(const nlohmann::json& j) {
  if (!j.is_object() || j.value("text_source", "") != "ocr") return "";
  return ocr_mark("ocr", j.value("ocr_confidence", 0.0f));
}

nlohmann::json hits_json(const store::DocumentStore& store,
                         const std::vector<index::SearchHit>& hits) {
  nlohmann::json out = nlohmann::json::array();
  // Hits share a few regulations: each one's paging is read once, not once per hit.
  std::map<std::string, std::optional<model::Paging>> paging;
  for (const auto& h : hits) {
    auto j = hit_json(h);
    if (!h.copies.empty()) j["copies"] = copies_json(h);
    auto it = paging.find(h.reg_id);
    if (it == paging.end()) {
      const auto info = store.find(h.reg_id);
      it = paging.emplace(h.reg_id, info ? std::optional(info->paging) : std::nullopt).first;
    }
    if (it->second) add_paging_fields(*it->second, j);
    add_page_source(store, h.reg_id, h.page_num, j);
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace regreader::tools
