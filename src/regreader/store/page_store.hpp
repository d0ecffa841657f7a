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

  // DocumentStore (document_store.hpp says what each does), on SQLite.
  std::string location() const override { return data_dir_.string(); }
  std::filesystem::path cache_dir() const override { return data_dir_ / "cache"; }
  bool exists() const override { return db_ != nullptr; }
  std::string version() const override;
  std::unique_ptr<ReadHold> hold_reads() const override;
  bool save(const model::ParsedDocument& doc) override;
  bool remove(const std::string& reg_id) override;
  void rename(const std::string& from, const std::string& to) override;
  std::vector<model::RegulationInfo> list() const override;
  std::map<std::string, int> ocr_page_counts() const override;
  std::optional<model::RegulationInfo> find(const std::string& reg_id) const override;
  model::DocumentStructure structure(const std::string& reg_id) const override;
  std::pair<std::string, float> text_source(const std::string& reg_id, int page_num) const override;
  std::vector<model::PageDocument> pages(const std::string& reg_id, int start,
                                         int end) const override;
  std::vector<model::TableEntry> tables(const std::string& reg_id,
                                        std::optional<int> page = {}) const override;
  std::optional<model::TableEntry> table(const std::string& reg_id,
                                         const std::string& table_id) const override;
  std::vector<model::Annotation> annotations(const std::string& reg_id) const override;
  std::vector<model::ReferenceLink> links(const std::string& reg_id) const override;
  std::string content_digest() const override;
  std::optional<std::string> block_content(const std::string& block_id) const override;
  std::optional<std::pair<int, model::ContentBlock>> block(
      const std::string& block_id) const override;
  std::vector<std::string> block_contents(const std::string& reg_id) const override;
  std::vector<uint64_t> kept_signature(const std::string& reg_id) const override;

  /// The data directory the store lives in (absolute).
  const std::filesystem::path& data_dir() const { return data_dir_; }
  /// The SQLite connection, for the embedded engine's own index tables beside the store (index/
  /// sqlite_engine.hpp and the keyword and vector files it wraps); null when no database exists
  /// yet.
  Database* database() const { return db_.get(); }
  /// One consistent view for every read until it ends (see ReadSnapshot): one per request.
  ReadSnapshot snapshot() const { return ReadSnapshot(db_.get()); }

  static constexpr int kSchemaVersion = 7;

 private:
  void check_schema();
  std::filesystem::path data_dir_;
  std::unique_ptr<Database> db_;  // null: no database file yet (empty store)
};

}  // namespace regreader::store
