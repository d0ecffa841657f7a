#pragma once
// The document store as an interface: one implementation per storage engine, chosen when the
// library is opened (the embedded SQLite store, PageStore; PostgreSQL, pg::PgStore), in the
// manner of a database catalog with an implementation per engine. Every engine keeps the same
// schema and the same rules: saving a regulation is one transaction that replaces any earlier
// version of its reg_id, and a failed save leaves the earlier version whole.

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "regreader/model/parsed_document.hpp"

namespace regreader::store {

/// Keeps every read of a store on one consistent view while it lives (DocumentStore::hold_reads).
class ReadHold {
 public:
  virtual ~ReadHold() = default;
};

class DocumentStore {
 public:
  virtual ~DocumentStore() = default;

  /// Where the documents live, said to people and used to key process-wide caches: the embedded
  /// store's data directory, or the server and database (never with a password).
  virtual std::string location() const = 0;
  /// Names this store's content: it differs between stores and changes with every save, remove
  /// and rename, whichever process made it. Keys the caches of what was read from the store
  /// (regulation names, token statistics), so that reading it costs one row, not the library.
  virtual std::string version() const = 0;
  /// False while nothing was ever stored (the embedded engine before its database file exists):
  /// readers see an empty library and nothing is created.
  virtual bool exists() const { return true; }
  /// A directory where what is derived from the store and can be made again (search indexes) may
  /// be kept between processes, each file naming the version() it was made from; empty when the
  /// engine has none.
  virtual std::filesystem::path cache_dir() const { return {}; }
  /// One consistent view for every read until the hold ends (one per request); null on engines
  /// whose multi-statement reads each take their own snapshot.
  virtual std::unique_ptr<ReadHold> hold_reads() const { return nullptr; }

  /// Saves a parsed regulation in one transaction, replacing an earlier one with the same reg_id.
  /// Returns true when it replaced one.
  virtual bool save(const model::ParsedDocument& doc) = 0;
  /// Removes every row of a regulation; false when it is not stored.
  virtual bool remove(const std::string& reg_id) = 0;
  /// Gives a stored regulation another id in one transaction. Throws kNotFound for an unknown
  /// `from`, kInvalidArgument when `to` is held.
  virtual void rename(const std::string& from, const std::string& to) = 0;
  /// The whole stored document (info, pages with their notes, structure, tables, links), read
  /// through the calls below (every engine alike).
  model::ParsedDocument load(const std::string& reg_id) const;

  virtual std::vector<model::RegulationInfo> list() const = 0;
  /// Pages whose text came from OCR, per regulation (regulations without any are absent).
  virtual std::map<std::string, int> ocr_page_counts() const = 0;
  virtual std::optional<model::RegulationInfo> find(const std::string& reg_id) const = 0;
  /// Like find(), but throws Error(kNotFound) naming the stored ids.
  model::RegulationInfo require(const std::string& reg_id) const;
  virtual model::DocumentStructure structure(const std::string& reg_id) const = 0;
  /// One page; throws Error(kNotFound) when the page is out of range.
  model::PageDocument page(const std::string& reg_id, int page_num) const;
  /// Where a page's text came from and its mean OCR confidence; {"", -1} for an unknown page.
  virtual std::pair<std::string, float> text_source(const std::string& reg_id,
                                                    int page_num) const = 0;
  /// The text of one block by id; nullopt when no block has it.
  virtual std::optional<std::string> block_content(const std::string& block_id) const = 0;
  /// One block by id, with the page it is on (`page_num` of the pair); nullopt when no block has
  /// it. For a reader that wants one block, not its pages.
  virtual std::optional<std::pair<int, model::ContentBlock>> block(
      const std::string& block_id) const = 0;
  /// The signature of a regulation's text kept with it at save (text_signature.hpp); empty when
  /// it has none (saved by an earlier version) or is unknown.
  virtual std::vector<uint64_t> kept_signature(const std::string& reg_id) const = 0;
  /// The texts of every block of a regulation (of all when `reg_id` is empty), in page order.
  virtual std::vector<std::string> block_contents(const std::string& reg_id) const = 0;
  /// Pages start..end inclusive (validated against the regulation's page count), read as one
  /// consistent version.
  virtual std::vector<model::PageDocument> pages(const std::string& reg_id, int start,
                                                 int end) const = 0;
  /// The table registry; with `page`, only tables with a segment on that page.
  virtual std::vector<model::TableEntry> tables(const std::string& reg_id,
                                                std::optional<int> page = {}) const = 0;
  /// A table by master or segment id; nullopt when unknown.
  virtual std::optional<model::TableEntry> table(const std::string& reg_id,
                                                 const std::string& table_id) const = 0;
  virtual std::vector<model::Annotation> annotations(const std::string& reg_id) const = 0;
  virtual std::vector<model::ReferenceLink> links(const std::string& reg_id) const = 0;
  /// SHA-256 over every row of every table, in key order: equal before and after an operation
  /// exactly when the store's content did not change.
  virtual std::string content_digest() const = 0;
};

/// The message of kNotFound for an unknown id, naming the stored ones (every engine says it
/// alike).
[[noreturn]] void throw_unknown_regulation(const std::string& reg_id,
                                           const std::vector<model::RegulationInfo>& stored);
/// Before a rename: kInvalidArgument when `to` is held, naming what holds it.
void check_rename_target(const DocumentStore& store, const std::string& to);
/// Pages start..end must exist: a reader asking for page 99 of a 27-page regulation is told so.
void check_page_range(const model::RegulationInfo& info, int start, int end);

}  // namespace regreader::store
