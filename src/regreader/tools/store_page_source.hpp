#pragma once
// The citation checker's pages from the page store: a page is its Markdown, its notes and the
// chapters with content on it. Regulations are recognised by id, by title (in 《》 or bare) and
// by alias; a cited code resolves to a stored id exactly, or without the year when the citation
// gives none ("GB26860" → "GB26860-2011", the copy without a suffix first). A code with a year or
// copy suffix the library does not hold resolves to nothing: never to a neighbour.

#include <optional>
#include <string>
#include <vector>

#include "regreader/index/regulation_mentions.hpp"
#include "regreader/store/document_store.hpp"
#include "regreader/tools/claim_check.hpp"

namespace regreader::tools {

class StorePageSource : public PageSource {
 public:
  /// `store` must outlive the source; the list of regulations is read once, here.
  StorePageSource(const store::DocumentStore& store, const index::AliasTable& aliases);

  std::vector<RegulationName> names() override { return names_; }
  std::optional<std::string> resolve(const std::string& cited) override;
  std::optional<CitedPage> page(const std::string& reg_id, int page) override;

 private:
  const store::DocumentStore& store_;
  std::vector<std::pair<std::string, std::string>> ids_;  // normalised code, reg_id
  std::vector<RegulationName> names_;
};

}  // namespace regreader::tools
