#include "regreader/tools/search_hits.hpp"

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
          {"source", h.source}};
}

nlohmann::json hits_json(const std::vector<index::SearchHit>& hits) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& h : hits)
    out.push_back(hit_json(h));
  return out;
}

}  // namespace regreader::tools
