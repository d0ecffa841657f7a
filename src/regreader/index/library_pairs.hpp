#pragma once
// The character pairs of a library's text, for OCR: an unsure reading of a scan yields to the
// recogniser's other choice where that forms pairs the other regulations hold and the scan's own
// text does not tell (parse::ParseOptions::library_pairs). Only text no OCR read counts: a
// scan's misreads (場方) must not bear out themselves when it, or another scan, is read again.

#include <memory>

#include "regreader/parse/parse_options.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::index {

/// The pairs of adjacent Han characters in the blocks of every stored regulation with no page
/// read by OCR. Kept between calls: a regulation stored since is read alone.
std::shared_ptr<const parse::CharPairs> library_pairs(const store::DocumentStore& documents);

}  // namespace regreader::index
