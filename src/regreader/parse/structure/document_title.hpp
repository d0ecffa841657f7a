#pragma once
// The title a regulation is listed under: its standard number and its name, read from the
// cover, never the cover's banner (中华人民共和国国家标准) or a converter's HTML anchors.

#include <string>
#include <string_view>

#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// The first standard number in `text` ("GB 26859—2011", "NB/T 31147—2018",
/// "Q/CSG 125008—2016", also OCR's "GB 26859一 2011"), written the standard way: letters, one
/// space, number, "—", year. "" when there is none.
std::string standard_number(std::string_view text);

/// `text` without HTML tags (`<a name="_Toc1"></a>`) and with spaces collapsed.
std::string strip_html_tags(std::string_view text);

/// The cover title: the standard number found on the cover (page 1, or the first blocks of a
/// document without pages) followed by the name (`heading_title` when the document marks it,
/// else the first line set large on the cover that is not a banner or the number). "" when the
/// cover gives neither.
std::string cover_title(const RawDocument& raw, const std::string& heading_title);

}  // namespace regreader::parse
