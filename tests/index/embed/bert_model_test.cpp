#include "regreader/index/embed/bert_model.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::index {
namespace bert_model_test {

// config.json of BAAI/bge-small-zh-v1.5 as published, extra fields and nulls included.
constexpr const char* kBgeSmallZhConfig = R"({
  "_name_or_path": "/root/.cache/torch/sentence_transformers/BAAI_bge-small-zh/",
  "architectures": ["BertModel"],
  "attention_probs_dropout_prob": 0.1,
  "classifier_dropout": null,
  "directionality": "bidi",
  "hidden_act": "gelu",
  "hidden_dropout_prob": 0.1,
  "hidden_size": 512,
  "id2label": {"0": "LABEL_0"},
  "initializer_range": 0.02,
  "intermediate_size": 2048,
  "label2id": {"LABEL_0": 0},
  "layer_norm_eps": 1e-12,
  "max_position_embeddings": 512,
  "model_type": "bert",
  "num_attention_heads": 8,
  "num_hidden_layers": 4,
  "output_past": true,
  "pad_token_id": 0,
  "pooler_fc_size": 768,
  "pooler_num_attention_heads": 12,
  "pooler_num_fc_layers": 3,
  "pooler_size_per_head": 128,
  "pooler_type": "first_token_transform",
  "position_embedding_type": "absolute",
  "torch_dtype": "float32",
  "transformers_version": "4.30.0",
  "type_vocab_size": 2,
  "use_cache": true,
  "vocab_size": 21128
})";

TEST(BertConfig, ReadsBgeSmallZhConfig) {
  parse::TempDir tmp;
  const auto path = tmp.path() / "config.json";
  std::ofstream(path) << kBgeSmallZhConfig;
  const BertConfig c = BertConfig::from_file(path);
  EXPECT_EQ(c.hidden_size, 512);
  EXPECT_EQ(c.num_layers, 4);
  EXPECT_EQ(c.num_heads, 8);
  EXPECT_EQ(c.intermediate_size, 2048);
  EXPECT_EQ(c.max_positions, 512);
  EXPECT_EQ(c.vocab_size, 21128);
  EXPECT_EQ(c.type_vocab_size, 2);
  EXPECT_FLOAT_EQ(c.layer_norm_eps, 1e-12f);
}

TEST(BertConfig, OversizedNumbersAreCorrupt) {
  parse::TempDir tmp;
  const auto path = tmp.path() / "config.json";
  std::ofstream(path) << R"({"hidden_size": 4294967296, "num_hidden_layers": 1,
    "num_attention_heads": 1, "intermediate_size": 1, "max_position_embeddings": 1,
    "vocab_size": 1})";
  try {
    BertConfig::from_file(path);
    FAIL() << "hidden_size 2^32 accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kCorruptFile);
    EXPECT_NE(std::string(e.what()).find("hidden_size"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
  }
}

}  // namespace bert_model_test
}  // namespace regreader::index
