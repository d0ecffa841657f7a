#pragma once
// Which embedder RegReader uses, from the environment:
//   REGREADER_EMBEDDING_MODEL    "builtin-lsa" (the built-in LSA, no download), "none" (keyword
//                                only), a model name served at REGREADER_EMBEDDING_URL, or a
//                                local model folder (BERT encoder)
//   REGREADER_EMBEDDING_URL      base URL of an OpenAI-compatible /v1/embeddings endpoint
//   REGREADER_EMBEDDING_API_KEY  sent as "Authorization: Bearer ..." when set
//   REGREADER_EMBEDDING_DIMENSION, REGREADER_EMBEDDING_BATCH, REGREADER_EMBEDDING_TIMEOUT
// Unset model and URL: kDefaultEmbedder.

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "regreader/index/embed/embedder.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::index {

enum class EmbedderKind { kNone, kBuiltin, kRemote, kLocal };

struct EmbeddingConfig {
  EmbedderKind kind = EmbedderKind::kNone;
  std::string model;  ///< remote model name, or the local model folder
  std::string url;
  std::string api_key;
  int dimension = 0;
  int batch_size = 32;
  double timeout_seconds = 60;

  /// Reads the REGREADER_EMBEDDING_* variables. Throws Error(kInvalidArgument) for a bad value.
  static EmbeddingConfig from_env();
  /// One line for people: "built-in LSA", "remote model bge-m3 at http://…", "none".
  std::string describe() const;
};

/// The model used when neither REGREADER_EMBEDDING_MODEL nor REGREADER_EMBEDDING_URL is set. The
/// built-in LSA did not beat keyword-only search on bench/dev-questions.jsonl (hybrid MRR 0.917 at
/// the default weights against 0.959 for keyword; docs/benchmarks.md), so the default is
/// keyword-only.
inline constexpr EmbedderKind kDefaultEmbedder = EmbedderKind::kNone;

/// Where the built-in model's fit lives in a data directory.
std::filesystem::path builtin_model_path(const std::filesystem::path& data_dir);

/// The configured embedder; null for kNone and for the built-in model before it is fitted.
/// A local model folder is loaded as a BERT encoder (bert_encoder.hpp); a bad folder throws.
std::unique_ptr<Embedder> open_embedder(const EmbeddingConfig& config,
                                        const std::filesystem::path& data_dir);

/// The embedder that builds vectors for `store`: open_embedder(), except that the built-in model
/// is fitted on the stored blocks when `refit` is set or it has no fit yet. Null for kNone.
std::unique_ptr<Embedder> embedder_for_build(const store::PageStore& store,
                                             const EmbeddingConfig& config, bool refit);

/// The rule of embedder_for_build() for any engine: `fit` fits the built-in model on the stored
/// blocks (and saves it in `data_dir`).
std::unique_ptr<Embedder> embedder_for_build(const EmbeddingConfig& config,
                                             const std::filesystem::path& data_dir, bool refit,
                                             const std::function<std::unique_ptr<Embedder>()>& fit);

/// Fits the built-in model on `texts` (embedding_text() of each block), saves it in `data_dir`
/// and returns it.
std::unique_ptr<Embedder> fit_builtin_embedder(const std::vector<std::string>& texts,
                                               const std::filesystem::path& data_dir);

/// Fits the built-in model on every stored block, saves it in the data directory and returns it.
/// Throws Error(kInvalidArgument) when the store holds too little text.
std::unique_ptr<Embedder> fit_builtin_embedder(const store::PageStore& store);

}  // namespace regreader::index
