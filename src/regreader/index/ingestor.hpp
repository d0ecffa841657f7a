#pragma once
// Ingestion of one file: parse it completely, then store it in one transaction. A file that
// fails to parse never touches the store.
//
// What happens to an id already stored is decided before parsing, from the file's SHA-256:
//   - the same content is already stored (under this id, or under any id when none was given):
//     `unchanged`, nothing is parsed (--force parses and stores it again);
//   - the id is held by an earlier version of the same file (same path): replaced,
//     and the result says so;
//   - the id is held by different content from another file: an error naming both files (after
//     the parse, so an unreadable file is reported as unreadable), unless
//     `replace` (it is replaced) or `keep_both` (stored under the first free "<id>-N", said),
//     or `copies` (a folder run: the most complete copy holds the id, store/copies.hpp, and the
//     other is kept under the first free "<id>-N"; one stored earlier may move there).

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "regreader/model/regulation_info.hpp"
#include "regreader/parse/bounded_parse.hpp"
#include "regreader/parse/parse_options.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::index {

struct IngestOptions {
  std::string reg_id;      ///< empty: the cover's standard number, else from the file name
  std::string title;       ///< empty: from the document
  bool force = false;      ///< parse and store even when the same content is stored
  bool replace = false;    ///< replace an id held by different content
  bool keep_both = false;  ///< store under "<id>-N" when the id is held by different content
  bool copies = false;     ///< the most complete copy takes an id held by different content
  /// The file's content_sha256, when the caller hashed it already (a folder run hashes every
  /// file first); empty: hashed here.
  std::string sha256;
  /// One file of a run of several (Library::ingest): the vocabulary derived from the stored
  /// regulations is rebuilt once, by Library::finish_changes at the run's end, not per file.
  bool batch = false;
  parse::ParseOptions parse;
  /// This file's parse, started earlier by start_parse (while the files before were parsed and
  /// stored); used when the file is to be parsed and nothing about it changed since, dropped
  /// otherwise.
  std::shared_ptr<parse::BoundedParse> started;
  /// Called with the document's final info (id, sha256) after parsing and just before the save
  /// commits: what must exist once the regulation is visible (its kept source) is put in place
  /// here. An exception refuses the ingest; nothing is stored.
  std::function<void(const model::RegulationInfo&)> before_save;
  /// Called with the document as it is stored, on a thread of its own while the store saves it
  /// (work that needs the document but not the store: deriving its vocabulary). What it makes is
  /// the caller's to drop when the save fails. An exception it throws does not stop the save: it
  /// becomes a warning of the result.
  std::function<void(const model::ParsedDocument&)> beside_save;
};

enum class IngestStatus {
  kNew,        ///< a new regulation
  kUnchanged,  ///< the same content is stored: not parsed again
  kReplaced,   ///< an earlier version (or, with replace/force, other content) was replaced
};

std::string_view ingest_status_name(IngestStatus s);

struct IngestResult {
  model::RegulationInfo info;
  int blocks = 0;
  int chapters = 0;
  int tables = 0;         ///< entries of the table registry
  int tables_merged = 0;  ///< of which run across pages
  int annotations = 0;
  int links = 0;  ///< cross-references found
  int links_resolved = 0;
  bool replaced = false;  ///< an earlier version of this reg_id was replaced
  IngestStatus status = IngestStatus::kNew;
  std::string replaced_file;  ///< the source file of what was replaced
  std::string note;           ///< why an id was chosen or content replaced, for people
  std::string family;         ///< copies: the id of the family this file was stored in
  std::string moved_to;       ///< copies: where the copy that held the id went ("" none)
  std::vector<std::string> warnings;
  nlohmann::json check;  ///< the fidelity report (parse/fidelity_check.hpp)
};

/// SHA-256 of a file the ingest may read: "" for one that is not a regular file or is over the
/// size limit (refused by the parse with its own message, never read by the parent).
std::string content_sha256(const std::filesystem::path& path, const parse::ParseLimits& limits);

IngestResult ingest_file(store::DocumentStore& store, const std::filesystem::path& path,
                         const IngestOptions& options);

/// Starts the parse ingest_file would run for `path` (IngestOptions::started), or returns nullptr
/// when there is none to run (the store holds its content) or it cannot start (ingest_file then
/// reports why).
std::shared_ptr<parse::BoundedParse> start_parse(const store::DocumentStore& store,
                                                 const std::filesystem::path& path,
                                                 const IngestOptions& options);

/// Current UTC time as ISO 8601 ("2026-11-22T02:10:00Z").
std::string utc_now_iso8601();

}  // namespace regreader::index
