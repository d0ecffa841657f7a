#pragma once
// The document store on PostgreSQL 15 (issue 18): the same tables, columns and keys as the
// embedded SQLite store (page_store.cpp, schema 4), in a schema of its own per library, so
// several RegReader replicas share one database. Saving a regulation is one transaction that
// replaces the earlier version (ON DELETE CASCADE removes every child row); readers of several
// statements (pages and their blocks) read under REPEATABLE READ, so they see one version.
// Schema migrations are numbered and recorded in regreader_schema(version); every change moves
// the library's generation and announces it (LISTEN regreader) to the other replicas.

#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "regreader/store/document_store.hpp"
#include "regreader/store/pg/pg_connection.hpp"

namespace regreader::store::pg {

class PgStore final : public DocumentStore {
 public:
  /// Connects to `conninfo` (postgresql://… or key=value) and brings the schema to the current
  /// version (creating it in an empty database). Throws StorageError when it cannot.
  explicit PgStore(const std::string& conninfo);
  ~PgStore() override;

  // DocumentStore (document_store.hpp says what each does), on PostgreSQL.
  std::string location() const override { return conninfo_without_password(conninfo_); }
  std::string version() const override;
  std::vector<uint64_t> kept_signature(const std::string& reg_id) const override;
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

  /// The schema version the database holds.
  int schema_version() const;
  static constexpr int kSchemaVersion = 11;
  /// The library's generation: moved by every save, remove and rename of any replica, and
  /// announced on the channel "regreader" (NOTIFY, payload the new generation) when it commits.
  long long generation() const;

  /// Makes a block's `terms` (a tsvector literal) and its token count (the length BM25
  /// normalises by) from its text; set by the index layer, whose
  /// tokenizer it is, and called inside the save's transaction so a document's terms commit with
  /// it. Without one, blocks are saved with no terms (and fill_missing_terms adds them later).
  using BlockTerms = std::function<std::pair<std::string, int>(const std::string& content)>;
  void set_block_terms(BlockTerms terms);
  /// Writes the terms of blocks stored without them (before schema 6, or by a replica without
  /// the hook). Returns how many blocks were filled.
  int fill_missing_terms();
  /// Refreshes the planner's statistics of the tables searches read, after a bulk change
  /// (autovacuum would, later: until then a library just filled was searched by a plan made for
  /// an empty one).
  void analyze();
  /// Runs `body` on the store's connection in one transaction that also moves the generation
  /// (and so tells the other replicas): the index layer's writes (vectors). A throw rolls back.
  void write(const std::function<void(PgConnection&)>& body);
  /// Where this replica keeps its local files (the fitted built-in embedding model): the data
  /// directory the library was opened with.
  void set_local_dir(std::filesystem::path dir) { local_dir_ = std::move(dir); }
  const std::filesystem::path& local_dir() const { return local_dir_; }
  /// The connection string it was opened with (a replica's listener opens its own connection).
  const std::string& conninfo() const { return conninfo_; }
  /// A read-only statement on the store's connection, for the index layer's searches over the
  /// same tables (the keyword leg). Throws StorageError.
  PgResult read(const std::string& sql, const std::vector<Param>& params = {}) const;

 private:
  void migrate();
  void bump_generation();
  void count_tokens(const std::string& where, const std::string& param, int sign);
  void insert_document(const model::ParsedDocument& doc);
  std::vector<model::PageDocument> pages_unlocked(const std::string& reg_id, int start,
                                                  int end) const;
  std::optional<model::RegulationInfo> find_unlocked(const std::string& reg_id) const;
  std::vector<model::RegulationInfo> list_unlocked() const;
  model::TableEntry read_table(const PgResult& r, int row, const std::string& reg_id) const;

  // One connection, used by one call at a time (libpq connections are not shared between
  // threads); a server keeps one store per worker or serialises here.
  mutable std::mutex mutex_;
  std::string conninfo_;
  std::filesystem::path local_dir_;
  std::unique_ptr<PgConnection> conn_;
  BlockTerms block_terms_;
};

}  // namespace regreader::store::pg
