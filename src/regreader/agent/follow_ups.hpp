#pragma once
// What a page read by the workflow points to and the workflow follows: 见注X (a note),
// 见表Y / 表Y（续） / 续表Y (a table, read whole), 见5.2.3 / 参见第4章 / 见附录A (a reference).
// A note stated on the page itself ("注1：…") is not followed: it is already there.

#include <string>
#include <string_view>
#include <vector>

namespace regreader::agent {

struct FollowUp {
  enum class Kind { kNote, kTable, kReference };
  Kind kind = Kind::kNote;
  std::string label;  ///< "注1", "表2", or the reference as written ("见5.2.3")

  bool operator==(const FollowUp& o) const { return kind == o.kind && label == o.label; }
};

/// The follow-ups in a page's text, in order of appearance, without duplicates. With
/// `truncated` (the text was cut before the reader saw all of it), every table caption on the
/// page ("表3 …" at the start of a line) is followed too, to read the table whole.
std::vector<FollowUp> find_follow_ups(std::string_view page_text, bool truncated = false);

std::string_view follow_up_kind_name(FollowUp::Kind k);

}  // namespace regreader::agent
