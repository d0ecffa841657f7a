#pragma once
// An answer as claims: each sentence or list item with the figures it states and the citations
// that back it. A citation standing alone after a sentence ("…0.70 m。（GB26860 P4 表1）") backs
// that sentence; a 【来源】 line is a claim of its own with citations and no figures.

#include <string>
#include <string_view>
#include <vector>

#include "regreader/tools/citation_grammar.hpp"
#include "regreader/tools/figures.hpp"

namespace regreader::tools {

struct Claim {
  std::string text;           ///< the sentence or item, trimmed
  size_t start = 0, end = 0;  ///< byte span in fold_width(answer)
  std::vector<Figure> figures;
  std::vector<Citation> citations;
};

/// The claims of `answer` that state a figure or cite a page, in order.
std::vector<Claim> split_claims(std::string_view answer,
                                const std::vector<RegulationName>& names = {});

}  // namespace regreader::tools
