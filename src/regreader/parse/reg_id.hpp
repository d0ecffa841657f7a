#pragma once
#include <filesystem>
#include <string>

namespace regreader::parse {

/// A stable regulation id from a file name: the standard code when there is one
/// ("GB 26860-2011_电力安全….md" -> "GB26860-2011", "NB_T 31147-2018 ….docx" -> "NBT31147-2018"),
/// else a slug of the file stem that needs no shell quoting: Han characters, ASCII letters and
/// digits, "-", "_", "."; every other run becomes "-" ("电力法(2018-12-29)" ->
/// "电力法-2018-12-29").
std::string derive_reg_id(const std::filesystem::path& path);

/// True when `id` is usable as a regulation id: 1–80 characters, no '/', '\\', whitespace or
/// control characters.
bool is_valid_reg_id(const std::string& id);

}  // namespace regreader::parse
