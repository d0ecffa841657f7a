#include "regreader/agent/follow_ups.hpp"

#include <algorithm>
#include <stdexcept>

#include "regreader/core/regex.hpp"

namespace regreader::agent {

namespace {

using Groups = std::vector<re2::StringPiece>;

// Calls f(groups) for each match of re in text, left to right and not overlapping; groups[0] is
// the whole match. Each search sees the text before it, so ^ matches only at 0.
template <typename F>
void for_each_match(const std::string& text, const RE2& re, F f) {
  Groups g(1 + re.NumberOfCapturingGroups());
  const int n = static_cast<int>(g.size());
  for (size_t pos = 0;
       pos <= text.size() && re.Match(text, pos, text.size(), RE2::UNANCHORED, g.data(), n);) {
    f(g);
    const size_t end = static_cast<size_t>(g[0].data() - text.data()) + g[0].size();
    pos = end > pos ? end : pos + 1;  // none of the patterns matches empty text; no endless loop
  }
}

const std::string kTableLabel = R"(表\s*([A-Z]?\d+(?:[.-]\d+)*|[A-Z](?:[.-]\d+)+))";
const std::string kNoteLabel = R"(注\s*(\d+|[①②③④⑤⑥⑦⑧⑨⑩]))";

std::string without_spaces(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; }),
          s.end());
  return s;
}

struct Rule {
  FollowUp::Kind kind;
  Regex re;
  // The label from a match.
  std::string (*label)(const Groups&);
};

std::string note_of(const Groups& m) {
  return "注" + std::string(m[1]);
}

std::string table_of(const Groups& m) {
  return "表" + std::string(m[1]);
}

std::string reference_of(const Groups& m) {
  return without_spaces(std::string(m[0]));
}

const auto& rules() {
  static const Rule kRules[] = {
      {FollowUp::Kind::kNote, Regex("见\\s*" + kNoteLabel), note_of},
      {FollowUp::Kind::kTable, Regex("见\\s*" + kTableLabel), table_of},
      {FollowUp::Kind::kTable, Regex("续\\s*" + kTableLabel), table_of},
      {FollowUp::Kind::kTable, Regex(kTableLabel + R"(\s*[（(]续[）)])"), table_of},
      {FollowUp::Kind::kReference,
       Regex(
           R"((?:参见|见)\s*(?:第\s*\d+(?:\.\d+)*\s*[章条节]|\d+(?:\.\d+)+(?:\s*[条节])?|附录\s*[A-Z]))"),
       reference_of},
  };
  return kRules;
}

struct Hit {
  size_t pos;
  FollowUp f;
};

}  // namespace

std::vector<FollowUp> find_follow_ups(std::string_view page_text, bool truncated) {
  const std::string text(page_text);
  std::vector<Hit> hits;
  auto pos = [&](const re2::StringPiece& m) { return static_cast<size_t>(m.data() - text.data()); };
  for (const auto& rule : rules())
    for_each_match(text, rule.re, [&](const Groups& m) {
      hits.push_back({pos(m[0]), {rule.kind, rule.label(m)}});
    });
  if (truncated) {
    static const Regex caption("(^|\n)[ \t]*" + kTableLabel);
    for_each_match(text, caption, [&](const Groups& m) {
      hits.push_back({pos(m[0]), {FollowUp::Kind::kTable, "表" + std::string(m[2])}});
    });
  }
  std::stable_sort(hits.begin(), hits.end(),
                   [](const Hit& a, const Hit& b) { return a.pos < b.pos; });
  std::vector<FollowUp> out;
  for (auto& h : hits)
    if (std::find(out.begin(), out.end(), h.f) == out.end()) out.push_back(std::move(h.f));
  return out;
}

std::string_view follow_up_kind_name(FollowUp::Kind k) {
  switch (k) {
    case FollowUp::Kind::kNote:
      return "note";
    case FollowUp::Kind::kTable:
      return "table";
    case FollowUp::Kind::kReference:
      return "reference";
  }
  return "note";
}

}  // namespace regreader::agent
