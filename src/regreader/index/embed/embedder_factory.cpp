#include "regreader/index/embed/embedder_factory.hpp"

#include "regreader/index/embed/bert_encoder.hpp"

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/index/embed/lsa_embedder.hpp"
#include "regreader/index/embed/openai_embedder.hpp"
#include "regreader/index/vector/vector_store.hpp"
#include "regreader/store/database.hpp"

namespace regreader::index {

namespace fs = std::filesystem;

EmbeddingConfig EmbeddingConfig::from_env() {
  EmbeddingConfig c;
  const Settings& s = settings();
  c.model = s.get("embedding.model");
  c.url = s.get("embedding.url");
  c.api_key = s.get("embedding.api_key");
  c.dimension = static_cast<int>(s.number("embedding.dimension", 0, 0));
  c.batch_size = static_cast<int>(s.number("embedding.batch", 32, 1));
  c.timeout_seconds = s.number("embedding.timeout", 60, 0);
  std::error_code ec;
  if (c.model.empty() && c.url.empty())
    c.kind = kDefaultEmbedder;
  else if (c.model == "none")
    c.kind = EmbedderKind::kNone;
  else if (c.model == "builtin-lsa")
    c.kind = EmbedderKind::kBuiltin;
  else if (!c.model.empty() && fs::is_directory(c.model, ec))
    c.kind = EmbedderKind::kLocal;
  else if (!c.url.empty() && !c.model.empty())
    c.kind = EmbedderKind::kRemote;
  else if (c.url.empty())
    throw Error(ErrorCode::kInvalidArgument,
                "REGREADER_EMBEDDING_MODEL=" + c.model +
                    " is not a model folder; for a served model set REGREADER_EMBEDDING_URL too, "
                    "or use builtin-lsa or none");
  else
    throw Error(ErrorCode::kInvalidArgument,
                "REGREADER_EMBEDDING_URL is set but REGREADER_EMBEDDING_MODEL is not: name the "
                "model the endpoint serves");
  return c;
}

std::string EmbeddingConfig::describe() const {
  switch (kind) {
    case EmbedderKind::kNone:
      return "none (keyword-only search)";
    case EmbedderKind::kBuiltin:
      return "built-in LSA (builtin-lsa)";
    case EmbedderKind::kRemote:
      return "remote model " + model + " at " + url;
    case EmbedderKind::kLocal:
      return "local model folder " + model;
  }
  return "?";
}

fs::path builtin_model_path(const fs::path& data_dir) {
  return data_dir / "vectors" / "builtin-lsa.bin";
}

std::unique_ptr<Embedder> open_embedder(const EmbeddingConfig& config, const fs::path& data_dir) {
  switch (config.kind) {
    case EmbedderKind::kNone:
      return nullptr;
    case EmbedderKind::kBuiltin: {
      std::error_code ec;
      if (!fs::exists(builtin_model_path(data_dir), ec)) return nullptr;
      return std::make_unique<LsaEmbedder>(LsaEmbedder::load(builtin_model_path(data_dir)));
    }
    case EmbedderKind::kRemote: {
      RemoteEmbedderOptions o;
      o.base_url = config.url;
      o.model = config.model;
      o.api_key = config.api_key;
      o.dimension = config.dimension;
      o.batch_size = config.batch_size;
      o.timeout_seconds = config.timeout_seconds;
      return std::make_unique<OpenAiEmbedder>(std::move(o), make_curl_client());
    }
    case EmbedderKind::kLocal:
      return std::make_unique<BertEncoder>(config.model);
  }
  return nullptr;
}

std::unique_ptr<Embedder> fit_builtin_embedder(const std::vector<std::string>& texts,
                                               const fs::path& data_dir) {
  auto model = LsaEmbedder::fit(texts);
  model.save(builtin_model_path(data_dir));
  return std::make_unique<LsaEmbedder>(std::move(model));
}

std::unique_ptr<Embedder> fit_builtin_embedder(const store::PageStore& store) {
  store::Database* db = store.database();
  if (!db) throw Error(ErrorCode::kNotFound, "the store is empty; ingest the regulations first");
  std::vector<std::string> texts;
  auto s = db->prepare("SELECT chapter_path, content_markdown FROM blocks ORDER BY rowid");
  while (s.step())
    texts.push_back(embedding_text(s.text(0), s.text(1)));
  return fit_builtin_embedder(texts, store.data_dir());
}

std::unique_ptr<Embedder> embedder_for_build(
    const EmbeddingConfig& config, const fs::path& data_dir, bool refit,
    const std::function<std::unique_ptr<Embedder>()>& fit) {
  if (config.kind == EmbedderKind::kBuiltin && refit) return fit();
  auto e = open_embedder(config, data_dir);
  if (!e && config.kind == EmbedderKind::kBuiltin) return fit();
  return e;
}

std::unique_ptr<Embedder> embedder_for_build(const store::PageStore& store,
                                             const EmbeddingConfig& config, bool refit) {
  return embedder_for_build(config, store.data_dir(), refit,
                            [&] { return fit_builtin_embedder(store); });
}

}  // namespace regreader::index
