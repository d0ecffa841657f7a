#include "regreader/index/vector/vector_index.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "regreader/core/error.hpp"
#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::index {
namespace vector_index_test {

// n random unit vectors of dimension d (fixed seed), row-major.
std::vector<float> unit_vectors(size_t n, int d, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal;
  std::vector<float> v(n * static_cast<size_t>(d));
  for (size_t i = 0; i < n; ++i) {
    double norm = 0;
    for (int j = 0; j < d; ++j) {
      float& x = v[i * static_cast<size_t>(d) + static_cast<size_t>(j)];
      x = normal(rng);
      norm += x * x;
    }
    for (int j = 0; j < d; ++j)
      v[i * static_cast<size_t>(d) + static_cast<size_t>(j)] /= static_cast<float>(std::sqrt(norm));
  }
  return v;
}

std::vector<int64_t> labels(size_t n) {
  std::vector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i)
    out[i] = static_cast<int64_t>(i * 7 + 3);  // labels are ids, not positions
  return out;
}

TEST(VectorIndex, ExactSearchFindsTheVectorItself) {
  const int d = 16;
  auto data = unit_vectors(50, d, 1);
  VectorIndex index(d, labels(50), data);
  EXPECT_FALSE(index.uses_hnsw()) << "50 vectors are below the exact-search threshold";
  auto m = index.search(data.data() + 10 * d, 3);
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m[0].label, 10 * 7 + 3);
  EXPECT_NEAR(m[0].score, 1.0f, 1e-5);
  EXPECT_GE(m[0].score, m[1].score);
  EXPECT_GE(m[1].score, m[2].score);
}

TEST(VectorIndex, ExactAndHnswAgreeOnASmallSet) {
  const int d = 32;
  const size_t n = 2000;
  auto data = unit_vectors(n, d, 2);
  VectorIndex exact(d, labels(n), data, VectorIndex::Kind::kExact);
  VectorIndex hnsw(d, labels(n), data, VectorIndex::Kind::kHnsw);
  ASSERT_TRUE(hnsw.uses_hnsw());
  auto queries = unit_vectors(50, d, 3);
  int agree = 0, total = 0;
  for (size_t q = 0; q < 50; ++q) {
    auto a = exact.search(queries.data() + q * d, 10);
    auto b = hnsw.search(queries.data() + q * d, 10);
    ASSERT_EQ(b.size(), 10u);
    for (const auto& x : a)
      for (const auto& y : b)
        agree += x.label == y.label;
    total += 10;
    EXPECT_EQ(a[0].label, b[0].label) << "query " << q;
  }
  EXPECT_GE(static_cast<double>(agree) / total, 0.95) << "recall@10 of the graph";
}

TEST(VectorIndex, SearchAmongIsExactOverTheAllowedLabels) {
  const int d = 8;
  auto data = unit_vectors(300, d, 4);
  for (auto kind : {VectorIndex::Kind::kExact, VectorIndex::Kind::kHnsw}) {
    VectorIndex index(d, labels(300), data, kind);
    const std::vector<int64_t> allowed = {3, 10, 17, 999999};  // rows 0, 1, 2 and an unknown label
    auto m = index.search_among(data.data() + 2 * d, 5, allowed);
    ASSERT_EQ(m.size(), 3u);
    EXPECT_EQ(m[0].label, 17);
    for (const auto& x : m)
      EXPECT_NE(std::find(allowed.begin(), allowed.end(), x.label), allowed.end());
  }
}

TEST(VectorIndex, AddAndRemoveInBothKinds) {
  const int d = 8;
  auto data = unit_vectors(40, d, 5);
  for (auto kind : {VectorIndex::Kind::kExact, VectorIndex::Kind::kHnsw}) {
    VectorIndex index(d, labels(20), std::vector<float>(data.begin(), data.begin() + 20 * d), kind);
    index.remove(3);  // row 0
    EXPECT_EQ(index.size(), 19u);
    for (const auto& m : index.search(data.data(), 19))
      EXPECT_NE(m.label, 3);
    index.add(1000, std::vector<float>(data.begin() + 30 * d, data.begin() + 31 * d));
    EXPECT_EQ(index.search(data.data() + 30 * d, 1)[0].label, 1000);
    EXPECT_EQ(index.size(), 20u);
    EXPECT_THROW(index.add(1001, std::vector<float>(3, 0.f)), Error);
  }
}

TEST(VectorIndex, HnswRoundTripsThroughAFile) {
  const int d = 16;
  const size_t n = 500;
  auto data = unit_vectors(n, d, 6);
  VectorIndex built(d, labels(n), data, VectorIndex::Kind::kHnsw);
  built.remove(3);
  parse::TempDir dir;
  const auto file = dir.path() / "vectors" / "hnsw.bin";
  built.save(file);
  auto loaded = VectorIndex::load(file, d);
  EXPECT_TRUE(loaded.uses_hnsw());
  EXPECT_EQ(loaded.size(), n - 1);
  EXPECT_EQ(loaded.deleted_count(), 1u);
  for (size_t q = 1; q < 20; ++q) {
    auto a = built.search(data.data() + q * d, 5), b = loaded.search(data.data() + q * d, 5);
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i)
      EXPECT_EQ(a[i].label, b[i].label);
  }
  EXPECT_THROW(VectorIndex::load(file, d * 2), Error) << "another dimension";
  EXPECT_THROW(VectorIndex::load(dir.path() / "missing.bin", d), Error);
  VectorIndex exact(d, labels(3), std::vector<float>(data.begin(), data.begin() + 3 * d),
                    VectorIndex::Kind::kExact);
  EXPECT_THROW(exact.save(file), Error) << "exact indexes have no file";
}

TEST(VectorIndex, SizesMustAgree) {
  EXPECT_THROW(VectorIndex(4, {1, 2}, std::vector<float>(7, 0.f)), Error);
  EXPECT_THROW(VectorIndex(0, {}, {}), Error);
}

}  // namespace vector_index_test
}  // namespace regreader::index
