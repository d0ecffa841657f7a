#include "regreader/index/ingestor.hpp"

#include <chrono>
#include <ctime>
#include <optional>
#include <thread>

#include "regreader/core/error.hpp"
#include "regreader/core/hash.hpp"
#include "regreader/index/library_pairs.hpp"
#include "regreader/parse/bounded_parse.hpp"
#include "regreader/parse/format.hpp"
#include "regreader/parse/reg_id.hpp"
#include "regreader/store/copies.hpp"

namespace regreader::index {

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

std::string content_sha256(const std::filesystem::path& path, const parse::ParseLimits& limits) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (!std::filesystem::is_regular_file(path, ec) || ec ||
      size > static_cast<uintmax_t>(limits.max_file_mb) * 1024 * 1024)
    return "";
  return sha256_file(path);
}

namespace {

using store::Completeness;
using store::completeness;
using store::describe;

// An earlier version of the same file: the same absolute path. (A file of the same name in
// another folder may be another document: that is a conflict, never a silent replacement.)
bool same_file(const std::string& stored, const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  return fs::path(stored).lexically_normal() == fs::absolute(path, ec).lexically_normal();
}

// What the store already holds of this file, decided before parsing: the same content
// (unchanged, not parsed again) or nothing known yet.
struct Known {
  std::string sha;  ///< "" when the file is not hashed (not regular, or over the size limit)
  std::optional<model::RegulationInfo> unchanged;
};

Known look_up(const store::DocumentStore& store, const std::filesystem::path& path,
              const IngestOptions& o) {
  Known k;
  k.sha = o.sha256.empty() ? content_sha256(path, o.parse.limits) : o.sha256;
  if (k.sha.empty()) return k;
  if (!o.force)
    for (const auto& r : store.list())
      if (r.source_sha256 == k.sha && (o.reg_id.empty() || r.reg_id == o.reg_id)) {
        k.unchanged = r;
        return k;
      }
  return k;
}

// The id to store under, once the document's own id (or --reg-id, or the file name's) is known.
struct Decision {
  std::string reg_id;
  std::optional<model::RegulationInfo> replacing;
  std::string note;
  std::string conflict;  ///< the id is held by different content
  std::string family;    ///< copies: the family's id
  std::string demote;    ///< copies: the id whose holder moves to `demote_to` first
  std::string demote_to;
};

std::string first_free(const store::DocumentStore& store, const std::string& base) {
  for (int k = 2;; ++k)
    if (!store.find(base + "-" + std::to_string(k))) return base + "-" + std::to_string(k);
}

// A folder of copies: the more complete of the new file and the holder of `base` takes it.
void decide_copy(const store::DocumentStore& store, const model::RegulationInfo& held,
                 const Completeness& mine, Decision& d) {
  const std::string base = d.reg_id;
  const Completeness theirs = completeness(held, store.ocr_page_counts());
  d.family = base;
  if (mine > theirs) {
    d.demote = base;
    d.demote_to = first_free(store, base);
    d.note = "holds " + base + " as its most complete copy (" + describe(mine) + "; " +
             held.source_file + ": " + describe(theirs) + ", now " + d.demote_to + ")";
    return;
  }
  d.reg_id = first_free(store, base);
  d.note = "a copy of " + base + " (" + describe(mine) + "), stored as " + d.reg_id + "; " +
           held.source_file + " holds the id (" + describe(theirs) + ")";
}

Decision decide(const store::DocumentStore& store, const std::filesystem::path& path,
                const std::string& sha, const std::string& base, const IngestOptions& o,
                const Completeness& mine) {
  Decision d;
  d.reg_id = base;
  for (int k = 2;; ++k) {
    const auto held = store.find(d.reg_id);
    if (!held) return d;
    const bool same_content = !sha.empty() && held->source_sha256 == sha;
    if (same_content || same_file(held->source_file, path) || o.replace) {
      d.replacing = held;
      if (!same_content && !same_file(held->source_file, path))
        d.note = "replaced " + held->source_file + " (--replace)";
      else if (!same_content)
        d.note = "a new version of " + held->source_file;
      return d;
    }
    if (o.copies && !o.keep_both) {
      decide_copy(store, *held, mine, d);
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

void fill_counts(const model::ParsedDocument& doc, IngestResult& r) {
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
}

// The id a file is parsed under: --reg-id, else the file name's. Throws for an invalid one.
std::string parse_id(const std::filesystem::path& path, const IngestOptions& options) {
  const std::string id = options.reg_id.empty() ? parse::derive_reg_id(path) : options.reg_id;
  if (!parse::is_valid_reg_id(id))
    throw Error(
        ErrorCode::kInvalidArgument,
        "invalid regulation id '" + id + "': use 1-80 characters without spaces or slashes");
  return id;
}

parse::ParseOptions parse_options(const store::DocumentStore& store,
                                  const std::filesystem::path& path, const IngestOptions& options,
                                  const Known& known) {
  parse::ParseOptions p = options.parse;
  p.sha256 = known.sha;  // hashed once
  // A PDF may hold scanned pages; its OCR weighs its readings against the library's text.
  const bool pdf =
      parse::is_supported_path(path) && parse::detect_format(path) == parse::DocFormat::kPdf;
  if (pdf && p.ocr != parse::OcrMode::kNever) p.library_pairs = library_pairs(store);
  return p;
}

}  // namespace

std::shared_ptr<parse::BoundedParse> start_parse(const store::DocumentStore& store,
                                                 const std::filesystem::path& path,
                                                 const IngestOptions& options) {
  try {
    const Known known = look_up(store, path, options);
    if (known.unchanged) return nullptr;
    return std::make_shared<parse::BoundedParse>(path, parse_id(path, options),
                                                 parse_options(store, path, options, known));
  } catch (const Error&) {
    return nullptr;
  }
}

IngestResult ingest_file(store::DocumentStore& store, const std::filesystem::path& path,
                         const IngestOptions& options) {
  const Known known = look_up(store, path, options);
  IngestResult r;
  if (known.unchanged) {
    r.info = *known.unchanged;
    r.status = IngestStatus::kUnchanged;
    r.note = "same content as stored";
    return r;
  }
  // Parsed under the file name's id; the document's own (its cover's standard number) wins
  // unless --reg-id names one.
  const std::string file_id = parse_id(path, options);
  const auto& s = options.started;
  const bool fits =
      s && s->path() == path && s->reg_id() == file_id && s->options().sha256 == known.sha;
  // A started parse that does not fit (the file changed since) stops before the file is parsed
  // again: both would write its rendering under one name.
  if (s && !fits) s->cancel();
  model::ParsedDocument doc = fits ? s->take(options.parse.progress)
                                   : parse::parse_document_bounded(
                                         path, file_id, parse_options(store, path, options, known));
  std::string base = file_id;
  if (options.reg_id.empty())
    if (std::string cover = parse::reg_id_from_cover(doc); !cover.empty()) base = cover;
  int ocr_pages = 0;
  for (const auto& p : doc.pages)
    ocr_pages += p.text_source == "ocr" ? 1 : 0;
  const Decision d =
      decide(store, path, known.sha, base, options, completeness(doc.info, ocr_pages));
  if (!d.conflict.empty()) throw Error(ErrorCode::kInvalidArgument, d.conflict);
  if (d.reg_id != file_id) doc = model::with_reg_id(doc, d.reg_id);
  if (!options.title.empty()) doc.info.title = options.title;
  doc.info.indexed_at = utc_now_iso8601();
  if (options.before_save) options.before_save(doc.info);
  // The copy that held the id moves aside first; it moves back when this save fails.
  if (!d.demote.empty()) store.rename(d.demote, d.demote_to);
  std::string beside_failed;
  std::thread beside;
  if (options.beside_save)
    beside = std::thread([&] {
      try {
        options.beside_save(doc);
      } catch (const std::exception& e) {
        beside_failed = e.what();
      }
    });
  try {
    r.replaced = store.save(doc);
  } catch (...) {
    if (beside.joinable()) beside.join();
    if (!d.demote.empty()) store.rename(d.demote_to, d.demote);
    throw;
  }
  if (beside.joinable()) beside.join();
  r.family = d.family;
  r.moved_to = d.demote_to;
  r.status = r.replaced ? IngestStatus::kReplaced : IngestStatus::kNew;
  if (d.replacing) r.replaced_file = d.replacing->source_file;
  r.note = d.note;
  fill_counts(doc, r);
  if (!beside_failed.empty()) r.warnings.push_back(beside_failed);
  return r;
}

}  // namespace regreader::index
