#include "regreader/index/vector/pg_vector_store.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <future>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "regreader/core/error.hpp"
#include "regreader/index/embed/embedder_factory.hpp"
#include "regreader/index/keyword/pg_keyword_index.hpp"
#include "regreader/index/vector/saved_graph.hpp"

namespace regreader::index {

using store::pg::Param;
using store::pg::PgConnection;
using store::pg::PgStore;

namespace {

// The channel every change of the library is announced on (pg_store.cpp).
constexpr const char* kChannel = "regreader";

// float32 <-> BYTEA in PostgreSQL's hex text form ("\x3f800000…"): parameters and results of
// PgConnection are text.
std::string to_hex(const std::vector<float>& v) {
  static const char* digits = "0123456789abcdef";
  std::string out = "\\x";
  const auto* p = reinterpret_cast<const unsigned char*>(v.data());
  for (size_t i = 0; i < v.size() * sizeof(float); ++i) {
    out.push_back(digits[p[i] >> 4]);
    out.push_back(digits[p[i] & 15]);
  }
  return out;
}

int hex_value(char c) {
  return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

std::vector<float> from_hex(const std::string& s, int dimension) {
  if (s.size() != 2 + static_cast<size_t>(dimension) * sizeof(float) * 2 || s[0] != '\\')
    throw Error(ErrorCode::kCorruptFile, "a stored vector does not have " +
                                             std::to_string(dimension) +
                                             " values; run `regreader reindex --all`");
  std::vector<float> v(static_cast<size_t>(dimension));
  auto* p = reinterpret_cast<unsigned char*>(v.data());
  for (size_t i = 0; i < v.size() * sizeof(float); ++i)
    p[i] = static_cast<unsigned char>(hex_value(s[2 + 2 * i]) << 4 | hex_value(s[3 + 2 * i]));
  return v;
}

// The model the stored vectors were made by (model_id, dimension); an empty id when none.
std::pair<std::string, int> stored_model(const PgStore& store) {
  const auto r = store.read("SELECT key, value FROM vector_meta");
  std::pair<std::string, int> out{"", 0};
  for (int i = 0; i < r.rows(); ++i) {
    if (r.text(i, 0) == "model_id") out.first = r.text(i, 1);
    if (r.text(i, 0) == "dimension") out.second = std::atoi(r.text(i, 1).c_str());
  }
  return out;
}

// --- this replica's index ------------------------------------------------------------------------

struct Replica {
  std::mutex mutex;                        // one refresh or search at a time
  std::unique_ptr<PgConnection> listener;  // LISTENing; null until connected (or after a break)
  long long generation = -1;  // of the database when the index was last brought up to date
  std::string config_key;
  std::shared_ptr<Embedder> embedder;
  std::unique_ptr<VectorIndex> index;
  std::unordered_map<int64_t, std::string> block_of;  // label (block_vectors.id) -> block_id
  int64_t max_id = 0;
  std::string unavailable;
  PgLegStats stats;
  std::future<void> saving;  // a fetched graph being written to the local directory
};

Replica& replica_for(const PgStore& store) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<Replica>> replicas;
  std::lock_guard lock(mutex);
  auto& r = replicas[store.conninfo()];
  if (!r) r = std::make_unique<Replica>();
  return *r;
}

// True when something may have changed since the last look: a notification arrived, or there is
// no listener to tell.
bool maybe_changed(Replica& r, const PgStore& store) {
  if (!r.listener) {
    try {
      auto c = std::make_unique<PgConnection>(store.conninfo());
      c->exec(std::string("LISTEN ") + kChannel);
      r.listener = std::move(c);
    } catch (const std::exception& e) {
      spdlog::debug("no LISTEN connection ({}); the generation is compared per search", e.what());
    }
    return true;  // listening from now on (or not at all); what happened before is read below
  }
  bool any = false;
  try {
    while (r.listener->wait_notification(0))
      any = true;
  } catch (const std::exception& e) {
    spdlog::debug("the LISTEN connection broke ({}); reconnecting", e.what());
    r.listener.reset();
    return true;
  }
  return any;
}

// Decodes rows (id, block_id, vector), noting each label's block and the highest id held, and
// hands each vector on.
void take_rows(Replica& r, const store::pg::PgResult& rows, int dimension,
               const std::function<void(int64_t, std::vector<float>)>& take) {
  for (int i = 0; i < rows.rows(); ++i) {
    const int64_t id = rows.integer(i, 0);
    take(id, from_hex(rows.text(i, 2), dimension));
    r.block_of[id] = rows.text(i, 1);
    r.max_id = std::max(r.max_id, id);
  }
}

void catch_up(Replica& r, const PgStore& store, int dimension, long long generation);

// Adds the rows stored after the highest id held; how many.
size_t add_rows_after_max(Replica& r, const PgStore& store, int dimension) {
  size_t added = 0;
  take_rows(r,
            store.read("SELECT id, block_id, vector FROM block_vectors WHERE id > $1 ORDER BY id",
                       {std::to_string(r.max_id)}),
            dimension, [&](int64_t id, std::vector<float> v) {
              r.index->add(id, v);
              ++added;
            });
  return added;
}

// Every stored vector's label and block, in one query: what a loaded graph is reconciled with.
std::unordered_map<int64_t, std::string> stored_blocks(const PgStore& store) {
  const auto rows = store.read("SELECT id, block_id FROM block_vectors");
  std::unordered_map<int64_t, std::string> out;
  out.reserve(static_cast<size_t>(rows.rows()));
  for (int i = 0; i < rows.rows(); ++i)
    out.emplace(rows.integer(i, 0), rows.text(i, 1));
  return out;
}

// Takes a saved graph (saved_graph.hpp) as the index, `stored` being every stored row: the
// labels whose rows are gone are removed and the rows stored since it was saved are added.
void adopt_graph(Replica& r, SavedGraph saved, std::unordered_map<int64_t, std::string> stored,
                 const PgStore& store, int dimension, long long generation) {
  r.index = std::make_unique<VectorIndex>(std::move(saved.index));
  size_t removed = 0;
  for (const int64_t label : r.index->labels())
    if (!stored.count(label)) r.index->remove(label), ++removed;
  r.max_id = saved.max_id;
  std::erase_if(stored, [&](const auto& row) { return row.first > saved.max_id; });
  r.block_of = std::move(stored);
  ++r.stats.graph_loads;
  const size_t added = add_rows_after_max(r, store, dimension);
  ++r.stats.catch_ups;
  spdlog::info(
      "vector graph loaded at generation {}: {} added since it was saved, {} removed, {} "
      "held",
      generation, added, removed, r.block_of.size());
}

// The index built from every stored vector, without looking for a saved graph.
void build_all(Replica& r, const PgStore& store, int dimension, long long generation) {
  std::vector<int64_t> labels;
  std::vector<float> data;
  r.block_of.clear();
  r.max_id = 0;
  take_rows(r, store.read("SELECT id, block_id, vector FROM block_vectors ORDER BY id"), dimension,
            [&](int64_t id, std::vector<float> v) {
              labels.push_back(id);
              data.insert(data.end(), v.begin(), v.end());
            });
  r.index = std::make_unique<VectorIndex>(dimension, std::move(labels), std::move(data));
  ++r.stats.full_loads;
  spdlog::info("vector index loaded at generation {}: {} vectors ({})", generation,
               r.block_of.size(), r.index->uses_hnsw() ? "HNSW" : "exact");
}

// The graph this replica saved, else the one published in the database, else one built here
// (then saved and published). Without a local directory the graph is built at every start. The
// graph is read (or fetched) while the stored rows are read on this thread: a new replica waits
// for the longer of the two, not their sum.
void load_all(Replica& r, const PgStore& store, const std::string& model_id, int dimension,
              long long generation) {
  const bool local = !store.local_dir().empty();
  const auto file = saved_graph_path(store.local_dir(), store.location(), r.config_key);
  if (local) {
    struct Found {
      std::optional<SavedGraph> graph;
      std::future<void> saving;  // valid when the graph was fetched: it is being saved
    };
    auto graph = std::async(std::launch::async, [&]() -> Found {
      if (auto own = load_graph(file, model_id, dimension)) return {std::move(own), {}};
      auto fetched = fetch_graph(store, file, model_id, dimension);
      if (!fetched) return {};
      return {std::move(fetched->graph), std::move(fetched->saving)};
    });
    auto stored = stored_blocks(store);
    auto found = graph.get();
    if (found.graph) {
      adopt_graph(r, std::move(*found.graph), std::move(stored), store, dimension, generation);
      if (found.saving.valid()) {
        ++r.stats.database_graphs;
        r.saving = std::move(found.saving);
      }
      return;
    }
  }
  build_all(r, store, dimension, generation);
  if (local && r.index->uses_hnsw()) {
    save_graph(*r.index, file, model_id, r.max_id);
    publish_graph(store, file, model_id, dimension, r.max_id, r.block_of.size());
  }
}

// What a replica's index and saved graph were made under: the configuration's description and
// model.
std::string config_key(const EmbeddingConfig& config) {
  return config.describe() + "\n" + config.model;
}

// Removes the labels whose rows are gone and adds the rows past the last id held.
void catch_up(Replica& r, const PgStore& store, int dimension, long long generation) {
  const auto ids = store.read("SELECT id FROM block_vectors");
  std::unordered_set<int64_t> present;
  for (int i = 0; i < ids.rows(); ++i)
    present.insert(ids.integer(i, 0));
  size_t removed = 0;
  for (auto it = r.block_of.begin(); it != r.block_of.end();)
    if (!present.count(it->first)) {
      r.index->remove(it->first);
      it = r.block_of.erase(it);
      ++removed;
    } else {
      ++it;
    }
  const size_t added = add_rows_after_max(r, store, dimension);
  ++r.stats.catch_ups;
  spdlog::info("vector index caught up with generation {}: {} added, {} removed, {} held",
               generation, added, removed, r.block_of.size());
}

// Brings the replica's leg up to date with the database and the configuration. Under r.mutex.
void refresh(Replica& r, const PgStore& store) {
  const auto config = EmbeddingConfig::from_env();
  const std::string key = config_key(config);
  const bool changed = maybe_changed(r, store);
  if (!changed && key == r.config_key) return;
  const long long generation = store.generation();
  if (generation == r.generation && key == r.config_key) return;
  if (key != r.config_key) {
    r.index.reset();
    r.embedder.reset();
  }
  r.config_key = key;
  r.generation = generation;
  r.unavailable.clear();
  if (config.kind == EmbedderKind::kNone) {
    r.unavailable =
        "no embedding model is configured (REGREADER_EMBEDDING_MODEL; see `regreader "
        "search --help`)";
    return;
  }
  if (!r.embedder) r.embedder = open_embedder(config, store.local_dir());
  if (!r.embedder) {
    r.unavailable = "the built-in embedding model is not fitted in " + store.local_dir().string() +
                    "; run `regreader reindex --all`";
    return;
  }
  VectorState state;  // only the model: counting every block per catch-up is not needed here
  std::tie(state.model_id, state.dimension) = stored_model(store);
  const std::string none =
      "no vectors are stored for " + config.describe() + "; run `regreader reindex --all`";
  if (state.model_id.empty()) {
    r.index.reset();
    r.unavailable = none;
    return;
  }
  // Another process refitted the built-in model (`reindex --all`): read the fit again, in case
  // the new file has reached this replica's data directory.
  if (state.model_id != r.embedder->model_id()) {
    if (auto again = open_embedder(config, store.local_dir())) r.embedder = std::move(again);
    r.index.reset();
  }
  try {
    check_model(state, *r.embedder);
  } catch (const Error& e) {
    r.unavailable = e.what();
    r.generation = -1;  // look again at the next search: the new fit may arrive
    throw;
  }
  if (r.index && r.index->dimension() == state.dimension)
    catch_up(r, store, state.dimension, generation);
  else
    load_all(r, store, state.model_id, state.dimension, generation);
  if (r.index->size() == 0) {
    r.index.reset();
    r.unavailable = none;
  }
}

std::vector<int64_t> allowed_labels(const PgStore& store, const SearchFilter& f) {
  std::vector<Param> params;
  int next = 1;
  std::string sql =
      "SELECT v.id, b.chapter_path FROM blocks b JOIN block_vectors v ON v.block_id = b.block_id "
      "WHERE true";
  pg_append_block_filter(sql, params, next, f, "b.");
  const std::string path_text = !f.section_number.empty() ? f.section_number : f.chapter_scope;
  if (!path_text.empty()) {
    sql += " AND b.chapter_path LIKE $" + std::to_string(next++) + " ESCAPE '\\'";
    params.emplace_back(like_pattern(path_text));
  }
  const auto r = store.read(sql, params);
  const bool chapter_rules = !path_text.empty();
  std::vector<int64_t> out;
  for (int i = 0; i < r.rows(); ++i)
    if (!chapter_rules ||
        matches_chapter_filters(nlohmann::json::parse(r.text(i, 1)).get<std::vector<std::string>>(),
                                f))
      out.push_back(r.integer(i, 0));
  std::sort(out.begin(), out.end());
  return out;
}

// The leg's candidates (block_id and score only). Under r.mutex, after refresh().
std::vector<SearchHit> candidates(Replica& r, const PgStore& store, const std::vector<float>& q,
                                  const SearchFilter& filter) {
  std::vector<SearchHit> hits;
  if (!r.index) return hits;
  for (const auto& m :
       nearest(*r.index, q, filter, [&] { return allowed_labels(store, filter); })) {
    SearchHit h;
    h.block_id = r.block_of.at(m.label);
    h.score = m.score;
    h.match = "semantic";
    hits.push_back(std::move(h));
  }
  return hits;
}

// Block rows for the hits that have none yet (dropping blocks deleted since).
void fill_hits(const PgStore& store, std::vector<SearchHit>& hits) {
  std::vector<Param> ids;
  for (const auto& h : hits)
    if (h.reg_id.empty()) ids.emplace_back(h.block_id);
  if (ids.empty()) return;
  int next = 1;
  const auto r = store.read(
      "SELECT block_id, reg_id, page_num, block_type, chapter_path, content_markdown FROM blocks "
      "WHERE block_id IN " +
          pg_in_list(next, ids.size()),
      ids);
  std::unordered_map<std::string, int> row_of;
  for (int i = 0; i < r.rows(); ++i)
    row_of[r.text(i, 0)] = i;
  for (auto& h : hits) {
    if (!h.reg_id.empty()) continue;
    auto it = row_of.find(h.block_id);
    if (it == row_of.end()) continue;
    const int i = it->second;
    fill_vector_hit(h, r.text(i, 1), static_cast<int>(r.integer(i, 2)), r.text(i, 3), r.text(i, 4),
                    r.text(i, 5));
  }
  std::erase_if(hits, [](const SearchHit& h) { return h.reg_id.empty(); });
}

}  // namespace

std::optional<VectorState> pg_vector_state(const PgStore& store) {
  VectorState s;
  std::tie(s.model_id, s.dimension) = stored_model(store);
  if (s.model_id.empty()) return std::nullopt;
  s.generation = store.generation();
  s.vectors = store.read("SELECT count(*) FROM block_vectors").integer(0, 0);
  s.missing = store
                  .read(
                      "SELECT count(*) FROM blocks b WHERE NOT EXISTS (SELECT 1 FROM "
                      "block_vectors v WHERE v.block_id = b.block_id)")
                  .integer(0, 0);
  return s;
}

namespace {

// check_model() against the stored vectors' model, when any vector is stored.
void check_stored_model(const PgStore& store, const Embedder& embedder) {
  VectorState state;
  std::tie(state.model_id, state.dimension) = stored_model(store);
  if (!state.model_id.empty() &&
      store.read("SELECT EXISTS (SELECT 1 FROM block_vectors)").text(0, 0) == "t")
    check_model(state, embedder);
}

}  // namespace

int pg_update_vectors(PgStore& store, Embedder& embedder, const VectorProgress& progress) {
  check_stored_model(store, embedder);
  const int dimension = embedder.dimension();
  const auto todo = store.read(
      "SELECT b.block_id, b.content_markdown, b.chapter_path FROM blocks b WHERE NOT EXISTS "
      "(SELECT 1 FROM block_vectors v WHERE v.block_id = b.block_id) "
      "ORDER BY b.reg_id, b.page_num, b.order_in_page");
  const auto total = static_cast<size_t>(todo.rows());
  const std::string model_id = embedder.model_id();
  auto set_model = [&](PgConnection& c) {
    c.query(
        "INSERT INTO vector_meta VALUES ('model_id', $1), ('dimension', $2) "
        "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
        {model_id, std::to_string(dimension)});
  };
  if (total == 0) store.write(set_model);
  for (size_t i = 0; i < total; i += kEmbedChunk) {
    const size_t end = std::min(total, i + kEmbedChunk);
    std::vector<std::string> texts;
    for (size_t k = i; k < end; ++k)
      texts.push_back(
          embedding_text(todo.text(static_cast<int>(k), 2), todo.text(static_cast<int>(k), 1)));
    const auto vectors = embedder.embed(texts, EmbedKind::kDocument);
    store.write([&](PgConnection& c) {
      set_model(c);
      for (size_t k = i; k < end; ++k) {
        const auto& v = vectors[k - i];
        if (static_cast<int>(v.size()) != dimension)
          throw Error(ErrorCode::kInternal, "the embedder returned a vector of another dimension");
        // A block deleted meanwhile (another replica re-ingested it) has no row to point at.
        c.query(
            "INSERT INTO block_vectors(block_id, vector) SELECT $1, $2::bytea WHERE EXISTS "
            "(SELECT 1 FROM blocks WHERE block_id = $1) ON CONFLICT (block_id) DO NOTHING",
            {todo.text(static_cast<int>(k), 0), to_hex(v)});
      }
    });
    if (progress) progress(static_cast<int>(end), static_cast<int>(total));
  }
  return static_cast<int>(total);
}

int pg_reindex_vectors(PgStore& store, Embedder& embedder, const std::string& reg_id,
                       const VectorProgress& progress) {
  if (reg_id.empty()) {
    store.write([](PgConnection& c) {
      c.exec("DELETE FROM block_vectors; DELETE FROM vector_meta; DELETE FROM vector_graph");
    });
  } else {
    store.require(reg_id);
    check_stored_model(store, embedder);
    store.write([&](PgConnection& c) {
      c.query(
          "DELETE FROM block_vectors WHERE block_id IN (SELECT block_id FROM blocks WHERE "
          "reg_id = $1)",
          {reg_id});
    });
  }
  const int n = pg_update_vectors(store, embedder, progress);
  // Every vector is new: the graph is built once here rather than by each replica at its
  // first vector search (below the graph's size replicas search exactly: nothing to build).
  if (reg_id.empty() && !store.local_dir().empty() &&
      store.read("SELECT count(*) FROM block_vectors").integer(0, 0) >=
          static_cast<long long>(VectorIndex::kExactSearchMaxVectors)) {
    Replica built;
    built.config_key = config_key(EmbeddingConfig::from_env());
    build_all(built, store, embedder.dimension(), store.generation());
    if (built.index->uses_hnsw()) {
      const auto file = saved_graph_path(store.local_dir(), store.location(), built.config_key);
      save_graph(*built.index, file, embedder.model_id(), built.max_id);
      publish_graph(store, file, embedder.model_id(), embedder.dimension(), built.max_id,
                    built.block_of.size());
    }
  }
  return n;
}

std::unique_ptr<Embedder> pg_embedder_for_build(const PgStore& store, const EmbeddingConfig& config,
                                                bool refit) {
  return embedder_for_build(config, store.local_dir(), refit, [&] {
    // Every stored block in a fixed order, so two replicas fitting alike agree.
    const auto rows = store.read(
        "SELECT chapter_path, content_markdown FROM blocks ORDER BY reg_id, page_num, "
        "order_in_page");
    std::vector<std::string> texts;
    for (int i = 0; i < rows.rows(); ++i)
      texts.push_back(embedding_text(rows.text(i, 0), rows.text(i, 1)));
    return fit_builtin_embedder(texts, store.local_dir());
  });
}

namespace {

// The replica's leg for one query: every call takes the replica's lock (its index is caught up
// in place, and embedders are not required to be thread-safe).
class PgVectorLeg final : public VectorLeg {
 public:
  PgVectorLeg(const PgStore& store, std::string model_id)
      : store_(store), model_id_(std::move(model_id)) {}

  std::string model_id() const override { return model_id_; }

  std::vector<float> embed(const std::string& query) const override {
    Replica& r = replica_for(store_);
    std::lock_guard lock(r.mutex);
    refresh(r, store_);
    if (!r.embedder) throw Error(ErrorCode::kInvalidArgument, r.unavailable);
    return r.embedder->embed({query}, EmbedKind::kQuery).at(0);
  }

  std::vector<SearchHit> candidates(const std::vector<float>& query_vector,
                                    const SearchFilter& filter) const override {
    for (const auto& id : filter.reg_ids)
      store_.require(id);
    Replica& r = replica_for(store_);
    std::lock_guard lock(r.mutex);
    refresh(r, store_);
    return index::candidates(r, store_, query_vector, filter);
  }

  void fill(std::vector<SearchHit>& hits) const override { fill_hits(store_, hits); }

 private:
  const PgStore& store_;
  std::string model_id_;
};

}  // namespace

std::shared_ptr<const VectorLeg> pg_vector_leg(const PgStore& store, std::string& why) {
  Replica& r = replica_for(store);
  std::lock_guard lock(r.mutex);
  refresh(r, store);
  if (!r.index || !r.embedder) {
    why = r.unavailable;
    return nullptr;
  }
  return std::make_shared<PgVectorLeg>(store, r.embedder->model_id());
}

PgLegStats pg_leg_stats(const PgStore& store) {
  Replica& r = replica_for(store);
  std::lock_guard lock(r.mutex);
  PgLegStats s = r.stats;
  s.vectors = r.index ? r.index->size() : 0;
  return s;
}

}  // namespace regreader::index
