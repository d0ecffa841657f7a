#include "regreader/index/vector/vector_store.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <unordered_set>

#include "regreader/core/error.hpp"
#include "regreader/index/embed/embedder_factory.hpp"
#include "regreader/store/database.hpp"

namespace regreader::index {

namespace fs = std::filesystem;

namespace {

constexpr const char* kVectorSchema = R"SQL(
CREATE TABLE IF NOT EXISTS block_vectors (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  block_id TEXT NOT NULL UNIQUE REFERENCES blocks(block_id) ON DELETE CASCADE,
  vector BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS vector_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT OR IGNORE INTO vector_meta(key, value) VALUES ('generation', '0');
CREATE TRIGGER IF NOT EXISTS block_vectors_delete AFTER DELETE ON block_vectors BEGIN
  UPDATE vector_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation';
END;
)SQL";

bool has_vector_tables(store::Database& db) {
  auto s = db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'vector_meta'");
  s.step();
  return s.integer(0) > 0;
}

std::string meta(store::Database& db, const char* key) {
  auto s = db.prepare("SELECT value FROM vector_meta WHERE key = ?1");
  s.bind(1, std::string_view(key));
  return s.step() ? s.text(0) : std::string();
}

void set_meta(store::Database& db, const char* key, const std::string& value) {
  db.prepare("INSERT OR REPLACE INTO vector_meta(key, value) VALUES (?1, ?2)")
      .bind(1, std::string_view(key))
      .bind(2, value)
      .run();
}

int64_t count(store::Database& db, const char* sql) {
  auto s = db.prepare(sql);
  return s.step() ? s.integer(0) : 0;
}

std::vector<float> to_floats(const std::string& blob) {
  std::vector<float> v(blob.size() / sizeof(float));
  std::memcpy(v.data(), blob.data(), v.size() * sizeof(float));
  return v;
}

fs::path graph_file(const store::PageStore& store) {
  return store.data_dir() / "vectors" / "hnsw.bin";
}

fs::path graph_sidecar(const store::PageStore& store) {
  return store.data_dir() / "vectors" / "hnsw.json";
}

void remove_graph(const store::PageStore& store) {
  std::error_code ec;
  fs::remove(graph_file(store), ec);
  fs::remove(graph_sidecar(store), ec);
}

}  // namespace

std::string embedding_text(const std::string& chapter_path_json, const std::string& content) {
  const auto path = nlohmann::json::parse(chapter_path_json, nullptr, false);
  if (!path.is_array() || path.empty() || !path.back().is_string()) return content;
  const auto title = path.back().get<std::string>();
  return content.find(title) == std::string::npos ? title + "\n" + content : content;
}

void ensure_vector_tables(store::PageStore& store) {
  store::Database* db = store.database();
  if (!db) throw Error(ErrorCode::kNotFound, "the store is empty; ingest the regulations first");
  if (has_vector_tables(*db)) return;
  store::Transaction tx(*db);
  db->exec(kVectorSchema);
  tx.commit();
}

std::optional<VectorState> vector_state(const store::PageStore& store) {
  store::Database* db = store.database();
  if (!db || !has_vector_tables(*db)) return std::nullopt;
  VectorState s;
  s.model_id = meta(*db, "model_id");
  if (s.model_id.empty()) return std::nullopt;
  s.dimension = std::atoi(meta(*db, "dimension").c_str());
  s.generation = std::atoll(meta(*db, "generation").c_str());
  s.vectors = count(*db, "SELECT count(*) FROM block_vectors");
  s.missing = count(*db,
                    "SELECT count(*) FROM blocks b WHERE NOT EXISTS (SELECT 1 FROM block_vectors "
                    "v WHERE v.block_id = b.block_id)");
  return s;
}

int64_t vector_generation(const store::PageStore& store) {
  store::Database* db = store.database();
  if (!db || !has_vector_tables(*db)) return -1;
  return std::atoll(meta(*db, "generation").c_str());
}

void check_model(const VectorState& state, const Embedder& embedder) {
  // The model id first: asking a remote embedder its dimension may need the network.
  const bool same_model = state.model_id == embedder.model_id();
  if (same_model && state.dimension == embedder.dimension()) return;
  throw Error(ErrorCode::kInvalidArgument,
              "the stored vectors were made by " + state.model_id + " (dimension " +
                  std::to_string(state.dimension) + "), but the configured embedding model is " +
                  embedder.model_id() +
                  (same_model ? " (dimension " + std::to_string(embedder.dimension()) + ")" : "") +
                  "; run `regreader reindex --all` to rebuild them, or configure " +
                  state.model_id + " again");
}

namespace {

struct Pending {
  std::vector<std::string> block_ids;
  std::vector<std::string> texts;
};

Pending blocks_without_vectors(store::Database& db) {
  Pending p;
  auto s = db.prepare(
      "SELECT b.block_id, b.content_markdown, b.chapter_path FROM blocks b WHERE NOT EXISTS "
      "(SELECT 1 FROM "
      "block_vectors v WHERE v.block_id = b.block_id) ORDER BY b.rowid");
  while (s.step()) {
    p.block_ids.push_back(s.text(0));
    p.texts.push_back(embedding_text(s.text(2), s.text(1)));
  }
  return p;
}

void store_chunk(store::Database& db, const std::vector<std::string>& ids,
                 const std::vector<std::vector<float>>& vectors, int dimension) {
  store::Transaction tx(db);
  auto ins = db.prepare("INSERT INTO block_vectors(block_id, vector) VALUES (?1, ?2)");
  for (size_t i = 0; i < ids.size(); ++i) {
    if (static_cast<int>(vectors[i].size()) != dimension)
      throw Error(ErrorCode::kInternal, "the embedder returned a vector of another dimension");
    ins.bind(1, ids[i]).bind_blob(2, vectors[i].data(), vectors[i].size() * sizeof(float));
    ins.run();
  }
  db.exec("UPDATE vector_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'");
  tx.commit();
}

}  // namespace

int update_vectors(store::PageStore& store, Embedder& embedder, const VectorProgress& progress) {
  ensure_vector_tables(store);
  store::Database& db = *store.database();
  if (auto state = vector_state(store); state && state->vectors > 0) check_model(*state, embedder);
  const int dimension = embedder.dimension();
  {
    store::Transaction tx(db);
    set_meta(db, "model_id", embedder.model_id());
    set_meta(db, "dimension", std::to_string(dimension));
    tx.commit();
  }
  const Pending todo = blocks_without_vectors(db);
  const size_t total = todo.block_ids.size();
  for (size_t i = 0; i < total; i += kEmbedChunk) {
    const size_t end = std::min(total, i + kEmbedChunk);
    std::vector<std::string> ids(todo.block_ids.begin() + static_cast<std::ptrdiff_t>(i),
                                 todo.block_ids.begin() + static_cast<std::ptrdiff_t>(end));
    std::vector<std::string> texts(todo.texts.begin() + static_cast<std::ptrdiff_t>(i),
                                   todo.texts.begin() + static_cast<std::ptrdiff_t>(end));
    store_chunk(db, ids, embedder.embed(texts, EmbedKind::kDocument), dimension);
    if (progress) progress(static_cast<int>(end), static_cast<int>(total));
  }
  open_vector_index(store, embedder);  // saves the graph when the store needs one
  return static_cast<int>(total);
}

int reindex_vectors(store::PageStore& store, Embedder& embedder, const std::string& reg_id,
                    const VectorProgress& progress) {
  ensure_vector_tables(store);
  store::Database& db = *store.database();
  if (reg_id.empty()) {
    store::Transaction tx(db);
    db.exec("DELETE FROM block_vectors; DELETE FROM vector_meta WHERE key <> 'generation'");
    tx.commit();
    remove_graph(store);
  } else {
    store.require(reg_id);
    if (auto state = vector_state(store); state && state->vectors > 0)
      check_model(*state, embedder);
    db.prepare(
          "DELETE FROM block_vectors WHERE block_id IN (SELECT block_id FROM blocks WHERE reg_id "
          "= ?1)")
        .bind(1, reg_id)
        .run();
  }
  return update_vectors(store, embedder, progress);
}

namespace {

VectorIndex read_all(store::Database& db, int dimension, VectorIndex::Kind kind) {
  std::vector<int64_t> labels;
  std::vector<float> data;
  auto s = db.prepare("SELECT id, vector FROM block_vectors ORDER BY id");
  while (s.step()) {
    const auto v = to_floats(s.blob(1));
    if (static_cast<int>(v.size()) != dimension)
      throw Error(ErrorCode::kCorruptFile, "a stored vector has " + std::to_string(v.size()) +
                                               " values instead of " + std::to_string(dimension) +
                                               "; run `regreader reindex --all`");
    labels.push_back(s.integer(0));
    data.insert(data.end(), v.begin(), v.end());
  }
  return VectorIndex(dimension, std::move(labels), std::move(data), kind);
}

// Marks the labels that left the table deleted and adds those that are new.
void catch_up(store::Database& db, VectorIndex& index) {
  std::unordered_set<int64_t> in_table;
  auto ids = db.prepare("SELECT id FROM block_vectors");
  while (ids.step())
    in_table.insert(ids.integer(0));
  std::unordered_set<int64_t> in_index;
  for (int64_t label : index.labels()) {
    if (!in_table.count(label))
      index.remove(label);
    else
      in_index.insert(label);
  }
  auto get = db.prepare("SELECT vector FROM block_vectors WHERE id = ?1");
  std::vector<int64_t> added;
  for (int64_t id : in_table)
    if (!in_index.count(id)) added.push_back(id);
  std::sort(added.begin(), added.end());  // the same graph whatever the hash order
  for (int64_t id : added) {
    get.bind(1, id);
    if (get.step()) index.add(id, to_floats(get.blob(0)));
    get.reset();
  }
}

void save_graph(const store::PageStore& store, const VectorIndex& index,
                const nlohmann::json& sidecar) {
  try {
    index.save(graph_file(store));
    std::ofstream out(graph_sidecar(store));
    out << sidecar.dump() << "\n";
  } catch (const std::exception& e) {  // a read-only data directory: search still works
    spdlog::warn("cannot save the vector index: {}", e.what());
  }
}

std::optional<VectorIndex> load_graph(const store::PageStore& store, const nlohmann::json& want) {
  std::ifstream in(graph_sidecar(store));
  const auto side = nlohmann::json::parse(in, nullptr, false);
  if (!in || side.is_discarded() || side.value("model_id", "") != want["model_id"] ||
      side.value("dimension", 0) != want["dimension"])
    return std::nullopt;
  try {
    auto index = VectorIndex::load(graph_file(store), want["dimension"].get<int>());
    if (side.value("generation", int64_t{-1}) != want["generation"].get<int64_t>()) {
      catch_up(*store.database(), index);
      if (index.deleted_count() > index.size()) return std::nullopt;  // mostly holes: rebuild
      save_graph(store, index, want);
    }
    return index;
  } catch (const Error& e) {
    spdlog::warn("{}; rebuilding it", e.what());
    return std::nullopt;
  }
}

}  // namespace

std::shared_ptr<const VectorIndex> open_vector_index(const store::PageStore& store,
                                                     const Embedder& embedder, size_t exact_max) {
  const auto state = vector_state(store);
  if (!state || state->vectors == 0) return nullptr;
  check_model(*state, embedder);
  store::Database& db = *store.database();
  if (static_cast<size_t>(state->vectors) < exact_max)
    return std::make_shared<VectorIndex>(read_all(db, state->dimension, VectorIndex::Kind::kExact));
  const nlohmann::json want = {{"model_id", state->model_id},
                               {"dimension", state->dimension},
                               {"generation", state->generation}};
  if (auto loaded = load_graph(store, want))
    return std::make_shared<VectorIndex>(std::move(*loaded));
  auto built = read_all(db, state->dimension, VectorIndex::Kind::kHnsw);
  save_graph(store, built, want);
  return std::make_shared<VectorIndex>(std::move(built));
}

namespace {

// Labels of the blocks that pass the filter, sorted. Regulation and type in SQL; the chapter
// rules in C++ on the rows whose chapter path contains the text at all (LIKE pre-filter).
std::vector<int64_t> allowed_labels(store::Database& db, const SearchFilter& f) {
  std::string sql =
      "SELECT v.id, b.chapter_path FROM blocks b JOIN block_vectors v ON v.block_id = b.block_id "
      "WHERE 1";
  int next = 1;
  append_in_list(sql, next, "b.reg_id", f.reg_ids.size());
  append_in_list(sql, next, "b.block_type", f.block_types.size());
  const std::string path_text = !f.section_number.empty() ? f.section_number : f.chapter_scope;
  if (!path_text.empty())
    sql += " AND b.chapter_path LIKE ?" + std::to_string(next) + " ESCAPE '\\'";
  auto s = db.prepare(sql);
  int k = 1;
  for (const auto& r : f.reg_ids)
    s.bind(k++, r);
  for (auto t : f.block_types)
    s.bind(k++, model::block_type_name(t));
  if (!path_text.empty()) s.bind(k, like_pattern(path_text));
  const bool chapter_rules = !f.chapter_scope.empty() || !f.section_number.empty();
  std::vector<int64_t> out;
  while (s.step())
    if (!chapter_rules || matches_chapter_filters(
                              nlohmann::json::parse(s.text(1)).get<std::vector<std::string>>(), f))
      out.push_back(s.integer(0));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

bool has_block_filter(const SearchFilter& f) {
  return !f.reg_ids.empty() || !f.block_types.empty() || !f.chapter_scope.empty() ||
         !f.section_number.empty();
}

std::string like_pattern(const std::string& s) {
  std::string out = "%";
  for (char c : s) {
    if (c == '%' || c == '_' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  return out + "%";
}

std::vector<VectorIndex::Match> matches_among(const VectorIndex& index, const float* q,
                                              size_t limit, const std::vector<int64_t>& allowed) {
  if (allowed.size() <= kExactFilterMaxBlocks || !index.uses_hnsw())
    return index.search_among(q, limit, allowed);
  std::vector<VectorIndex::Match> kept;
  for (const auto& m : index.search(q, limit * kFilterOverfetch))
    if (std::binary_search(allowed.begin(), allowed.end(), m.label) && kept.size() < limit)
      kept.push_back(m);
  return kept.size() < limit ? index.search_among(q, limit, allowed) : kept;
}

std::vector<VectorIndex::Match> nearest(const VectorIndex& index,
                                        const std::vector<float>& query_vector,
                                        const SearchFilter& filter,
                                        const std::function<std::vector<int64_t>()>& allowed) {
  if (filter.limit <= 0) return {};
  if (static_cast<int>(query_vector.size()) != index.dimension())
    throw Error(ErrorCode::kInvalidArgument,
                "a query vector of " + std::to_string(query_vector.size()) +
                    " values for an index of dimension " + std::to_string(index.dimension()));
  if (std::all_of(query_vector.begin(), query_vector.end(), [](float x) { return x == 0; }))
    return {};  // the model knows no word of the query: nothing is near it
  const auto limit = static_cast<size_t>(filter.limit);
  return has_block_filter(filter) ? matches_among(index, query_vector.data(), limit, allowed())
                                  : index.search(query_vector.data(), limit);
}

void fill_vector_hit(SearchHit& h, std::string reg_id, int page_num, const std::string& block_type,
                     const std::string& chapter_path_json, const std::string& content) {
  h.reg_id = std::move(reg_id);
  h.page_num = page_num;
  h.block_type = model::parse_block_type(block_type);
  h.chapter_path = nlohmann::json::parse(chapter_path_json).get<std::vector<std::string>>();
  h.snippet = leading_snippet(content, kVectorSnippetChars);
  finish_hit(h);
}

std::vector<SearchHit> vector_candidates(const store::PageStore& store, const VectorIndex& index,
                                         const std::vector<float>& query_vector,
                                         const SearchFilter& filter) {
  std::vector<SearchHit> hits;
  store::Database* db = store.database();
  if (!db) return hits;
  for (const auto& r : filter.reg_ids)
    store.require(r);
  const auto matches =
      nearest(index, query_vector, filter, [&] { return allowed_labels(*db, filter); });
  auto id = db->prepare("SELECT block_id FROM block_vectors WHERE id = ?1");
  for (const auto& m : matches) {
    id.bind(1, m.label);
    if (id.step()) {  // a block deleted since the graph was loaded is skipped
      SearchHit h;
      h.block_id = id.text(0);
      h.score = m.score;
      h.match = "semantic";
      hits.push_back(std::move(h));
    }
    id.reset();
  }
  return hits;
}

void fill_vector_hits(const store::PageStore& store, std::vector<SearchHit>& hits) {
  store::Database* db = store.database();
  if (!db) return;
  auto row = db->prepare(
      "SELECT reg_id, page_num, block_type, chapter_path, content_markdown FROM blocks WHERE "
      "block_id = ?1");
  for (auto& h : hits) {
    if (!h.reg_id.empty()) continue;
    row.bind(1, h.block_id);
    if (row.step())
      fill_vector_hit(h, row.text(0), static_cast<int>(row.integer(1)), row.text(2), row.text(3),
                      row.text(4));
    row.reset();
  }
  std::erase_if(hits, [](const SearchHit& h) { return h.reg_id.empty(); });
}

std::vector<SearchHit> vector_search(const store::PageStore& store, const VectorIndex& index,
                                     const std::vector<float>& query_vector,
                                     const SearchFilter& filter) {
  auto hits = vector_candidates(store, index, query_vector, filter);
  fill_vector_hits(store, hits);
  return hits;
}

}  // namespace regreader::index
