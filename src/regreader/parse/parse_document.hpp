#pragma once
// The one entry point of the parse layer: file in, ParsedDocument out. The format is chosen by
// file type; each format's parser produces a RawDocument and structure_builder turns that into
// pages, blocks and the chapter tree.

#include <filesystem>
#include <string>

#include "regreader/model/parsed_document.hpp"
#include "regreader/parse/parse_options.hpp"
#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// Extracts the raw paragraphs and tables of a file. Throws ParseError naming the file and reason.
RawDocument extract_raw(const std::filesystem::path& path, const ParseOptions& options);

/// Parses a file into a regulation with id `reg_id` (title and metadata filled, indexed_at empty).
model::ParsedDocument parse_document(const std::filesystem::path& path, const std::string& reg_id,
                                     const ParseOptions& options);

}  // namespace regreader::parse
