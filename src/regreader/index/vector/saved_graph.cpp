#include "regreader/index/vector/saved_graph.hpp"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <thread>

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

namespace {

// The database's graph is read in this many ranges at once, each over its own connection, all
// in one snapshot: one backend sends a value of 123 MB (10^5 blocks) in 0.40-0.61 s here, two
// send its halves in 0.28-0.29 s (psql, same machine).
constexpr int kFetchParts = 2;

// A file in memory (memfd) that hnswlib, which reads graphs only from a path, loads the fetched
// graph from (/proc/self/fd/N): writing it to the replica's disk first cost 0.04-0.30 s more.
// Closed when destroyed.
class MemoryFile {
 public:
  explicit MemoryFile(int64_t size) : fd_(::memfd_create("regreader-graph", MFD_CLOEXEC)) {
    if (fd_ < 0 || ::ftruncate(fd_, static_cast<off_t>(size)) != 0)
      throw Error(ErrorCode::kIo, "cannot make a file in memory for the graph");
  }
  ~MemoryFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }
  void write_at(std::string_view bytes, int64_t offset) const {
    for (size_t done = 0; done < bytes.size();) {
      const ssize_t n = ::pwrite(fd_, bytes.data() + done, bytes.size() - done,
                                 static_cast<off_t>(offset + static_cast<int64_t>(done)));
      if (n <= 0) throw Error(ErrorCode::kIo, "cannot write the graph in memory");
      done += static_cast<size_t>(n);
    }
  }
  /// Copies the whole file (`size` bytes) to `to`, in the kernel.
  void copy_to(const fs::path& to, int64_t size) const {
    const int out = ::open(to.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out < 0) throw Error(ErrorCode::kIo, "cannot write " + to.string());
    off_t offset = 0;
    while (offset < size) {
      const ssize_t n = ::sendfile(out, fd_, &offset, static_cast<size_t>(size - offset));
      if (n <= 0) break;
    }
    ::close(out);
    if (offset < size) throw Error(ErrorCode::kIo, "cannot write " + to.string());
  }

 private:
  int fd_;
};

// The graph's bytes [from, from + length) (1-based, as SQL's substring), read over `c`
// inside a transaction that sees the snapshot the first part was read in.
void fetch_range(store::pg::PgConnection& c, const std::string& model_id, int dimension,
                 int64_t from, int64_t length, const MemoryFile& into) {
  const auto r = c.query_binary(
      "SELECT substring(graph from $3 for $4) FROM vector_graph WHERE model_id = $1 AND "
      "dimension = $2",
      {model_id, std::to_string(dimension), std::to_string(from), std::to_string(length)});
  if (r.rows() != 1 || static_cast<int64_t>(r.bytes(0, 0).size()) != length)
    throw Error(ErrorCode::kIo, "the database's graph changed while it was read");
  into.write_at(r.bytes(0, 0), from - 1);
}

}  // namespace

std::optional<FetchedGraph> fetch_graph(const store::pg::PgStore& store, const fs::path& file,
                                        const std::string& model_id, int dimension) {
  try {
    store::pg::PgConnection c(store.conninfo());
    store::pg::PgTransaction tx(c);
    c.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const auto r = c.query(
        "SELECT max_id, octet_length(graph), pg_export_snapshot() FROM vector_graph WHERE "
        "model_id = $1 AND dimension = $2",
        {model_id, std::to_string(dimension)});
    if (r.rows() == 0) return std::nullopt;
    const int64_t max_id = r.integer(0, 0), size = r.integer(0, 1);
    const std::string snapshot = r.text(0, 2);
    auto memory = std::make_shared<MemoryFile>(size);
    const int64_t part = (size + kFetchParts - 1) / kFetchParts;
    // Parts 2.. on their own connections; the first here. A part another connection could not
    // read (the server's connection limit) is read here after it.
    std::vector<std::pair<int64_t, int64_t>> ranges;
    for (int64_t from = 1; from <= size; from += part)
      ranges.emplace_back(from, std::min(part, size - from + 1));
    std::vector<char> done(ranges.size(), 0);
    std::vector<std::jthread> others;  // joined however this returns
    for (size_t i = 1; i < ranges.size(); ++i)
      others.emplace_back([&, i] {
        try {
          store::pg::PgConnection other(store.conninfo());
          store::pg::PgTransaction same(other);
          other.exec(
              "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY; SET TRANSACTION "
              "SNAPSHOT '" +
              snapshot + "'");
          fetch_range(other, model_id, dimension, ranges[i].first, ranges[i].second, *memory);
          done[i] = 1;
        } catch (const std::exception& e) {
          spdlog::debug("a part of the graph is read on one connection ({})", e.what());
        }
      });
    if (!ranges.empty())
      fetch_range(c, model_id, dimension, ranges[0].first, ranges[0].second, *memory);
    for (auto& t : others)
      t.join();
    for (size_t i = 1; i < ranges.size(); ++i)
      if (!done[i]) fetch_range(c, model_id, dimension, ranges[i].first, ranges[i].second, *memory);
    tx.commit();
    FetchedGraph out{SavedGraph{VectorIndex::load(memory->path(), dimension), max_id}, {}};
    // Kept for the next start, while this one goes on.
    out.saving = std::async(std::launch::async, [memory, file, model_id, dimension, max_id, size] {
      try {
        std::error_code ec;
        fs::create_directories(file.parent_path(), ec);
        const fs::path tmp = file.string() + ".fetched";
        memory->copy_to(tmp, size);
        fs::rename(tmp, file);
        write_sidecar(file, model_id, dimension, max_id);
      } catch (const std::exception& e) {
        spdlog::warn("the fetched vector graph was not saved ({}): it is fetched again next time",
                     e.what());
      }
    });
    return out;
  } catch (const std::exception& e) {
    spdlog::info("the database's vector graph is not used ({})", e.what());
    return std::nullopt;
  }
}

}  // namespace regreader::index
