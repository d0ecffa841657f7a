#pragma once
// An explanation of provisions (条文说明) at the end of a standard numbers and titles its chapters
// as the standard does ("4.4 …", "4.4.1 本条提出了…"): its chapters restate the standard's.
// A question about a topic is about the standard's chapter; ranking chapters as documents, or
// suggesting them by title, counts each once. The explanation's blocks stay in the keyword leg.

#include <vector>

#include "regreader/model/document_structure.hpp"

namespace regreader::index {

/// Per node of `structure` (in nodes() order): the index of the earlier node it restates (the
/// first with its chain of section numbers from the root, a title standing for a node without
/// one), or -1.
std::vector<long> restated_chapters(const model::DocumentStructure& structure);

}  // namespace regreader::index
