#include "regreader/index/embed/lsa_embedder.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::index {
namespace lsa_embedder_test {

double dot(const std::vector<float>& a, const std::vector<float>& b) {
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i)
    s += static_cast<double>(a[i]) * b[i];
  return s;
}

std::vector<std::string> texts() {
  std::vector<std::string> out;
  for (int i = 0; i < 6; ++i) {
    out.push_back("母线失压时应立即处理，恢复母线供电" + std::to_string(i));
    out.push_back("母线故障跳闸后检查母线保护动作" + std::to_string(i));
    out.push_back("工作票由工作负责人填写，签发人签发工作票" + std::to_string(i));
    out.push_back("许可人审查工作票所列安全措施" + std::to_string(i));
  }
  return out;
}

TEST(LsaEmbedder, RelatedTextsAreCloserThanUnrelatedOnes) {
  auto m = LsaEmbedder::fit(texts(), 4);
  EXPECT_EQ(m.dimension(), 4);
  EXPECT_EQ(m.model_id().rfind("builtin-lsa-4-", 0), 0u);
  const auto bus = m.embed_one("母线保护");
  const auto bus2 = m.embed_one("母线供电");
  const auto ticket = m.embed_one("工作票签发");
  EXPECT_NEAR(dot(bus, bus), 1.0, 1e-4) << "unit length";
  EXPECT_GT(dot(bus, bus2), dot(bus, ticket) + 0.3);
  const auto none = m.embed_one("xyz");
  EXPECT_EQ(dot(none, none), 0.0) << "no known term: the zero vector";
}

TEST(LsaEmbedder, SavedFitLoadsWithTheSameIdAndVectors) {
  auto m = LsaEmbedder::fit(texts(), 4);
  parse::TempDir dir;
  const auto file = dir.path() / "vectors" / "builtin-lsa.bin";
  m.save(file);
  auto loaded = LsaEmbedder::load(file);
  EXPECT_EQ(loaded.model_id(), m.model_id());
  EXPECT_EQ(loaded.embed_one("母线保护"), m.embed_one("母线保护"));
  EXPECT_EQ(LsaEmbedder::fit(texts(), 4).model_id(), m.model_id()) << "fitting is deterministic";
  EXPECT_NE(LsaEmbedder::fit(texts(), 3).model_id(), m.model_id());
}

TEST(LsaEmbedder, BadInputIsAnError) {
  EXPECT_THROW(LsaEmbedder::fit({"母线"}), Error) << "too little text";
  parse::TempDir dir;
  EXPECT_THROW(LsaEmbedder::load(dir.path() / "none.bin"), Error);
  const auto junk = dir.path() / "junk.bin";
  std::ofstream(junk) << "RRLSA001 but truncated";
  try {
    LsaEmbedder::load(junk);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kCorruptFile);
  }
}

}  // namespace lsa_embedder_test
}  // namespace regreader::index
