#include "regreader/index/pg_engine.hpp"

#include "regreader/core/error.hpp"
#include "regreader/index/keyword/pg_keyword_copy.hpp"
#include "regreader/index/keyword/pg_keyword_index.hpp"
#include "regreader/index/vector/pg_vector_store.hpp"

namespace regreader::index {

namespace {

constexpr const char* kNoBaseline =
    "the baseline reads the embedded store's FTS5 index; it is not available on the PostgreSQL "
    "store";

class PgKeywordIndex final : public KeywordIndex {
 public:
  explicit PgKeywordIndex(store::pg::PgStore& store)
      : store_(store), copy_(std::make_unique<PgKeywordCopy>(store)) {}

  // From this replica's copy (pg_keyword_copy.hpp), else from the database.
  std::vector<SearchHit> search(const std::string& query,
                                const SearchFilter& filter) const override {
    if (auto hits = copy_->search(query, filter)) return std::move(*hits);
    return pg_keyword_search(store_, query, filter);
  }
  std::unique_ptr<PinnedReads> pinned_reads() const override { return copy_->pin(); }
  // PostgreSQL keeps its GIN index and token counts up to date itself; its planner's statistics
  // are refreshed.
  void optimize() override { store_.analyze(); }
  std::string baseline_unavailable() const override { return kNoBaseline; }
  std::vector<SearchHit> baseline(const std::string&, const std::string&, int) const override {
    throw Error(ErrorCode::kInvalidArgument, kNoBaseline);
  }

 private:
  store::pg::PgStore& store_;
  std::unique_ptr<PgKeywordCopy> copy_;  ///< searched from const methods; locks itself
};

class PgVectorStore final : public VectorStore {
 public:
  explicit PgVectorStore(store::pg::PgStore& store) : store_(store) {}

  std::shared_ptr<const VectorLeg> leg(std::string& why) const override {
    return pg_vector_leg(store_, why);
  }
  std::optional<VectorState> state() const override { return pg_vector_state(store_); }
  std::unique_ptr<Embedder> embedder_for_build(const EmbeddingConfig& config,
                                               bool refit) const override {
    if (config.kind == EmbedderKind::kNone) return nullptr;
    return pg_embedder_for_build(store_, config, refit);
  }
  int update(Embedder& embedder, const VectorProgress& progress) override {
    return pg_update_vectors(store_, embedder, progress);
  }
  int reindex(Embedder& embedder, const std::string& reg_id,
              const VectorProgress& progress) override {
    return pg_reindex_vectors(store_, embedder, reg_id, progress);
  }

 private:
  store::pg::PgStore& store_;
};

}  // namespace

std::unique_ptr<KeywordIndex> pg_keyword_index(store::pg::PgStore& store) {
  return std::make_unique<PgKeywordIndex>(store);
}

std::unique_ptr<VectorStore> pg_vector_store(store::pg::PgStore& store) {
  return std::make_unique<PgVectorStore>(store);
}

Engine postgres_engine(store::pg::PgStore& store) {
  return Engine(store, pg_keyword_index(store), pg_vector_store(store));
}

}  // namespace regreader::index
