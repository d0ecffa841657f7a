// A replica's graph saved after it is built and loaded at its next start (issue 42: a PostgreSQL
// replica took 10 s at 10^5 blocks to rebuild it).

#include "regreader/index/vector/saved_graph.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::index {
namespace saved_graph_test {

VectorIndex random_graph(int dimension, int n, std::vector<float>& data) {
  std::mt19937 rng(7);
  std::normal_distribution<float> g;
  std::vector<int64_t> labels;
  for (int i = 0; i < n; ++i) {
    labels.push_back(1000 + i);
    for (int d = 0; d < dimension; ++d)
      data.push_back(g(rng));
  }
  return VectorIndex(dimension, labels, data, VectorIndex::Kind::kHnsw);
}

TEST(SavedGraph, LoadedAsSavedForTheSameModelOnly) {
  parse::TempDir dir;
  std::vector<float> data;
  const auto graph = random_graph(8, 300, data);
  const auto file = saved_graph_path(dir.path(), "postgresql://db/lib", "builtin-lsa");
  EXPECT_EQ(file.parent_path(), dir.path() / "vectors");
  EXPECT_NE(file, saved_graph_path(dir.path(), "postgresql://other/lib", "builtin-lsa"));
  EXPECT_FALSE(load_graph(file, "m1", 8)) << "nothing saved yet";
  save_graph(graph, file, "m1", 1299);
  auto loaded = load_graph(file, "m1", 8);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->max_id, 1299);
  EXPECT_EQ(loaded->index.size(), 300u);
  for (int q = 0; q < 10; ++q) {
    const float* v = data.data() + q * 8;
    EXPECT_EQ(loaded->index.search(v, 5)[0].label, graph.search(v, 5)[0].label);
  }
  EXPECT_FALSE(load_graph(file, "m2", 8)) << "another model's vectors";
  EXPECT_FALSE(load_graph(file, "m1", 16)) << "another dimension";
  std::ofstream(file.string() + ".json") << "{not json";
  EXPECT_FALSE(load_graph(file, "m1", 8)) << "an unreadable description is not trusted";
}

}  // namespace saved_graph_test
}  // namespace regreader::index
