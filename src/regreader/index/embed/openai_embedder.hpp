#pragma once
// Embeddings from any OpenAI-compatible /v1/embeddings endpoint (OpenAI, vLLM, Ollama, Hugging Face
// TEI, hosted APIs), over regreader::HttpClient. Texts go in batches; 429 and 5xx replies are
// retried with exponential backoff (a Retry-After header wins); every other failure is an Error
// naming the status and the server's own message.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "regreader/core/http_client.hpp"
#include "regreader/index/embed/embedder.hpp"

namespace regreader::index {

struct RemoteEmbedderOptions {
  std::string base_url;  ///< "http://localhost:8000", ".../v1" or the full ".../v1/embeddings"
  std::string model;     ///< sent as "model"
  std::string api_key;   ///< "" = no Authorization header
  int dimension = 0;     ///< expected size; 0 = learnt from the first reply
  int batch_size = 32;   ///< texts per request
  double timeout_seconds = 60;
  int max_attempts = 5;  ///< per batch, the first try included
  double first_backoff_seconds = 0.5;
  /// Waits between attempts; tests pass a recorder instead of sleeping.
  std::function<void(double seconds)> sleep;
};

class OpenAiEmbedder : public Embedder {
 public:
  OpenAiEmbedder(RemoteEmbedderOptions options, std::unique_ptr<HttpClient> client);
  /// "remote:<model>".
  std::string model_id() const override;
  /// The configured dimension, else the size of the first reply (asks the server once if needed).
  int dimension() const override;
  std::vector<std::vector<float>> embed(const std::vector<std::string>& texts,
                                        EmbedKind kind) override;

  /// The endpoint requests go to.
  const std::string& url() const { return url_; }

 private:
  std::vector<std::vector<float>> embed_batch(const std::vector<std::string>& texts) const;
  HttpResponse send_with_retries(const HttpRequest& request) const;
  std::vector<std::vector<float>> parse_reply(const HttpResponse& reply, size_t expected) const;

  RemoteEmbedderOptions options_;
  std::unique_ptr<HttpClient> client_;
  std::string url_;
  mutable int dimension_ = 0;
};

}  // namespace regreader::index
