#include "regreader/agent/follow_ups.hpp"

#include <algorithm>
#include <regex>

namespace regreader::agent {

namespace {

const std::string kTableLabel = R"(表\s*([A-Z]?\d+(?:[.-]\d+)*|[A-Z](?:[.-]\d+)+))";
const std::string kNoteLabel = R"(注\s*(\d+|①|②|③|④|⑤|⑥|⑦|⑧|⑨|⑩))";

std::string without_spaces(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; }),
          s.end());
  return s;
}

struct Rule {
  FollowUp::Kind kind;
  std::regex re;
  // The label from a match.
  std::string (*label)(const std::smatch&);
};

const std::vector<Rule>& rules() {
  static const std::vector<Rule> kRules = {
      {FollowUp::Kind::kNote, std::regex("见\\s*" + kNoteLabel),
       [](const std::smatch& m) { return "注" + m.str(1); }},
      {FollowUp::Kind::kTable, std::regex("见\\s*" + kTableLabel),
       [](const std::smatch& m) { return "表" + m.str(1); }},
      {FollowUp::Kind::kTable, std::regex("续\\s*" + kTableLabel),
       [](const std::smatch& m) { return "表" + m.str(1); }},
      {FollowUp::Kind::kTable, std::regex(kTableLabel + R"(\s*(?:（|\()续(?:）|\)))"),
       [](const std::smatch& m) { return "表" + m.str(1); }},
      {FollowUp::Kind::kReference,
       std::regex(
           R"((?:参见|见)\s*(?:第\s*\d+(?:\.\d+)*\s*(?:章|条|节)|\d+(?:\.\d+)+(?:\s*(?:条|节))?|附录\s*[A-Z]))"),
       [](const std::smatch& m) { return without_spaces(m.str(0)); }},
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
  for (const auto& rule : rules())
    for (auto it = std::sregex_iterator(text.begin(), text.end(), rule.re);
         it != std::sregex_iterator(); ++it)
      hits.push_back({static_cast<size_t>(it->position(0)), {rule.kind, rule.label(*it)}});
  if (truncated) {
    static const std::regex caption("(^|\n)[ \t]*" + kTableLabel);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), caption);
         it != std::sregex_iterator(); ++it)
      hits.push_back(
          {static_cast<size_t>(it->position(0)), {FollowUp::Kind::kTable, "表" + it->str(2)}});
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
