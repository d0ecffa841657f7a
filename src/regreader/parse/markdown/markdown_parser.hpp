#pragma once
#include <filesystem>
#include <string_view>

#include "regreader/parse/parse_options.hpp"
#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// Reads Markdown (`markdown` = true) or plain text: headings, pipe tables, list items, block
/// quotes; pages from `<!-- page N -->` markers or form feeds, else synthetic pages cut at
/// paragraph boundaries.
RawDocument parse_markdown(std::string_view content, bool markdown, const ParseOptions& options);

/// Reads the file (UTF-8; a UTF-8 BOM is skipped) and calls parse_markdown. Throws ParseError for
/// unreadable or non-UTF-8 files.
RawDocument parse_markdown_file(const std::filesystem::path& path, bool markdown,
                                const ParseOptions& options);

/// Cuts synthetic pages: assigns page numbers so that each page holds about `page_chars`
/// characters, breaking only between blocks. Sets raw.page_count and raw.paging.
void assign_synthetic_pages(RawDocument& raw, int page_chars);

}  // namespace regreader::parse
