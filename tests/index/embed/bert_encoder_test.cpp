// The encoder against an independent NumPy implementation: tests/tools/make_tiny_bert.py writes
// tiny random BERT folders (F32, F16, BF16 with the "bert." prefix, and two broken ones) and the
// token windows and vectors its own tokenizer and forward pass give for a set of texts.

#include "regreader/index/embed/bert_encoder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>

#include "regreader/core/error.hpp"
#include "regreader/index/embed/wordpiece.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "test_support.hpp"

namespace regreader::index {
namespace bert_encoder_test {

namespace fs = std::filesystem;
using Vectors = std::vector<std::vector<float>>;

// float32 against NumPy's float64 agrees to ~1e-7; 1e-5 still fails the tanh form of GELU
// (6e-5 off on these weights), which 1e-4 would let through.
constexpr float kTolerance = 1e-5f;

// python3 with NumPy: $REGREADER_PYTHON, else python3 on PATH, else Debian's /usr/bin/python3.
std::optional<std::string> python_with_numpy() {
  std::vector<std::string> candidates;
  if (const char* env = std::getenv("REGREADER_PYTHON"); env && *env) candidates.push_back(env);
  candidates.insert(candidates.end(), {"python3", "/usr/bin/python3"});
  for (const auto& p : candidates)
    if (std::system(("'" + p + "' -c 'import numpy' >/dev/null 2>&1").c_str()) == 0) return p;
  return std::nullopt;
}

float max_abs_diff(const std::vector<float>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return INFINITY;
  float m = 0;
  for (size_t i = 0; i < a.size(); ++i)
    m = std::max(m, static_cast<float>(std::abs(a[i] - b[i])));
  return m;
}

class BertEncoderTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const auto python = python_with_numpy();
    if (!python) {
      skip_reason_ = new std::string("python3 with NumPy not found");
      return;
    }
    models_ = new parse::TempDir;
    const auto script = testing::source_dir() / "tests" / "tools" / "make_tiny_bert.py";
    const std::string cmd =
        "'" + *python + "' '" + script.string() + "' '" + models_->path().string() + "'";
    if (std::system(cmd.c_str()) != 0) {
      skip_reason_ = new std::string("make_tiny_bert.py failed");
      return;
    }
    std::ifstream in(models_->path() / "reference.json");
    reference_ = new nlohmann::json(nlohmann::json::parse(in));
  }
  static void TearDownTestSuite() {
    delete reference_;
    delete models_;
    delete skip_reason_;
    reference_ = nullptr;
    models_ = nullptr;
    skip_reason_ = nullptr;
  }
  void SetUp() override {
    // A broken generator is a failure, a missing NumPy a skip.
    if (skip_reason_ && *skip_reason_ == "make_tiny_bert.py failed") FAIL() << *skip_reason_;
    if (skip_reason_) GTEST_SKIP() << *skip_reason_;
  }

  static fs::path model(const std::string& name) { return models_->path() / name; }
  static const nlohmann::json& cases() { return (*reference_)["cases"]; }
  static EmbedKind kind_of(const nlohmann::json& c) {
    return c["kind"] == "query" ? EmbedKind::kQuery : EmbedKind::kDocument;
  }

  // Every reference vector against `encoder`, one text per call; returns the largest difference.
  static float check_against_reference(BertEncoder& encoder) {
    float worst = 0;
    for (const auto& c : cases()) {
      const auto got = encoder.embed({c["text"].get<std::string>()}, kind_of(c));
      EXPECT_EQ(got.size(), 1u);
      const float diff = max_abs_diff(got.at(0), c["vector"].get<std::vector<double>>());
      EXPECT_LT(diff, kTolerance) << c["kind"] << " " << c["text"];
      worst = std::max(worst, diff);
    }
    return worst;
  }

  // Copies the tiny F32 model into a fresh directory a test may damage.
  static fs::path copy_model(const parse::TempDir& tmp) {
    const auto dst = tmp.path() / "tiny-bert";
    fs::copy(model("tiny-bert"), dst, fs::copy_options::recursive);
    return dst;
  }

  inline static parse::TempDir* models_ = nullptr;
  inline static nlohmann::json* reference_ = nullptr;
  inline static std::string* skip_reason_ = nullptr;
};

void expect_load_error(const fs::path& folder, ErrorCode code, const std::string& file,
                       const std::string& fragment = "") {
  try {
    BertEncoder encoder(folder);
    FAIL() << "loaded a broken model; expected an error naming " << file;
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    const auto named = file.empty() ? folder : folder / file;
    EXPECT_NE(std::string(e.what()).find(named.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST_F(BertEncoderTest, IdentityAndDimension) {
  BertEncoder encoder(model("tiny-bert"));
  EXPECT_EQ(encoder.model_id(), "tiny-bert");
  EXPECT_EQ(encoder.dimension(), (*reference_)["hidden_size"].get<int>());
  EXPECT_EQ(BertEncoder(model("tiny-bert") / "").model_id(), "tiny-bert");
}

TEST_F(BertEncoderTest, TokenWindowsEqualReference) {
  BertEncoder encoder(model("tiny-bert"));
  size_t multi_window = 0;
  for (const auto& c : cases()) {
    const auto expected = c["windows"].get<std::vector<std::vector<int32_t>>>();
    EXPECT_EQ(encoder.token_windows(c["text"], kind_of(c)), expected)
        << c["kind"] << " " << c["text"];
    multi_window += expected.size() > 1;
  }
  EXPECT_GE(cases().size(), 16u);
  EXPECT_GE(multi_window, 2u);  // the long text, as document and as query
}

TEST_F(BertEncoderTest, BasicTokensEqualReference) {
  const auto tok = WordPieceTokenizer::from_file(model("tiny-bert") / "vocab.txt");
  for (const auto& c : cases()) {
    const std::string text = c["text"];
    const std::string full = c["kind"] == "query" ? kBgeZhQueryInstruction + text : text;
    EXPECT_EQ(tok.basic_tokenize(full), c["basic_tokens"].get<std::vector<std::string>>()) << text;
  }
}

TEST_F(BertEncoderTest, VectorsMatchNumPyForF32F16AndBf16) {
  for (const char* name : {"tiny-bert", "tiny-bert-f16", "tiny-bert-bf16"}) {
    BertEncoder encoder(model(name));
    const float worst = check_against_reference(encoder);
    std::cout << "[ info ] " << name << ": max |C++ - NumPy| = " << worst << "\n";
  }
}

TEST_F(BertEncoderTest, VectorsAreUnitLengthAndQueriesDifferFromDocuments) {
  BertEncoder encoder(model("tiny-bert"));
  const std::string text = "母线失压时应立即处理。";
  const auto doc = encoder.embed({text}, EmbedKind::kDocument).at(0);
  const auto query = encoder.embed({text}, EmbedKind::kQuery).at(0);
  double norm = 0, dist = 0;
  for (size_t i = 0; i < doc.size(); ++i) {
    norm += static_cast<double>(doc[i]) * doc[i];
    dist += std::abs(doc[i] - query[i]);
  }
  EXPECT_NEAR(norm, 1.0, 1e-5);
  EXPECT_GT(dist, 1e-3);
}

TEST_F(BertEncoderTest, MixedLengthBatchEqualsOneByOne) {
  BertEncoderOptions opts;
  opts.batch_size = 3;  // the long text's windows straddle two forward passes
  BertEncoder batched(model("tiny-bert"), opts);
  BertEncoder single(model("tiny-bert"));
  for (const EmbedKind kind : {EmbedKind::kDocument, EmbedKind::kQuery}) {
    std::vector<std::string> texts;
    for (const auto& c : cases())
      if (kind_of(c) == kind) texts.push_back(c["text"]);
    const Vectors all = batched.embed(texts, kind);
    ASSERT_EQ(all.size(), texts.size());
    for (size_t i = 0; i < texts.size(); ++i) {
      const auto one = single.embed({texts[i]}, kind).at(0);
      const std::vector<double> ref(one.begin(), one.end());
      EXPECT_LT(max_abs_diff(all[i], ref), 1e-5f) << texts[i];
    }
  }
  EXPECT_TRUE(batched.embed({}, EmbedKind::kDocument).empty());
}

TEST_F(BertEncoderTest, MissingFilesAreNamed) {
  for (const char* file : {"config.json", "vocab.txt", "model.safetensors"}) {
    parse::TempDir tmp;
    const auto dir = copy_model(tmp);
    fs::remove(dir / file);
    expect_load_error(dir, ErrorCode::kNotFound, file);
  }
  expect_load_error(model("no-such-model"), ErrorCode::kNotFound, "");
}

TEST_F(BertEncoderTest, TruncatedWeightsAreCorrupt) {
  parse::TempDir tmp;
  const auto dir = copy_model(tmp);
  const auto weights = dir / "model.safetensors";
  fs::resize_file(weights, fs::file_size(weights) / 2);
  expect_load_error(dir, ErrorCode::kCorruptFile, "model.safetensors", "outside the data section");
  fs::resize_file(weights, 5);
  expect_load_error(dir, ErrorCode::kCorruptFile, "model.safetensors", "8-byte");
}

TEST_F(BertEncoderTest, WrongShapeAndUnsupportedDtypeAreNamed) {
  expect_load_error(model("tiny-bert-wrong-shape"), ErrorCode::kCorruptFile, "model.safetensors",
                    "has shape [63, 32], config.json implies [64, 32]");
  expect_load_error(model("tiny-bert-wrong-shape"), ErrorCode::kCorruptFile, "model.safetensors",
                    "embeddings.position_embeddings.weight");
  expect_load_error(model("tiny-bert-f64"), ErrorCode::kUnsupportedFormat, "model.safetensors",
                    "dtype F64");
}

TEST_F(BertEncoderTest, UnsupportedArchitectureAndBadConfigAreNamed) {
  const auto rewrite = [](const fs::path& dir, const std::string& key, nlohmann::json value) {
    std::ifstream in(dir / "config.json");
    auto j = nlohmann::json::parse(in);
    if (value.is_null())
      j.erase(key);
    else
      j[key] = value;
    std::ofstream(dir / "config.json") << j.dump();
  };
  const std::vector<std::tuple<std::string, nlohmann::json, ErrorCode, std::string>> cases{
      {"model_type", "roberta", ErrorCode::kUnsupportedFormat, "roberta"},
      {"architectures", {"XLMRobertaModel"}, ErrorCode::kUnsupportedFormat, "XLMRobertaModel"},
      {"hidden_act", "relu", ErrorCode::kUnsupportedFormat, "relu"},
      {"position_embedding_type", "relative_key", ErrorCode::kUnsupportedFormat, "relative_key"},
      {"hidden_size", nullptr, ErrorCode::kCorruptFile, "hidden_size"},
      {"num_attention_heads", "4", ErrorCode::kCorruptFile, "num_attention_heads"},
      {"num_attention_heads", 5, ErrorCode::kCorruptFile, "multiple of the heads"},
      {"vocab_size", 10, ErrorCode::kCorruptFile, "vocab.txt"},
  };
  for (const auto& [key, value, code, fragment] : cases) {
    parse::TempDir tmp;
    const auto dir = copy_model(tmp);
    rewrite(dir, key, value);
    expect_load_error(dir, code, fragment == "vocab.txt" ? "vocab.txt" : "config.json", fragment);
  }
  parse::TempDir tmp;
  const auto dir = copy_model(tmp);
  std::ofstream(dir / "config.json") << "{not json";
  expect_load_error(dir, ErrorCode::kCorruptFile, "config.json", "not a JSON object");
}

// A real BAAI/bge-small-zh-v1.5 folder, when $REGREADER_BGE_DIR points at one.
TEST(BertEncoderRealModel, BgeSmallZhRanksTheRelevantBlockFirst) {
  const char* dir = std::getenv("REGREADER_BGE_DIR");
  if (!dir || !*dir) GTEST_SKIP() << "REGREADER_BGE_DIR not set";
  BertEncoder encoder(dir);
  EXPECT_EQ(encoder.dimension(), 512);
  const auto q = encoder.embed({"母线失压怎么处理"}, EmbedKind::kQuery).at(0);
  const auto d = encoder.embed({"母线失压时，值班人员应立即检查母线保护动作情况并报告调度。",
                                "工作票签发人应由熟悉人员技术水平的人员担任。"},
                               EmbedKind::kDocument);
  const auto dot = [&](const std::vector<float>& v) {
    double s = 0;
    for (size_t i = 0; i < v.size(); ++i)
      s += static_cast<double>(q[i]) * v[i];
    return s;
  };
  EXPECT_GT(dot(d[0]), dot(d[1]));
}

}  // namespace bert_encoder_test
}  // namespace regreader::index
