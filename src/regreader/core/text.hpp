#pragma once
// UTF-8 text helpers shared by every layer. Decoding and encoding use ICU's UTF-8 macros; the few
// rules specific to Chinese regulations (width folding, CJK-aware joining) are ours.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace regreader::text {

/// Decodes UTF-8 into code points; invalid bytes become U+FFFD.
std::vector<char32_t> to_codepoints(std::string_view s);
/// Encodes code points as UTF-8.
std::string from_codepoints(const std::vector<char32_t>& cps);
/// `s` decoded as a UTF-32 string (for std::u32string's find and compare).
std::u32string to_u32string(std::string_view s);
void append_utf8(std::string& out, char32_t cp);

/// Number of code points.
size_t length(std::string_view s);
/// First `n` code points of `s`.
std::string prefix(std::string_view s, size_t n);

/// True for Han ideographs and CJK punctuation / full-width forms.
bool is_cjk(char32_t cp);
/// True for Han ideographs only (CJK Unified Ideographs, extensions, compatibility ideographs).
bool is_han(char32_t cp);
bool is_space(char32_t cp);

/// Folds full-width digits, Latin letters, the full-width full stop and the ideographic space to
/// ASCII ("３．１．３" -> "3.1.3"). Chinese punctuation (，。：；（）) is kept: NFKC would fold it
/// too and make the text harder to read, which is why this is not plain ICU NFKC.
/// Bullets and boxes of symbol fonts, which Word and WPS export as private-use characters, become
/// what they show (symbol_font_glyph).
std::string fold_width(std::string_view s);

/// What a private-use code point of a Wingdings/Symbol glyph shows: "•" for the bullets (U+F06C ●,
/// U+F06E ■, U+F075 ◆, U+F0A7 ▪, U+F0B7 •, U+F0D8 ➢ …: a list marker whatever its shape), "□"
/// for the white squares of a form's check boxes (U+F06F, U+F071, U+F0A8), "☑" / "☒" / "✓" for
/// U+F0FE, U+F0FD, U+F0FC; empty for any other code point. A symbol font's glyph has no Unicode
/// of its own, so Office writes U+F000 + its code; no library maps them (ICU leaves private use
/// alone): the table is the fonts' published glyphs.
std::string_view symbol_font_glyph(char32_t c);

std::string trim(std::string_view s);
/// Collapses runs of whitespace to one space and drops spaces between two CJK characters
/// (PDF extraction often puts them there).
std::string clean_spaces(std::string_view s);
/// Collapses runs of whitespace to one space and trims; keeps every separation.
std::string collapse_spaces(std::string_view s);
/// Removes every whitespace character (for fuzzy matching).
std::string strip_spaces(std::string_view s);
/// `s` without Markdown's emphasis marks "**" and "__" ("**2** 术 语" -> "2 术 语"): formatting a
/// converter left around words, not the words.
std::string without_emphasis(std::string_view s);
/// The Han characters, ASCII letters and digits of `s`, width folded: what two writings of one
/// text share whatever their spacing and punctuation (copies of a document, a table's name and
/// the words that ask for it).
std::vector<char32_t> content_codepoints(std::string_view s);

/// The parts with `separator` between them ("GB26859, GB26860").
std::string join(const std::vector<std::string>& parts, std::string_view separator);

/// Appends `next` to `acc` as the continuation of a wrapped line: no space between CJK text, one
/// space between Latin words.
void join_wrapped(std::string& acc, std::string_view next);

/// ASCII digits as an int; nullopt when empty, not all digits, or too large for an int. For
/// numbers read from documents and requests, where std::stoi would throw out_of_range.
std::optional<int> to_int(std::string_view digits);

/// Value of a Chinese numeral such as "十一", "二十三", "一百零五", "〇" or ASCII digits.
std::optional<int> parse_number(std::string_view s);

bool starts_with(std::string_view s, std::string_view p);
bool ends_with(std::string_view s, std::string_view p);

}  // namespace regreader::text
