#pragma once
// The BERT encoder's arithmetic: the config.json fields it needs, the weights read from
// model.safetensors (F32/F16/BF16, optional "bert." prefix) and the forward pass. Eigen stays
// inside bert_model.cpp, so EIGEN_USE_BLAS is a property of that one file.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

namespace regreader::index {

class SafetensorsFile;

/// True when this build hands the matrix products to OpenBLAS (EIGEN_USE_BLAS).
bool bert_uses_blas();

/// The fields of a Hugging Face BertModel config.json the forward pass uses.
struct BertConfig {
  int hidden_size = 0;
  int num_layers = 0;
  int num_heads = 0;
  int intermediate_size = 0;
  int max_positions = 0;
  int vocab_size = 0;
  int type_vocab_size = 2;
  float layer_norm_eps = 1e-12f;

  /// Reads config.json. Throws Error naming the file: kNotFound when missing, kCorruptFile when
  /// it is not JSON or a field is missing or of the wrong type, kUnsupportedFormat for a
  /// model_type other than "bert", a hidden_act other than "gelu" or relative positions.
  static BertConfig from_file(const std::filesystem::path& config_json);
};

class BertModel {
 public:
  /// Loads every tensor, converting to float; throws kCorruptFile naming the file and the
  /// tensor when one is missing or has the wrong shape, kUnsupportedFormat for another dtype.
  BertModel(const BertConfig& config, const SafetensorsFile& weights);
  ~BertModel();
  BertModel(const BertModel&) = delete;
  BertModel& operator=(const BertModel&) = delete;

  const BertConfig& config() const { return config_; }

  /// Final hidden state of the first token ([CLS]) of every sequence, un-normalised. Sequences
  /// are token ids with [CLS]/[SEP], at most max_positions long, token type 0. The batch is
  /// packed rather than padded: the dense layers run on all real tokens at once and attention
  /// runs per sequence over its own tokens, which is exactly padding with a key mask minus the
  /// work on pad rows.
  std::vector<std::vector<float>> cls_states(const std::vector<std::vector<int32_t>>& seqs) const;

 private:
  struct Weights;
  BertConfig config_;
  std::unique_ptr<Weights> w_;
};

}  // namespace regreader::index
