#include "regreader/index/engine.hpp"

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/keyword/pg_keyword_index.hpp"
#include "regreader/index/pg_engine.hpp"
#include "regreader/index/sqlite_engine.hpp"

namespace regreader::index {

Engine::Engine(std::unique_ptr<store::DocumentStore> documents,
               std::unique_ptr<KeywordIndex> keyword, std::unique_ptr<VectorStore> vectors)
    : owned_(std::move(documents)),
      documents_(owned_.get()),
      keyword_(std::move(keyword)),
      vectors_(std::move(vectors)) {}

Engine::Engine(store::DocumentStore& documents, std::unique_ptr<KeywordIndex> keyword,
               std::unique_ptr<VectorStore> vectors)
    : documents_(&documents), keyword_(std::move(keyword)), vectors_(std::move(vectors)) {}

ReadView::ReadView(const store::DocumentStore& documents, std::unique_ptr<PinnedReads> pinned)
    : pinned_(std::move(pinned)),
      store_(pinned_ ? &pinned_->store() : &documents),
      hold_(store_->hold_reads()) {}

ReadView::~ReadView() = default;

ReadView::ReadView(ReadView&&) noexcept = default;

ReadView Engine::read_view() const {
  return ReadView(*documents_, keyword_->pinned_reads());
}

Engine::~Engine() = default;
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;

Engine open_engine(const std::filesystem::path& data_dir, bool create,
                   const std::string& store_url) {
  if (store_url.empty()) {
    enable_keyword_index();  // the tokenizer is registered before the first connection opens
    auto store = std::make_unique<store::PageStore>(data_dir, create);
    if (store->exists()) ensure_keyword_index(*store);
    auto keyword = sqlite_keyword_index(*store);
    auto vectors = sqlite_vector_store(*store);
    return Engine(std::move(store), std::move(keyword), std::move(vectors));
  }
  if (text::starts_with(store_url, "postgresql://") ||
      text::starts_with(store_url, "postgres://")) {
    auto store = std::make_unique<store::pg::PgStore>(store_url);
    prepare_pg_keyword_index(*store);  // terms written with every save; old blocks filled once
    store->set_local_dir(data_dir);    // where this replica keeps the fitted built-in model
    auto keyword = pg_keyword_index(*store);
    auto vectors = pg_vector_store(*store);
    return Engine(std::move(store), std::move(keyword), std::move(vectors));
  }
  throw Error(ErrorCode::kInvalidArgument,
              "unknown store '" + store::pg::conninfo_without_password(store_url) +
                  "': give a postgresql:// URL, or nothing for the embedded SQLite store");
}

}  // namespace regreader::index
