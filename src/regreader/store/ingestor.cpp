#include "regreader/store/ingestor.hpp"

#include <chrono>
#include <ctime>

#include "regreader/core/error.hpp"
#include "regreader/parse/bounded_parse.hpp"
#include "regreader/parse/reg_id.hpp"

namespace regreader::store {

std::string utc_now_iso8601() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

IngestResult ingest_file(PageStore& store, const std::filesystem::path& path,
                         const IngestOptions& options) {
  const std::string reg_id = options.reg_id.empty() ? parse::derive_reg_id(path) : options.reg_id;
  if (!parse::is_valid_reg_id(reg_id))
    throw Error(
        ErrorCode::kInvalidArgument,
        "invalid regulation id '" + reg_id + "': use 1-80 characters without spaces or slashes");
  model::ParsedDocument doc = parse::parse_document_bounded(path, reg_id, options.parse);
  if (!options.title.empty()) doc.info.title = options.title;
  doc.info.indexed_at = utc_now_iso8601();
  IngestResult r;
  r.replaced = store.save(doc);
  r.info = doc.info;
  r.chapters = static_cast<int>(doc.structure.nodes().size());
  for (const auto& p : doc.pages) {
    r.blocks += static_cast<int>(p.content_blocks.size());
    r.annotations += static_cast<int>(p.annotations.size());
  }
  r.tables = static_cast<int>(doc.tables.size());
  for (const auto& t : doc.tables)
    r.tables_merged += t.segments.size() > 1 ? 1 : 0;
  r.links = static_cast<int>(doc.links.size());
  for (const auto& l : doc.links)
    r.links_resolved += l.resolved ? 1 : 0;
  r.warnings = doc.warnings;
  r.check = doc.check;
  return r;
}

}  // namespace regreader::store
