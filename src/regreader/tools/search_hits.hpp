#pragma once
// Search hits as tool output, shared by smart_search, search_tables and find_similar_content.

#include <nlohmann/json.hpp>
#include <vector>

#include "regreader/index/keyword_index.hpp"

namespace regreader::tools {

nlohmann::json hit_json(const index::SearchHit& h);
nlohmann::json hits_json(const std::vector<index::SearchHit>& hits);

}  // namespace regreader::tools
