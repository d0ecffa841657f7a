#include "regreader/store/ingestor.hpp"

#include <chrono>
#include <ctime>
#include <optional>

#include "regreader/core/error.hpp"
#include "regreader/core/hash.hpp"
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

std::string_view ingest_status_name(IngestStatus s) {
  switch (s) {
    case IngestStatus::kNew:
      return "new";
    case IngestStatus::kUnchanged:
      return "unchanged";
    case IngestStatus::kReplaced:
      return "replaced";
  }
  return "new";
}

namespace {

// An earlier version of the same file: the same absolute path. (A file of the same name in
// another folder may be another document: that is a conflict, never a silent replacement.)
bool same_file(const std::string& stored, const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  return fs::path(stored).lexically_normal() == fs::absolute(path, ec).lexically_normal();
}

// The id to store under, decided before parsing; nullopt when the same content is stored.
struct Decision {
  std::string reg_id;
  std::optional<model::RegulationInfo> unchanged;
  std::optional<model::RegulationInfo> replacing;
  std::string note;
  /// The id is held by different content: refused after the parse, so that a file that cannot
  /// be read is reported as such first.
  std::string conflict;
};

Decision decide(const PageStore& store, const std::filesystem::path& path, const IngestOptions& o) {
  Decision d;
  d.reg_id = o.reg_id.empty() ? parse::derive_reg_id(path) : o.reg_id;
  // Only a regular file within the size limit is hashed here: a FIFO, a device or a huge file is
  // refused by the parse with its own clear error, never read by the parent.
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (!std::filesystem::is_regular_file(path, ec) || ec ||
      size > static_cast<uintmax_t>(o.parse.limits.max_file_mb) * 1024 * 1024)
    return d;
  const std::string sha = sha256_file(path);
  const auto regs = store.list();
  if (!o.force)
    for (const auto& r : regs)
      if (r.source_sha256 == sha && (o.reg_id.empty() || r.reg_id == o.reg_id)) {
        d.unchanged = r;
        return d;
      }
  const std::string base = d.reg_id;
  for (int k = 2;; ++k) {
    const auto held = store.find(d.reg_id);
    if (!held) return d;
    if (held->source_sha256 == sha || same_file(held->source_file, path) || o.replace) {
      d.replacing = held;
      if (held->source_sha256 != sha && !same_file(held->source_file, path))
        d.note = "replaced " + held->source_file + " (--replace)";
      else if (held->source_sha256 != sha)
        d.note = "a new version of " + held->source_file;
      return d;
    }
    if (!o.keep_both) {
      d.conflict = "regulation id " + d.reg_id + " is held by different content (" +
                   held->source_file + "); not storing " + path.string() +
                   " over it: give it its own --reg-id, or --replace to replace it, or "
                   "--keep-both to store it as " +
                   base + "-N";
      return d;
    }
    d.note = "id " + base + " is held by " + held->source_file + "; stored as " + base + "-" +
             std::to_string(k);
    d.reg_id = base + "-" + std::to_string(k);
  }
}

}  // namespace

IngestResult ingest_file(PageStore& store, const std::filesystem::path& path,
                         const IngestOptions& options) {
  const Decision d = decide(store, path, options);
  IngestResult r;
  if (d.unchanged) {
    r.info = *d.unchanged;
    r.status = IngestStatus::kUnchanged;
    r.note = "same content as stored";
    return r;
  }
  const std::string& reg_id = d.reg_id;
  if (!parse::is_valid_reg_id(reg_id))
    throw Error(
        ErrorCode::kInvalidArgument,
        "invalid regulation id '" + reg_id + "': use 1-80 characters without spaces or slashes");
  model::ParsedDocument doc = parse::parse_document_bounded(path, reg_id, options.parse);
  if (!d.conflict.empty()) throw Error(ErrorCode::kInvalidArgument, d.conflict);
  if (!options.title.empty()) doc.info.title = options.title;
  doc.info.indexed_at = utc_now_iso8601();
  r.replaced = store.save(doc);
  r.status = r.replaced ? IngestStatus::kReplaced : IngestStatus::kNew;
  if (d.replacing) r.replaced_file = d.replacing->source_file;
  r.note = d.note;

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
