#pragma once
// A local BERT-family sentence encoder that reads a Hugging Face model folder as downloaded
// (config.json, vocab.txt, model.safetensors), e.g. BAAI/bge-small-zh-v1.5: WordPiece tokens,
// the encoder on Eigen, the [CLS] state, L2-normalised.
//
// Texts longer than one window (max_tokens, at most max_position_embeddings, [CLS] and [SEP]
// included) are cut into consecutive windows of max_tokens - 2 tokens; every window is encoded
// and normalised, and the text's vector is the mean of its window vectors, normalised again.
// A query's instruction is prepended to the text before tokenizing, so it opens the first window.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "regreader/index/embed/embedder.hpp"

namespace regreader::index {

class BertModel;
class WordPieceTokenizer;

/// The instruction bge-*-zh-v1.5 prepends to queries (not to documents).
inline constexpr const char* kBgeZhQueryInstruction = "为这个句子生成表示以用于检索相关文章：";

struct BertEncoderOptions {
  std::string query_instruction = kBgeZhQueryInstruction;
  size_t batch_size = 16;   ///< windows per forward pass
  size_t max_tokens = 512;  ///< window length with [CLS] and [SEP]; capped by the model
};

class BertEncoder : public Embedder {
 public:
  using Options = BertEncoderOptions;

  /// Loads `model_folder`. Throws Error naming the file at fault: kNotFound for a missing
  /// config.json, vocab.txt or model.safetensors, kCorruptFile for a malformed one or a tensor
  /// of the wrong shape, kUnsupportedFormat for another architecture or dtype.
  explicit BertEncoder(const std::filesystem::path& model_folder, Options options = {});
  ~BertEncoder() override;

  /// The folder's name, e.g. "bge-small-zh-v1.5".
  std::string model_id() const override { return model_id_; }
  int dimension() const override;
  std::vector<std::vector<float>> embed(const std::vector<std::string>& texts,
                                        EmbedKind kind) override;

  /// The windows `text` is encoded as: token ids with [CLS] first and [SEP] last.
  std::vector<std::vector<int32_t>> token_windows(const std::string& text, EmbedKind kind) const;
  const WordPieceTokenizer& tokenizer() const { return *tokenizer_; }

 private:
  std::string model_id_;
  Options options_;
  std::unique_ptr<WordPieceTokenizer> tokenizer_;
  std::unique_ptr<BertModel> model_;
};

}  // namespace regreader::index
