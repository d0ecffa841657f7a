#pragma once
// A CitationChecker over the page store: the cited code is matched to a stored regulation id
// ("GB26860" and "GB 26860-2011" both find "GB26860-2011"), and a page's text is its Markdown
// plus its notes.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "regreader/agent/citations.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::agent {

class StoreCitationChecker : public CitationChecker {
 public:
  /// `store` must outlive the checker. The list of regulations is read once, here.
  explicit StoreCitationChecker(const store::PageStore& store);

  bool has_regulation(const std::string& regulation) override;
  std::optional<std::string> page_text(const std::string& regulation, int page) override;
  std::vector<std::string> known_ids() override;

  /// The stored reg_id a cited code names; nullopt when none does.
  std::optional<std::string> resolve(const std::string& regulation) const;

 private:
  const store::PageStore& store_;
  std::vector<std::pair<std::string, std::string>> ids_;  // normalised code, reg_id
};

}  // namespace regreader::agent
