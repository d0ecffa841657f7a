#include "regreader/index/vector/saved_graph.hpp"

#include <spdlog/spdlog.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "regreader/core/error.hpp"
#include "regreader/core/hash.hpp"

namespace regreader::index {

namespace fs = std::filesystem;

namespace {

fs::path sidecar(const fs::path& file) {
  return fs::path(file.string() + ".json");
}

// What load_graph() checks a graph file against, written beside it (through a temporary name).
void write_sidecar(const fs::path& file, const std::string& model_id, int dimension,
                   int64_t max_id) {
  const nlohmann::json meta = {
      {"model_id", model_id}, {"dimension", dimension}, {"max_id", max_id}};
  const fs::path tmp = sidecar(file).string() + ".tmp";
  std::ofstream(tmp) << meta.dump();
  fs::rename(tmp, sidecar(file));
}

std::string read_bytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error(ErrorCode::kIo, "cannot read " + file.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

fs::path saved_graph_path(const fs::path& local_dir, const std::string& location,
                          const std::string& config_key) {
  Sha256 h;
  h.update(location);
  h.update("\n");
  h.update(config_key);
  return local_dir / "vectors" / ("pg-graph-" + h.hex_digest().substr(0, 16) + ".hnsw");
}

void save_graph(const VectorIndex& index, const fs::path& file, const std::string& model_id,
                int64_t max_id) {
  try {
    index.save(file);  // through a temporary name
    write_sidecar(file, model_id, index.dimension(), max_id);
  } catch (const std::exception& e) {
    spdlog::warn("the vector graph was not saved ({}): it is built again at the next start",
                 e.what());
  }
}

std::optional<SavedGraph> load_graph(const fs::path& file, const std::string& model_id,
                                     int dimension) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec) || !fs::is_regular_file(sidecar(file), ec))
    return std::nullopt;
  try {
    std::ifstream in(sidecar(file));
    const auto meta = nlohmann::json::parse(in);
    if (meta.at("model_id").get<std::string>() != model_id ||
        meta.at("dimension").get<int>() != dimension)
      return std::nullopt;
    return SavedGraph{VectorIndex::load(file, dimension), meta.at("max_id").get<int64_t>()};
  } catch (const std::exception& e) {
    spdlog::info("the saved vector graph {} is not used ({})", file.string(), e.what());
    return std::nullopt;
  }
}

void publish_graph(const store::pg::PgStore& store, const fs::path& file,
                   const std::string& model_id, int dimension, int64_t max_id, size_t vectors) {
  try {
    store::pg::PgConnection c(store.conninfo());
    store::pg::PgTransaction tx(c);
    c.exec("LOCK TABLE vector_graph IN EXCLUSIVE MODE");  // one publisher at a time
    c.query("DELETE FROM vector_graph WHERE model_id <> $1", {model_id});
    const auto held = c.query("SELECT vectors FROM vector_graph WHERE model_id = $1", {model_id});
    if (held.rows() > 0 && static_cast<double>(held.integer(0, 0)) >= 0.9 * vectors) return;
    const std::string graph = read_bytes(file);  // only once it is to be sent
    c.query_with_blob(
        "INSERT INTO vector_graph VALUES ($1, $2, $3, $4, $5) ON CONFLICT (model_id) DO UPDATE "
        "SET dimension = EXCLUDED.dimension, max_id = EXCLUDED.max_id, "
        "vectors = EXCLUDED.vectors, graph = EXCLUDED.graph",
        {model_id, std::to_string(dimension), std::to_string(max_id), std::to_string(vectors)},
        graph);
    tx.commit();
    spdlog::info("vector graph published in the database: {} vectors, {} MB", vectors,
                 graph.size() >> 20);
  } catch (const std::exception& e) {
    spdlog::warn(
        "the vector graph was not published in the database ({}): new replicas build "
        "their own",
        e.what());
  }
}

bool fetch_graph(const store::pg::PgStore& store, const fs::path& file, const std::string& model_id,
                 int dimension) {
  try {
    store::pg::PgConnection c(store.conninfo());
    // Binary results: the graph's raw bytes, and max_id as its text (a TEXT value's binary form).
    const auto r = c.query_binary(
        "SELECT max_id::text, graph FROM vector_graph WHERE model_id = $1 AND dimension = $2",
        {model_id, std::to_string(dimension)});
    if (r.rows() == 0) return false;
    const std::string_view graph = r.bytes(0, 1);
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    const fs::path tmp = file.string() + ".fetched";
    {
      std::ofstream out(tmp, std::ios::binary);
      out.write(graph.data(), static_cast<std::streamsize>(graph.size()));
      if (!out) throw Error(ErrorCode::kIo, "cannot write " + tmp.string());
    }
    fs::rename(tmp, file);
    write_sidecar(file, model_id, dimension, std::stoll(std::string(r.bytes(0, 0))));
    return true;
  } catch (const std::exception& e) {
    spdlog::info("the database's vector graph is not used ({})", e.what());
    return false;
  }
}

}  // namespace regreader::index
