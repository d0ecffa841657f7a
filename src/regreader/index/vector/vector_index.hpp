#pragma once
// Nearest neighbours by inner product over L2-normalised vectors (= cosine similarity), owned by
// one small class. Below kExactSearchMaxVectors vectors the search is exact (an Eigen
// matrix-vector product over every vector); from there on an HNSW graph (hnswlib) answers, and
// can be saved to and loaded from one file. Labels are the caller's ids (block_vectors.id).

#include <cstdint>
#include <filesystem>
#include <memory>
#include <unordered_map>
#include <vector>

namespace hnswlib {
template <typename T>
class HierarchicalNSW;
template <typename T>
class SpaceInterface;
}  // namespace hnswlib

namespace regreader::index {

class VectorIndex {
 public:
  /// Exact search over 2*10^4 x 384 floats takes about 2 ms on one core; above that the graph is
  /// faster and its build cost pays off.
  static constexpr size_t kExactSearchMaxVectors = 20000;

  enum class Kind { kAuto, kExact, kHnsw };

  /// An index of `labels.size()` vectors, `vectors` row-major (labels.size() x dimension). kAuto
  /// picks exact or HNSW by size. Throws Error(kInvalidArgument) when the sizes do not agree.
  VectorIndex(int dimension, std::vector<int64_t> labels, std::vector<float> vectors,
              Kind kind = Kind::kAuto);
  ~VectorIndex();
  VectorIndex(VectorIndex&&) noexcept;
  VectorIndex& operator=(VectorIndex&&) noexcept;

  /// Reads an HNSW graph written by save(). Throws Error(kCorruptFile) when it cannot.
  static VectorIndex load(const std::filesystem::path& file, int dimension);
  /// Writes the HNSW graph (atomically: a temporary file, then a rename). Exact indexes have no
  /// file; saving one is an Error(kInternal).
  void save(const std::filesystem::path& file) const;

  void add(int64_t label, const std::vector<float>& vector);
  void remove(int64_t label);
  /// Labels currently searchable, in no particular order.
  std::vector<int64_t> labels() const;

  size_t size() const;
  /// Removed vectors still taking room in the HNSW graph (0 for exact indexes).
  size_t deleted_count() const;
  int dimension() const { return dimension_; }
  bool uses_hnsw() const { return hnsw_ != nullptr; }
  /// The graph search's beam (hnswlib's ef): wider is nearer exact and slower. Not to be changed
  /// while searches run (the benchmark sweeps it).
  void set_search_beam(size_t ef);
  static size_t default_search_beam();

  struct Match {
    int64_t label = 0;
    float score = 0;  ///< inner product; 1 = same direction
  };
  /// The k best matches, best first (ties by smaller label). Approximate when uses_hnsw().
  std::vector<Match> search(const float* query, size_t k) const;
  /// The k best among `allowed` labels, exactly (unknown labels are skipped).
  std::vector<Match> search_among(const float* query, size_t k,
                                  const std::vector<int64_t>& allowed) const;

 private:
  explicit VectorIndex(int dimension);
  const float* vector_of(int64_t label) const;  // null when unknown
  void build_hnsw(size_t capacity);

  int dimension_ = 0;
  // Exact search: rows of data_, label of each row, row of each label.
  std::vector<float> data_;
  std::vector<int64_t> row_labels_;
  std::unordered_map<int64_t, size_t> row_of_;
  // HNSW search.
  std::unique_ptr<hnswlib::SpaceInterface<float>> space_;
  std::unique_ptr<hnswlib::HierarchicalNSW<float>> hnsw_;
};

}  // namespace regreader::index
