#pragma once
// Copies of one regulation (the same file ingested twice, its Word and PDF renderings, a cleaned
// and an OCR version) crowd a result list with the same clause. Regulations whose texts are
// near-identical are one family; a hit whose block is near-identical to a higher-ranked hit of
// its family joins that hit as a copy instead of taking a place in the list.

#include <string>
#include <vector>

#include "regreader/index/search_filter.hpp"
#include "regreader/store/page_store.hpp"
#include "regreader/store/text_signature.hpp"

namespace regreader::index {

/// Share of their character 5-grams two regulation texts have in common (Jaccard, estimated by
/// MinHash over 128 hashes) from which they are copies. The exact Jaccard over the 70 corpus files
/// (all pairs): copies (same source, other format or OCR) 0.70-1.00; the 2007 and 2024 versions
/// of one law 0.44; a page excerpt against its whole document at most 0.11.
constexpr double kCopyFamilySimilarity = 0.6;

/// Share of character pairs two blocks of a family share (Jaccard) from which one is the other's
/// copy: an OCR copy of a clause differs by a few characters, another clause by most.
constexpr double kCopyBlockSimilarity = 0.5;

using store::signature_similarity;
using store::text_signature;

/// The regulations among `reg_ids` that are copies of each other, as a family id per regulation
/// (the first of its family in `reg_ids`), by the signatures the store keeps (computed from the
/// text for regulations saved before it kept them, once per process and ingest).
std::vector<std::string> copy_families(const store::DocumentStore& store,
                                       const std::vector<std::string>& reg_ids);

/// `ranked` with copies folded into the first hit of their family (when `fold`), then at most
/// `per_reg` hits per family (0: no cap), cut at `limit`. Greedy in rank order, so the first k
/// hits do not depend on how many were ranked after them.
std::vector<SearchHit> collapse_copies(const store::DocumentStore& store,
                                       std::vector<SearchHit> ranked, bool fold, int per_reg,
                                       int limit);

/// `hits` without a hit whose regulation, page and text (as the keyword leg read it) a hit before
/// it has: a block repeated on its page (a converter that wrote a heading and its clause four
/// times) is one citation; nor a hit whose block a hit before it lists among its copies (a
/// later pass found the copy the fold had already named). Applied to a search's answer, after
/// its passes were fused, so that the ranks fused are those they always were.
std::vector<SearchHit> cite_repeats_once(std::vector<SearchHit> hits);

}  // namespace regreader::index
