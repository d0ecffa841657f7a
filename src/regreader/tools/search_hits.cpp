#include "regreader/tools/search_hits.hpp"

#include <cmath>

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

void add_text_source(const store::PageStore& store, const std::string& reg_id, int page,
                     nlohmann::json& j) {
  const auto [source, conf] = store.text_source(reg_id, page);
  if (source.empty()) return;
  j["text_source"] = source;
  if (source == "ocr") add_ocr_fields(j, conf);
}

void add_ocr_fields(nlohmann::json& j, float confidence) {
  j["ocr_confidence"] = std::round(confidence * 10) / 10;
  j["ocr_warning"] = "text read by OCR: check figures against the original page";
}

nlohmann::json hits_json(const store::PageStore& store, const std::vector<index::SearchHit>& hits) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& h : hits) {
    auto j = hit_json(h);
    add_text_source(store, h.reg_id, h.page_num, j);
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace regreader::tools
