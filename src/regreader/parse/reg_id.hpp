#pragma once
#include <filesystem>
#include <string>

#include "regreader/model/parsed_document.hpp"

namespace regreader::parse {

/// A stable regulation id from a file name: the standard code when there is one
/// ("GB 26860-2011_电力安全….md" -> "GB26860-2011", "NB_T 31147-2018 ….docx" -> "NBT31147-2018"),
/// else a slug of the file stem that needs no shell quoting: Han characters, ASCII letters and
/// digits, "-", "_", "."; every other run becomes "-" ("电力法(2018-12-29)" ->
/// "电力法-2018-12-29").
std::string derive_reg_id(const std::filesystem::path& path);

/// The id the document gives itself: the standard number that opens a line on its cover (page 1,
/// or the first blocks of a document cut into pages by RegReader) -- "GB 26860—2011" ->
/// "GB26860-2011", "NB/T 31147—2018" -> "NBT31147-2018", "Q/CSG 125008—2016" ->
/// "QCSG125008-2016". A number inside a sentence ("按照GB/T 1.1—2009给出的规则") is a
/// reference, not the document's own. "" when the cover gives none.
std::string reg_id_from_cover(const model::ParsedDocument& doc);

/// "GB 26860—2011" -> "GB26860-2011": letters and digits kept, "/" and spaces dropped.
std::string reg_id_of_standard_number(const std::string& number);

/// True when `id` is usable as a regulation id: 1–80 characters, no '/', '\\', whitespace or
/// control characters.
bool is_valid_reg_id(const std::string& id);

}  // namespace regreader::parse
