#pragma once
// Search hits as tool output, shared by smart_search, search_tables and find_similar_content.

#include <nlohmann/json.hpp>
#include <vector>

#include "regreader/index/guided_search.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::tools {

nlohmann::json hit_json(const index::SearchHit& h);
/// The hits, each with its page's text_source; a hit on an OCR page also carries
/// ocr_confidence and a warning to check figures against the page.
nlohmann::json hits_json(const store::DocumentStore& store,
                         const std::vector<index::SearchHit>& hits);

/// Adds what a guided search did, when it did it: "scoped_by", "query_used",
/// "definition_term", "not_in_library", "note", "fallback", "nothing_in_library" and
/// "suggested_chapters".
void add_guided_fields(const index::GuidedResult& g, nlohmann::json& j);

/// For people and models: how far a search had to fall back, that its question's words occur
/// nowhere, and the chapters to read next (a line each; "" when the search needed none of it).
std::string fallback_text(const index::GuidedResult& g);

/// True when a hit is no answer by itself: some of the query's words (partial), or a chapter
/// whose title shares them (chapter_title).
bool loose_hit(const index::SearchHit& h);

/// Marks JSON about an OCR page: "ocr_confidence" (0-100) and "ocr_warning".
void add_ocr_fields(nlohmann::json& j, float confidence);

/// What a text rendering (the text a model reads) says after the source of JSON marked by
/// add_text_source as read by OCR: "  [OCR, confidence 83: check figures against the page]";
/// empty for text from a text layer, Word or Markdown.
std::string ocr_mark(const nlohmann::json& j);
/// The same for a page's text source and confidence.
std::string ocr_mark(const std::string& text_source, float confidence);

/// Adds "paging" and "paging_warning" when the regulation's page numbers are not its own
/// (synthetic or rendered pages: model::paging_warning).
void add_paging_warning(const store::DocumentStore& store, const std::string& reg_id,
                        nlohmann::json& j);

/// Adds the paging warning, "text_source" (and, for OCR pages, "ocr_confidence" and "ocr_warning")
/// of `page` to `j`.
void add_text_source(const store::DocumentStore& store, const std::string& reg_id, int page,
                     nlohmann::json& j);

}  // namespace regreader::tools
