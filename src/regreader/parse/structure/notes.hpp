#pragma once
// Recognises notes (注：, 注1：, 注 1:, 注①, 注一, （注1）, 方案A, 方案甲) and gives each one
// canonical id, so that 注1, 注 1, 注① and 注一 are the same note and 注十一 is 注11.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace regreader::parse {

struct NoteMatch {
  std::string id;       ///< canonical: "注", "注1", "方案A"
  std::string content;  ///< the note's text without its label
};

/// Canonical id of a note label: "注 1" / "注①" / "注一" / "（注1）" -> "注1"; "注" -> "注".
/// Returns nullopt when `label` is not a note label.
std::optional<std::string> canonical_note_id(std::string_view label);

/// The notes in a paragraph that starts with a note label; several labels in one paragraph
/// ("注1：… 注2：…") give several notes. Empty when the paragraph is not a note.
std::vector<NoteMatch> match_notes(std::string_view paragraph);

/// A framed or shaded call-out that opens with `注意：` or `说明：` as a note of that name
/// ("注意", "说明"); nullopt for any other text. Only for boxed paragraphs: in running text
/// `说明：` heads an explanation as often as a note.
std::optional<NoteMatch> callout_note(std::string_view paragraph);

/// Where the text of item `expected` of an enumeration starts, when `s[i]` begins it ("2 与风功率
/// …", "2、…", "2. …", "2）…"); nullopt otherwise.
std::optional<size_t> enumerated_item(const std::vector<char32_t>& s, size_t i, int expected);

}  // namespace regreader::parse
