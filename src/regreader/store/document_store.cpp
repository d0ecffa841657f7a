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

model::ParsedDocument DocumentStore::load(const std::string& reg_id) const {
  model::ParsedDocument d;
  d.info = require(reg_id);
  d.pages = pages(reg_id, 1, d.info.total_pages);
  d.structure = structure(reg_id);
  d.tables = tables(reg_id);
  d.links = links(reg_id);
  return d;
}

model::RegulationInfo DocumentStore::require(const std::string& reg_id) const {
  if (auto r = find(reg_id)) return *r;
  throw_unknown_regulation(reg_id, list());
}

model::PageDocument DocumentStore::page(const std::string& reg_id, int page_num) const {
  auto found = pages(reg_id, page_num, page_num);
  if (found.empty())
    throw Error(ErrorCode::kNotFound,
                "page " + std::to_string(page_num) + " of '" + reg_id + "' is not stored");
  return std::move(found.front());
}

void check_rename_target(const DocumentStore& store, const std::string& to) {
  if (auto held = store.find(to))
    throw Error(ErrorCode::kInvalidArgument,
                "the id " + to + " is held by " +
                    (held->source_file.empty() ? held->title : held->source_file) +
                    "; choose another or delete it first");
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
