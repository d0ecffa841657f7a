#pragma once
// The built-in embedder that needs no download: latent semantic analysis. TF-IDF over the keyword
// tokenizer's tokens (CJK bigrams and unigrams, whole ASCII runs), projected onto the top singular
// vectors of the stored blocks' TF-IDF matrix (randomised SVD with Eigen). Fitted on the stored
// blocks when vectors are first built and by `regreader reindex --all`; persisted in one binary
// file (format at the top of lsa_embedder.cpp). Its model id carries a digest of the fit, so
// vectors of an older fit are never mixed with a newer one.

#include <Eigen/Dense>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <vector>

#include "regreader/index/embed/embedder.hpp"

namespace regreader::index {

class LsaEmbedder : public Embedder {
 public:
  /// Dimensions kept from the SVD: with 256, vector search ranks the evidence first for more of
  /// our development questions than with 128 (0.69 against 0.66, bench/run_eval.sh).
  static constexpr int kDefaultDimension = 256;

  /// Fits on a collection of texts (one per block). Throws Error(kInvalidArgument) when the texts
  /// have too few distinct terms to fit `dimension` dimensions.
  static LsaEmbedder fit(const std::vector<std::string>& texts, int dimension = kDefaultDimension);
  /// Reads a fit written by save(). Throws Error(kNotFound) or Error(kCorruptFile).
  static LsaEmbedder load(const std::filesystem::path& file);
  void save(const std::filesystem::path& file) const;

  std::string model_id() const override { return model_id_; }
  int dimension() const override { return static_cast<int>(projection_.cols()); }
  /// Documents and queries are embedded alike. A text with no known term gives the zero vector.
  std::vector<std::vector<float>> embed(const std::vector<std::string>& texts,
                                        EmbedKind kind) override;
  std::vector<float> embed_one(const std::string& text) const;

 private:
  using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  void finish();  // computes model_id_ from the fit

  std::unordered_map<std::string, int> vocabulary_;
  std::vector<float> idf_;
  Matrix projection_;  // terms x dimension
  std::string model_id_;
};

}  // namespace regreader::index
