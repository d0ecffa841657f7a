#pragma once
// Power-grid synonyms for keyword queries, applied one way only: a query for 变电所 also finds
// 变电站, a query for 变电站 does not find 变电所 (the standards say 变电站; people still type the
// old word). Built-in pairs, plus a user dictionary: <data dir>/synonyms.tsv,
// "word<TAB>replacement" per line ('#' starts a comment).

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace regreader::index {

using SynonymTable = std::vector<std::pair<std::string, std::string>>;

/// The built-in pairs.
const SynonymTable& builtin_synonyms();

/// The built-in pairs followed by those of `file` when it exists. Throws Error(kInvalidArgument)
/// naming the line for a malformed line.
SynonymTable load_synonyms(const std::filesystem::path& file);

/// Appends the "first<TAB>second" lines of `file` to `into` ('#' starts a comment, blank lines
/// are skipped; no file adds nothing). A malformed line is Error(kInvalidArgument) naming the file,
/// the line and `expected`. The format of synonyms.tsv and aliases.tsv.
void read_tab_pairs(const std::filesystem::path& file, const std::string& expected,
                    std::vector<std::pair<std::string, std::string>>& into);

/// The term itself and every variant with one synonym replaced ("110千伏" -> "110千伏", "110kV").
std::vector<std::string> expand_term(const std::string& term, const SynonymTable& table);

}  // namespace regreader::index
