#pragma once
// Clauses about a whole document: its scope (1 范围, "本法适用于…", "本标准规定了…"), its purpose
// ("为了…，制定本法") and its list of cited documents (规范性引用文件, 引用标准名录). They name the
// document's whole subject, so they share words with nearly any question about it, and answer
// none but a question about where the document applies.

#include <string>
#include <vector>

#include "regreader/index/search_filter.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::index {

/// True when a block in `chapter_path` with text `content` speaks of its whole document: under a
/// scope, cited-documents, foreword or contents chapter (GB/T 1.1's 范围, 规范性引用文件, 前言,
/// 目次; a code's 引用标准名录), or stating where the document applies or why it was made.
bool about_whole_document(const std::vector<std::string>& chapter_path, const std::string& content);

/// True when the question asks where a document applies or what it cites (适用, 范围, 引用, 目的,
/// 宗旨): then its scope clause is the answer.
bool asks_about_scope(const std::string& question);

/// The hits about their whole document (about_whole_document) after the others, each group in
/// its order.
std::vector<SearchHit> whole_document_hits_last(const store::DocumentStore& store,
                                                std::vector<SearchHit> hits);

}  // namespace regreader::index
