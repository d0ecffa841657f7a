#pragma once
// An explanation of provisions (条文说明) restates the clause it explains in other words, and
// shares a question's words as often: "接地扁铁搭接焊要焊多长" finds 4.3.4's explanation
// ("焊接不良不仅会…") beside 4.3.4 itself. The reader wants the requirement first, then what
// explains it.

#include <vector>

#include "regreader/index/search_filter.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::index {

/// `hits` with each hit in an explanation of provisions right after the hit of the clause it
/// explains (the chapter of the same numbers, restated_chapters.hpp), when that hit is later in
/// the list.
std::vector<SearchHit> explanations_after_clauses(const store::DocumentStore& store,
                                                  std::vector<SearchHit> hits);

}  // namespace regreader::index
