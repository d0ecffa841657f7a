#pragma once
// A regulation's text fingerprint: the MinHash signature of its character 5-grams. Copies of one
// regulation (a PDF and its Word file, an OCR'd scan) have near-equal signatures
// (index/copies.hpp folds them in results). Each store keeps the signature of a regulation with
// it, made at save, so that telling copies apart reads one row, not the regulation's text.

#include <cstdint>
#include <string>
#include <vector>

#include "regreader/model/parsed_document.hpp"

namespace regreader::store {

/// MinHash signature of a text (normalized: width folded, whitespace and punctuation dropped).
std::vector<uint64_t> text_signature(const std::string& text);
/// Estimated Jaccard similarity of two signatures (0 when either is empty).
double signature_similarity(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b);

/// The signature of a document's text: its blocks' Markdown in page and reading order, each
/// followed by a newline (what DocumentStore::block_contents reads back).
std::vector<uint64_t> document_signature(const model::ParsedDocument& doc);

/// As stored: 16 hex digits per hash; decoding anything else gives an empty signature.
std::string encode_signature(const std::vector<uint64_t>& signature);
std::vector<uint64_t> decode_signature(const std::string& text);

}  // namespace regreader::store
