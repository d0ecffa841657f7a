#pragma once
// The library: one data directory's store and its indexes, opened together. Commands, tool calls
// and the server open a Library, never a PageStore, so none has to remember to prepare the keyword
// index or where the aliases and synonyms live. It owns what changes the library -- ingest,
// delete, rename, aliases -- and hands out the engine (engine.hpp) for reads and search; nothing
// outside store/ and index/ learns which engine it is.

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "regreader/index/derived_synonyms.hpp"
#include "regreader/index/engine.hpp"
#include "regreader/index/ingestor.hpp"
#include "regreader/index/regulation_mentions.hpp"
#include "regreader/index/synonyms.hpp"

namespace regreader::index {

class Library {
 public:
  enum class Mode {
    kRead,    ///< never creates files: a missing data directory is an empty library
    kCreate,  ///< creates the directory and the store (ingest)
  };

  /// Opens the store under `data_dir` with its keyword index ready (built once when missing),
  /// and reads the user's aliases and synonyms. `store_url` chooses the storage engine: empty
  /// for the embedded SQLite store in `data_dir`, or a postgresql:// URL (the data directory
  /// then keeps only aliases, synonyms, skills and kept sources).
  Library(std::filesystem::path data_dir, Mode mode, const std::string& store_url = "");
  ~Library();
  Library(Library&&) noexcept;
  Library& operator=(Library&&) noexcept;

  const std::filesystem::path& data_dir() const { return data_dir_; }
  /// The storage engine the settings chose: documents, keyword index, vectors (engine.hpp).
  Engine& engine() { return engine_; }
  const Engine& engine() const { return engine_; }
  /// The stored documents, on whichever engine holds them.
  store::DocumentStore& documents() { return engine_.documents(); }
  const store::DocumentStore& documents() const { return engine_.documents(); }
  /// Nothing stored yet (the embedded engine before its database file exists).
  bool empty() const { return !engine_.documents().exists(); }

  /// The built-in aliases followed by the user's (<data dir>/aliases.tsv).
  const AliasTable& aliases() const { return aliases_; }
  /// Only the user's aliases.
  AliasTable user_aliases() const;
  /// Adds or changes an alias of a stored regulation (kNotFound for an unknown one).
  void add_alias(const std::string& name, const std::string& reg_id);
  /// Removes one of the user's aliases (kNotFound when there is none of that name).
  void remove_alias(const std::string& name);
  /// What keyword search widens words with: the built-in pairs, the words the stored
  /// regulations define (derived_synonyms.hpp, rebuilt after each ingest, or at the end of a
  /// batch of them), then the user's
  /// (<data dir>/synonyms.tsv).
  const SynonymTable& synonyms() const { return synonyms_; }
  /// The words the stored regulations define, with where each was found.
  const std::vector<DerivedSynonym>& derived_synonyms() const { return derived_; }
  /// Only the user's pairs (<data dir>/synonyms.tsv).
  SynonymTable user_synonyms() const;

  /// The copy of a regulation's source file kept under <data dir>/sources/<sha256>.<ext> (the
  /// reading room draws its pages from it); nullopt when none is kept.
  std::optional<std::filesystem::path> source_copy(const model::RegulationInfo& r) const;
  /// The PDF whose pages are the regulation's pages: the kept source when it is a PDF, else
  /// LibreOffice's rendering of a Word file kept at ingest (sources/<sha256>.rendered.pdf).
  std::optional<std::filesystem::path> page_pdf(const model::RegulationInfo& r) const;

  /// Parses and stores one file (index::ingest_file) and keeps a copy of it (source_copy),
  /// in place before the regulation is visible; the keyword index follows by its triggers. An
  /// unchanged file puts back a kept copy that went missing.
  index::IngestResult ingest(const std::filesystem::path& file, const index::IngestOptions& o);
  /// Starts the parse `ingest(file, o)` will need (index::start_parse), so that it runs while
  /// the caller parses or stores the files before: pass it as IngestOptions::started. nullptr:
  /// none to run.
  std::shared_ptr<parse::BoundedParse> start_parse(const std::filesystem::path& file,
                                                   const index::IngestOptions& o);
  /// After a command's changes (ingest, rename): rebuilds the derived vocabulary when a batch
  /// ingest left it behind, compacts the keyword index, then embeds the blocks without a vector
  /// when an embedding model is configured (`progress` hears of it).
  /// Returns {model id, blocks embedded}, or nullopt when no model is configured.
  std::optional<std::pair<std::string, int>> finish_changes(const VectorProgress& progress = {});
  /// Removes a regulation and everything stored for it (kNotFound for an unknown id).
  void remove(const std::string& reg_id);
  /// Gives a regulation another id; the user's aliases of it follow. Returns how many did.
  int rename(const std::string& from, const std::string& to);

 private:
  std::filesystem::path alias_file() const { return data_dir_ / "aliases.tsv"; }
  void write_user_aliases(const AliasTable& t);
  void reload_aliases();
  void reload_synonyms(bool write_cache);
  std::filesystem::path rendering_temp_path();
  void drop_unreferenced(const std::vector<std::filesystem::path>& added);
  void restore_kept_source(const std::filesystem::path& file, index::IngestResult& r);

  std::filesystem::path data_dir_;
  Engine engine_;
  AliasTable aliases_;
  SynonymTable synonyms_;
  std::vector<DerivedSynonym> derived_;
  int renderings_ = 0;  ///< temporary rendering names given out
  /// A batch ingest stored a regulation since the vocabulary was last rebuilt.
  bool vocabulary_behind_ = false;
  /// The words of the regulations a batch stored, derived as each was stored.
  std::map<std::string, DerivedSection> derived_now_;
};

}  // namespace regreader::index
