#pragma once
// Table captions: "表1 …" paragraphs joined to the table they name, and every table's id.

#include <vector>

#include "regreader/parse/structure/block_classifier.hpp"

namespace regreader::parse {

/// Joins "表1 …" caption paragraphs to the table right after them and gives every table its id
/// (the caption's label when unique, else "T<n>"). On pages OCR read (`ocr_page[page - 1]`), a
/// caption whose number OCR garbled is numbered from the text's reference (caption_numbers.hpp).
void attach_captions(std::vector<ClassifiedBlock>& blocks, const std::vector<bool>& ocr_page = {});

}  // namespace regreader::parse
