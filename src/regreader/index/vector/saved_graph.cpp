#include "regreader/index/vector/saved_graph.hpp"

#include <spdlog/spdlog.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "regreader/core/hash.hpp"

namespace regreader::index {

namespace fs = std::filesystem;

namespace {

fs::path sidecar(const fs::path& file) {
  return fs::path(file.string() + ".json");
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
    const nlohmann::json meta = {
        {"model_id", model_id}, {"dimension", index.dimension()}, {"max_id", max_id}};
    const fs::path tmp = sidecar(file).string() + ".tmp";
    std::ofstream(tmp) << meta.dump();
    fs::rename(tmp, sidecar(file));
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

}  // namespace regreader::index
