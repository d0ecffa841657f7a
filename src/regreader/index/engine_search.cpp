#include "regreader/index/engine_search.hpp"

#include <type_traits>

#include "regreader/core/error.hpp"
#include "regreader/index/pg_vector_store.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::index {

namespace {

const store::PageStore* embedded(const store::DocumentStore& d) {
  return dynamic_cast<const store::PageStore*>(&d);
}

// The other engine; a third one would have to be added here.
template <typename Store>
auto& postgres(Store& d) {
  using Pg =
      std::conditional_t<std::is_const_v<Store>, const store::pg::PgStore, store::pg::PgStore>;
  auto* pg = dynamic_cast<Pg*>(&d);
  if (!pg) throw Error(ErrorCode::kInternal, "a document store of an unknown engine");
  return *pg;
}

}  // namespace

std::vector<SearchHit> engine_search(const store::DocumentStore& documents,
                                     const std::string& keyword_query,
                                     const std::string& vector_query, const SearchFilter& filter,
                                     SearchMode mode,
                                     const std::function<void(const std::string&)>& on_step) {
  if (const auto* s = embedded(documents))
    return search(*s, keyword_query, vector_query, filter, mode, on_step);
  return pg_search(postgres(documents), keyword_query, vector_query, filter, mode, on_step);
}

std::string semantic_unavailable(const store::DocumentStore& documents) {
  if (const auto* s = embedded(documents)) return semantic_leg(*s).unavailable;
  return pg_semantic_unavailable(postgres(documents));
}

SearchMode engine_default_mode(const store::DocumentStore& documents) {
  return semantic_unavailable(documents).empty() ? SearchMode::kHybrid : SearchMode::kKeyword;
}

SearchMode engine_effective_mode(const store::DocumentStore& documents, SearchMode requested) {
  if (requested == SearchMode::kHybrid && !semantic_unavailable(documents).empty())
    return SearchMode::kKeyword;
  return requested;
}

std::optional<VectorState> engine_vector_state(const store::DocumentStore& documents) {
  if (const auto* s = embedded(documents)) return vector_state(*s);
  return pg_vector_state(postgres(documents));
}

std::unique_ptr<Embedder> engine_embedder_for_build(const store::DocumentStore& documents,
                                                    const EmbeddingConfig& config, bool refit) {
  if (config.kind == EmbedderKind::kNone) return nullptr;
  if (const auto* s = embedded(documents)) return embedder_for_build(*s, config, refit);
  return pg_embedder_for_build(postgres(documents), config, refit);
}

int engine_update_vectors(store::DocumentStore& documents, Embedder& embedder,
                          const VectorProgress& progress) {
  if (auto* s = dynamic_cast<store::PageStore*>(&documents))
    return update_vectors(*s, embedder, progress);
  return pg_update_vectors(postgres(documents), embedder, progress);
}

int engine_reindex_vectors(store::DocumentStore& documents, Embedder& embedder,
                           const std::string& reg_id, const VectorProgress& progress) {
  if (auto* s = dynamic_cast<store::PageStore*>(&documents))
    return reindex_vectors(*s, embedder, reg_id, progress);
  return pg_reindex_vectors(postgres(documents), embedder, reg_id, progress);
}

}  // namespace regreader::index
