#pragma once
// The one place the tools call the retrieval layer: regulation ids ("all", one, several),
// chapter scope, block types, section number and mode, turned into an index query.

#include <optional>
#include <string>
#include <vector>

#include "regreader/index/guided_search.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/tools/tool_spec.hpp"

namespace regreader::tools {

struct SearchRequest {
  std::string query;
  std::vector<std::string> reg_ids;  ///< empty or {"all"}: every regulation
  std::string chapter_scope;
  std::vector<model::BlockType> block_types;
  std::string section_number;   ///< only blocks of this section (and its subsections)
  bool section_exact = false;   ///< only blocks whose innermost section is exactly it
  std::string mode = "hybrid";  ///< keyword | vector | hybrid
  int limit = 10;
  int per_reg = 0;              ///< at most this many hits per regulation; 0: any
  bool collapse_copies = true;  ///< copies of one regulation as one hit
};

struct SearchOutcome {
  std::vector<index::SearchHit> hits;
  std::string mode_used;
  index::GuidedResult guided;  ///< the scope, the words searched and notes (hits moved out)
};

/// Runs the search; unknown regulation ids are an Error(kNotFound) naming the stored ones.
SearchOutcome run_search(const ToolContext& ctx, const SearchRequest& request);

}  // namespace regreader::tools
