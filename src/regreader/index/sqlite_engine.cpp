#include "regreader/index/sqlite_engine.hpp"

#include <mutex>
#include <nlohmann/json.hpp>

#include "regreader/core/error.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/vector/vector_store.hpp"
#include "regreader/store/database.hpp"

namespace regreader::index {

namespace {

// --- keyword index -------------------------------------------------------------------------------

class SqliteKeywordIndex final : public KeywordIndex {
 public:
  explicit SqliteKeywordIndex(store::PageStore& store) : store_(store) {}

  std::vector<SearchHit> search(const std::string& query,
                                const SearchFilter& filter) const override {
    return keyword_search(store_, query, filter);
  }

  void optimize() override {
    if (store_.exists()) optimize_keyword_index(store_);
  }

  std::string baseline_unavailable() const override { return ""; }

  // The original system's keyword leg: FTS5 with unicode61, every word as typed (a temporary
  // table of this connection, filled at the first call).
  std::vector<SearchHit> baseline(const std::string& query, const std::string& reg_id,
                                  int limit) const override {
    store::Database* db = store_.database();
    if (!db) throw Error(ErrorCode::kNotFound, "the store is empty; ingest the regulations first");
    if (!baseline_ready_) {
      db->exec("DROP TABLE IF EXISTS temp.baseline_fts");
      db->exec(
          "CREATE VIRTUAL TABLE temp.baseline_fts USING fts5(content_markdown, "
          "tokenize='unicode61')");
      db->exec(
          "INSERT INTO temp.baseline_fts(rowid, content_markdown) SELECT rowid, content_markdown "
          "FROM blocks");
      baseline_ready_ = true;
    }
    const std::string match = all_words(query);
    std::vector<SearchHit> out;
    if (match.empty()) return out;
    auto s = db->prepare(
        "SELECT b.block_id, b.page_num, b.reg_id, b.chapter_path FROM temp.baseline_fts f JOIN "
        "blocks b ON b.rowid = f.rowid "
        "WHERE baseline_fts MATCH ?1 AND (?2 = '' OR b.reg_id = ?2) ORDER BY bm25(baseline_fts) "
        "LIMIT ?3");
    s.bind(1, match).bind(2, reg_id).bind(3, limit);
    while (s.step()) {
      SearchHit h;
      h.block_id = s.text(0);
      h.page_num = static_cast<int>(s.integer(1));
      h.reg_id = s.text(2);
      h.chapter_path = nlohmann::json::parse(s.text(3)).get<std::vector<std::string>>();
      out.push_back(std::move(h));
    }
    return out;
  }

 private:
  // Each space-separated word as a quoted FTS5 phrase, all required.
  static std::string all_words(const std::string& query) {
    std::string match, word;
    auto flush = [&] {
      if (word.empty()) return;
      std::string quoted = "\"";
      for (char c : word)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
      match += (match.empty() ? "" : " AND ") + quoted + "\"";
      word.clear();
    };
    for (char c : query)
      c == ' ' ? flush() : word.push_back(c);
    flush();
    return match;
  }

  store::PageStore& store_;
  mutable bool baseline_ready_ = false;
};

// --- vectors -------------------------------------------------------------------------------------

// The embedder and index of a library under a configuration; a process-wide cache (below).
struct LoadedLeg {
  std::shared_ptr<Embedder> embedder;        // null: none configured (or not fitted yet)
  std::shared_ptr<const VectorIndex> index;  // null: no vectors stored
  std::string unavailable;                   // why there is no leg, for people; "" when there is
};

// The last leg loaded, for the library and configuration it was loaded for; reloaded when the
// vector generation moves (an ingest, a delete, a reindex). Libraries of one data directory (the
// MCP server's pool holds several) share it.
struct LegCache {
  std::mutex mutex;
  std::string key;
  int64_t generation = -2;
  LoadedLeg leg;
  std::mutex embed_mutex;  // embedders are not required to be thread-safe
};

LegCache& leg_cache() {
  static LegCache c;
  return c;
}

LoadedLeg load_leg(const store::PageStore& store, const EmbeddingConfig& config) {
  LoadedLeg leg;
  if (config.kind == EmbedderKind::kNone) {
    leg.unavailable =
        "no embedding model is configured (REGREADER_EMBEDDING_MODEL; see `regreader search "
        "--help`)";
    return leg;
  }
  leg.embedder = open_embedder(config, store.data_dir());
  if (!leg.embedder) {
    leg.unavailable =
        "the built-in embedding model is not fitted yet; run `regreader reindex --all`";
    return leg;
  }
  leg.index = open_vector_index(store, *leg.embedder);
  if (!leg.index)
    leg.unavailable =
        "no vectors are stored for " + config.describe() + "; run `regreader reindex --all`";
  return leg;
}

class SqliteVectorLeg final : public VectorLeg {
 public:
  SqliteVectorLeg(const store::PageStore& store, std::shared_ptr<Embedder> embedder,
                  std::shared_ptr<const VectorIndex> index)
      : store_(store), embedder_(std::move(embedder)), index_(std::move(index)) {}

  std::string model_id() const override { return embedder_ ? embedder_->model_id() : ""; }

  std::vector<float> embed(const std::string& query) const override {
    if (!embedder_) throw Error(ErrorCode::kInternal, "a vector leg without an embedder");
    std::lock_guard lock(leg_cache().embed_mutex);
    return embedder_->embed({query}, EmbedKind::kQuery).at(0);
  }

  std::vector<SearchHit> candidates(const std::vector<float>& query_vector,
                                    const SearchFilter& filter) const override {
    return vector_candidates(store_, *index_, query_vector, filter);
  }

  void fill(std::vector<SearchHit>& hits) const override { fill_vector_hits(store_, hits); }

 private:
  const store::PageStore& store_;
  std::shared_ptr<Embedder> embedder_;
  std::shared_ptr<const VectorIndex> index_;
};

class SqliteVectorStore final : public VectorStore {
 public:
  explicit SqliteVectorStore(store::PageStore& store) : store_(store) {}

  std::shared_ptr<const VectorLeg> leg(std::string& why) const override {
    if (!store_.exists()) {
      why = "the store is empty";
      return nullptr;
    }
    const auto config = EmbeddingConfig::from_env();
    const std::string key =
        store_.data_dir().string() + "\n" + config.describe() + "\n" + config.model;
    const int64_t generation = vector_generation(store_);
    LoadedLeg leg;
    {
      LegCache& c = leg_cache();
      std::lock_guard lock(c.mutex);
      if (c.key != key || c.generation != generation) {
        c.leg = load_leg(store_, config);
        c.key = key;
        c.generation = generation;
      }
      leg = c.leg;
    }
    if (!leg.embedder || !leg.index) {
      why = leg.unavailable;
      return nullptr;
    }
    return std::make_shared<SqliteVectorLeg>(store_, leg.embedder, leg.index);
  }

  std::optional<VectorState> state() const override { return vector_state(store_); }

  std::unique_ptr<Embedder> embedder_for_build(const EmbeddingConfig& config,
                                               bool refit) const override {
    if (config.kind == EmbedderKind::kNone) return nullptr;
    return index::embedder_for_build(store_, config, refit);
  }

  int update(Embedder& embedder, const VectorProgress& progress) override {
    return update_vectors(store_, embedder, progress);
  }

  int reindex(Embedder& embedder, const std::string& reg_id,
              const VectorProgress& progress) override {
    return reindex_vectors(store_, embedder, reg_id, progress);
  }

 private:
  store::PageStore& store_;
};

}  // namespace

std::unique_ptr<KeywordIndex> sqlite_keyword_index(store::PageStore& store) {
  return std::make_unique<SqliteKeywordIndex>(store);
}

std::unique_ptr<VectorStore> sqlite_vector_store(store::PageStore& store) {
  return std::make_unique<SqliteVectorStore>(store);
}

Engine embedded_engine(store::PageStore& store) {
  return Engine(store, sqlite_keyword_index(store), sqlite_vector_store(store));
}

std::shared_ptr<const VectorLeg> sqlite_vector_leg(const store::PageStore& store,
                                                   std::shared_ptr<Embedder> embedder,
                                                   std::shared_ptr<const VectorIndex> index) {
  return std::make_shared<SqliteVectorLeg>(store, std::move(embedder), std::move(index));
}

}  // namespace regreader::index
