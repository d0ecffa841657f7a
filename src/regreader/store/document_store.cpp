#include "regreader/store/document_store.hpp"

#include "regreader/core/error.hpp"

namespace regreader::store {

void throw_unknown_regulation(const std::string& reg_id,
                              const std::vector<model::RegulationInfo>& stored) {
  std::string known;
  for (const auto& r : stored)
    known += (known.empty() ? "" : ", ") + r.reg_id;
  throw Error(ErrorCode::kNotFound,
              "unknown regulation '" + reg_id + "'" +
                  (known.empty() ? " (the store is empty; run `regreader ingest` first)"
                                 : " (stored: " + known + ")"));
}

void check_page_range(const model::RegulationInfo& info, int start, int end) {
  if (start >= 1 && end >= start && end <= info.total_pages) return;
  const std::string asked =
      start == end ? "page " + std::to_string(start) + " is"
                   : "pages " + std::to_string(start) + "-" + std::to_string(end) + " are";
  throw Error(ErrorCode::kNotFound, asked + " out of range: " + info.reg_id + " has pages 1-" +
                                        std::to_string(info.total_pages));
}

}  // namespace regreader::store
