#pragma once
// The title a regulation is listed under: its standard number and its name, read from the
// cover, never the cover's banner (中华人民共和国国家标准) or a converter's HTML anchors.

#include <string>
#include <string_view>
#include <vector>

#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// The first standard number in `text` ("GB 26859—2011", "NB/T 31147—2018",
/// "Q/CSG 125008—2016", also OCR's "GB 26859一 2011"), written the standard way: letters, one
/// space, number, "—", year. "" when there is none.
std::string standard_number(std::string_view text);

/// The word a regulation's name ends with, for its kind of document.
struct DocumentKind {
  std::string_view word;  ///< 规范, 条例, 法 …
  bool standard = false;  ///< a standard's kind (规范, 规程, 标准, 导则, 细则, 规定, 准则)
};
/// Every kind: the standards' words, then 条例, 办法, 手册, 判据, 要求, 法.
const std::vector<DocumentKind>& document_kinds();

/// True when `name` ends the way a regulation's name does (document_kinds: 建筑物防雷设计规范,
/// 消防法).
bool names_a_document(std::string_view name);

/// `text` without HTML tags (`<a name="_Toc1"></a>`) and with spaces collapsed.
std::string strip_html_tags(std::string_view text);

/// The cover title: the standard number found on the cover (page 1, or the first blocks of a
/// document without pages) followed by the name (`heading_title` when the document marks it,
/// else the first line set large on the cover that is not a banner or the number; where nothing
/// on the cover is set large or the sizes are unknown, as in Markdown, the first line naming a
/// document: 《…》 in a short line, a line ending like a name, 建筑物防雷设计规范, or an official
/// document's 关于…的通知). A numbered line (一、总体要求, 1.目的) is never the name. "" when
/// the cover gives neither.
std::string cover_title(const RawDocument& raw, const std::string& heading_title);

}  // namespace regreader::parse
