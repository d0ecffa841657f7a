#pragma once
// A storage engine as three parts opened together: the documents (store/document_store.hpp), the
// keyword index and the vectors, each an interface with an implementation per engine (the
// embedded SQLite store: sqlite_engine.hpp; PostgreSQL: pg_engine.hpp), the way DuckDB's
// StorageExtension hands each attached database its own Catalog. open_engine() makes the choice
// once, from the settings; everything above store/ and index/ holds an Engine and never asks which
// one it is. Search over an engine (keyword, vector, hybrid) is search.hpp's, written once.

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "regreader/index/embed/embedder.hpp"
#include "regreader/index/embed/embedder_factory.hpp"
#include "regreader/index/search_filter.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::index {

/// What vectors are stored.
struct VectorState {
  std::string model_id;
  int dimension = 0;
  int64_t generation = 0;
  int64_t vectors = 0;
  int64_t missing = 0;  ///< stored blocks without a vector
};

using VectorProgress = std::function<void(int done, int total)>;

/// A store holding the documents' regulations that a keyword index keeps and reads faster (a
/// PostgreSQL replica's keyword copy, pg_keyword_copy.hpp), pinned at one version for the
/// calling thread while the object lives.
class PinnedReads {
 public:
  virtual ~PinnedReads() = default;
  virtual const store::DocumentStore& store() const = 0;
};

/// The keyword index of an engine (the rules it follows: keyword_index.hpp).
class KeywordIndex {
 public:
  virtual ~KeywordIndex() = default;
  /// Its own copy of the documents, brought up to their version and pinned for this thread
  /// (its searches from this thread read that version meanwhile); nullptr when it keeps none or
  /// none is ready.
  virtual std::unique_ptr<PinnedReads> pinned_reads() const { return nullptr; }
  /// Blocks matching `query`, best first, within the filter.
  virtual std::vector<SearchHit> search(const std::string& query,
                                        const SearchFilter& filter) const = 0;
  /// Compacts the index and counts its tokens after a change (once per ingest, reindex, rename or
  /// delete command); a no-op on engines that keep both up to date themselves.
  virtual void optimize() = 0;
  /// Why the evaluation's baseline cannot run on this engine; "" when it can.
  virtual std::string baseline_unavailable() const = 0;
  /// The evaluation's baseline (evaluation.hpp): the engine's stock full-text search over the
  /// blocks, the words as typed (all of them), none of RegReader's tokenizer, synonyms or rules;
  /// hits with block id, page, regulation and chapter, best first.
  virtual std::vector<SearchHit> baseline(const std::string& query, const std::string& reg_id,
                                          int limit) const = 0;
};

/// A semantic leg ready for queries: the configured embedder over the stored vectors.
class VectorLeg {
 public:
  virtual ~VectorLeg() = default;
  virtual std::string model_id() const = 0;
  /// The query's vector (embedders need not be thread-safe: the leg serialises them).
  virtual std::vector<float> embed(const std::string& query) const = 0;
  /// The `filter.limit` blocks nearest to `query_vector` within the filter, carrying only
  /// block_id and score ...
  virtual std::vector<SearchHit> candidates(const std::vector<float>& query_vector,
                                            const SearchFilter& filter) const = 0;
  /// ... and the other fields of the hits that have none yet (blocks gone since are dropped),
  /// read only for the hits a fused ranking keeps.
  virtual void fill(std::vector<SearchHit>& hits) const = 0;
};

/// The stored vectors of an engine and the leg built from them.
class VectorStore {
 public:
  virtual ~VectorStore() = default;
  /// The leg under the current configuration (cached per process and library, reloaded when the
  /// vectors change); null with `why` saying, for people, what is missing.
  virtual std::shared_ptr<const VectorLeg> leg(std::string& why) const = 0;
  /// What is stored; nullopt when vectors were never built.
  virtual std::optional<VectorState> state() const = 0;
  /// The embedder that builds vectors: the configured one; the built-in model is fitted on the
  /// stored blocks when it has no fitted file yet or `refit`. Null for EmbedderKind::kNone.
  virtual std::unique_ptr<Embedder> embedder_for_build(const EmbeddingConfig& config,
                                                       bool refit) const = 0;
  /// Embeds every block without a vector; returns how many. Throws check_model()'s error when
  /// the stored vectors belong to another model.
  virtual int update(Embedder& embedder, const VectorProgress& progress = {}) = 0;
  /// Deletes the vectors of one regulation (of all, forgetting the model, when `reg_id` is
  /// empty) and embeds them again.
  virtual int reindex(Embedder& embedder, const std::string& reg_id,
                      const VectorProgress& progress = {}) = 0;
};

/// What a search reads from while it lives (Engine::read_view): one version of the library.
class ReadView {
 public:
  ReadView(const store::DocumentStore& documents, std::unique_ptr<PinnedReads> pinned);
  ~ReadView();
  ReadView(ReadView&&) noexcept;
  const store::DocumentStore& store() const { return *store_; }

 private:
  // Declared in this order: the read (hold_) ends before the pin that keeps its store in place.
  std::unique_ptr<PinnedReads> pinned_;
  const store::DocumentStore* store_;
  std::unique_ptr<store::ReadHold> hold_;
};

class Engine {
 public:
  /// An engine that owns its parts.
  Engine(std::unique_ptr<store::DocumentStore> documents, std::unique_ptr<KeywordIndex> keyword,
         std::unique_ptr<VectorStore> vectors);
  /// An engine over documents the caller keeps (tests and benches that hold a store).
  Engine(store::DocumentStore& documents, std::unique_ptr<KeywordIndex> keyword,
         std::unique_ptr<VectorStore> vectors);
  ~Engine();
  Engine(Engine&&) noexcept;
  Engine& operator=(Engine&&) noexcept;

  store::DocumentStore& documents() { return *documents_; }
  const store::DocumentStore& documents() const { return *documents_; }
  KeywordIndex& keyword() { return *keyword_; }
  const KeywordIndex& keyword() const { return *keyword_; }
  VectorStore& vectors() { return *vectors_; }
  const VectorStore& vectors() const { return *vectors_; }
  /// Where a search reads pages, titles and definitions from, held at one version while the
  /// view lives: the keyword index's copy of the documents when it keeps one that is up to date
  /// (a PostgreSQL replica: a round trip saved per read), else the documents.
  ReadView read_view() const;

 private:
  // Declared first, destroyed last: the parts refer to the documents.
  std::unique_ptr<store::DocumentStore> owned_;
  store::DocumentStore* documents_ = nullptr;
  std::unique_ptr<KeywordIndex> keyword_;
  std::unique_ptr<VectorStore> vectors_;
};

/// The engine `store_url` names: empty for the embedded SQLite store under `data_dir` (created
/// with `create`, else a missing one is an empty library and nothing is written), or a
/// postgresql:// URL (`data_dir` then keeps this replica's fitted model). The keyword index is
/// ready when it returns. Error(kInvalidArgument) for any other URL.
Engine open_engine(const std::filesystem::path& data_dir, bool create,
                   const std::string& store_url);

}  // namespace regreader::index
