#pragma once
// The snippet a search hit shows: one window of about 160 characters around the part of the block
// that matches the query best, matched tokens merged into word-level highlights (【操作票】, not
// 【操作】【作票】), no text repeated; for a table, its header row and the rows that match. Written
// here because FTS5's snippet() repeats the text once per overlapping bigram of our tokenizer.

#include <set>
#include <string>
#include <vector>

#include "regreader/index/search_filter.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::index {

/// `text` (a block's Markdown) with the occurrences of `tokens` marked 【】 in the best window of
/// about `chars` characters; the block's start when no token occurs.
std::string make_snippet(const std::string& text, const std::set<std::string>& tokens,
                         int chars = 160);

/// The snippets of hits that came without one (SearchFilter::defer_snippets), from their blocks'
/// text in the store.
void make_snippets(const store::DocumentStore& store, std::vector<SearchHit>& hits);

}  // namespace regreader::index
