#pragma once
// The embedded page store: one SQLite database under the data directory. The schema is written
// down at the top of page_store.cpp. Ingesting a regulation is one transaction that replaces any
// earlier version of the same reg_id; delete removes every row of it.

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "regreader/model/parsed_document.hpp"
#include "regreader/store/database.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::store {

class PageStore final : public DocumentStore {
 public:
  /// Opens the store in `data_dir`. With `create` false, a missing database is an empty store
  /// and nothing is written to disk (read commands never create files).
  PageStore(const std::filesystem::path& data_dir, bool create);
  ~PageStore();
  PageStore(PageStore&&) noexcept;
  PageStore& operator=(PageStore&&) noexcept;

  /// Saves a parsed regulation in one transaction, replacing an earlier one with the same reg_id.
  /// Returns true when it replaced one.
  bool save(const model::ParsedDocument& doc) override;
  /// Removes every row of a regulation; false when it is not stored.
  bool remove(const std::string& reg_id) override;
  /// Gives a stored regulation another id, in one transaction: its pages, chapters, tables,
  /// notes and links move with it and every id built from the old one is rebuilt. Throws
  /// kNotFound for an unknown `from`, kInvalidArgument when `to` is held.
  void rename(const std::string& from, const std::string& to) override;
  /// The whole stored document (info, pages with their notes, structure, tables, links).
  model::ParsedDocument load(const std::string& reg_id) const override;

  std::vector<model::RegulationInfo> list() const override;
  /// Pages whose text came from OCR, per regulation (regulations without any are absent).
  std::map<std::string, int> ocr_page_counts() const override;
  std::optional<model::RegulationInfo> find(const std::string& reg_id) const override;
  /// Like find(), but throws Error(kNotFound) naming the stored ids.
  model::RegulationInfo require(const std::string& reg_id) const override;
  model::DocumentStructure structure(const std::string& reg_id) const override;
  /// One page; throws Error(kNotFound) when the page is out of range.
  model::PageDocument page(const std::string& reg_id, int page_num) const override;
  /// Where a page's text came from ("text_layer", "ocr", "text", "none") and its mean OCR
  /// confidence (-1 when not OCR); {"", -1} for an unknown page.
  std::pair<std::string, float> text_source(const std::string& reg_id, int page_num) const override;
  /// Pages start..end inclusive (validated against the regulation's page count).
  std::vector<model::PageDocument> pages(const std::string& reg_id, int start,
                                         int end) const override;

  /// The table registry; with `page`, only tables with a segment on that page.
  std::vector<model::TableEntry> tables(const std::string& reg_id,
                                        std::optional<int> page = {}) const override;
  /// A table by master or segment id ("表1", "表1#2", "T3"); nullopt when unknown.
  std::optional<model::TableEntry> table(const std::string& reg_id,
                                         const std::string& table_id) const override;
  /// Every note of a regulation, in page order.
  std::vector<model::Annotation> annotations(const std::string& reg_id) const override;
  /// Every cross-reference found in a regulation, resolved or not.
  std::vector<model::ReferenceLink> links(const std::string& reg_id) const override;

  /// SHA-256 over every row of every table, in key order: equal before and after an operation
  /// exactly when the store's content did not change.
  std::string content_digest() const override;

  /// The SQLite connection, for layers that keep their own tables beside the store (the keyword
  /// index); null when no database exists yet.
  Database* database() const { return db_.get(); }
  /// One consistent view for every read until it ends (see ReadSnapshot): one per request.
  ReadSnapshot snapshot() const { return ReadSnapshot(db_.get()); }

  static constexpr int kSchemaVersion = 4;

 private:
  void check_schema();
  std::unique_ptr<Database> db_;  // null: no database file yet (empty store)
};

}  // namespace regreader::store
