#pragma once
// One interface for every way of turning text into vectors: the local BERT-family encoder
// (reads a Hugging Face model folder), an OpenAI-compatible /v1/embeddings endpoint, and the
// built-in default that needs no download. The vector index stores model_id() and dimension()
// and refuses to mix vectors of different models.

#include <string>
#include <vector>

namespace regreader::index {

/// Documents and queries may be embedded differently (bge prefixes queries with an instruction).
enum class EmbedKind { kDocument, kQuery };

class Embedder {
 public:
  virtual ~Embedder() = default;
  /// Stable identity of the model, e.g. "bge-small-zh-v1.5" or "openai:text-embedding-3-small".
  virtual std::string model_id() const = 0;
  virtual int dimension() const = 0;
  /// One L2-normalised vector of dimension() floats per text, in order. Throws regreader::Error.
  virtual std::vector<std::vector<float>> embed(const std::vector<std::string>& texts,
                                                EmbedKind kind) = 0;
};

}  // namespace regreader::index
