#include "regreader/agent/skill_routing.hpp"

#include <algorithm>

#include "regreader/core/error.hpp"

namespace regreader::agent {

namespace {

bool offered_tool(const std::vector<ToolDefinition>& offered, const std::string& name) {
  return std::any_of(offered.begin(), offered.end(),
                     [&](const ToolDefinition& t) { return t.name == name; });
}

// The built-in skill serving an intent when the model chose none.
const char* skill_for_intent(QueryIntent intent, const QueryAnalysis& a) {
  switch (intent) {
    case QueryIntent::kTable:
      return "table-lookup";
    case QueryIntent::kReference:
      return a.sections.empty() && !a.notes.empty() ? "note-tracing" : "reference-following";
    case QueryIntent::kDiscovery:
      return "chapter-comparison";
    case QueryIntent::kSearch:
      return "simple-search";
  }
  return "simple-search";
}

void add_choice(std::vector<SkillChoice>& out, const tools::Skill* s, std::string reason) {
  if (!s) return;
  for (const auto& c : out)
    if (c.skill == s) return;
  out.push_back({s, std::move(reason)});
}

}  // namespace

bool skill_usable(const tools::Skill& s, const std::vector<ToolDefinition>& offered) {
  return std::all_of(s.required_tools.begin(), s.required_tools.end(),
                     [&](const std::string& t) { return offered_tool(offered, t); });
}

std::string skill_catalogue(const tools::SkillSet& skills,
                            const std::vector<ToolDefinition>& offered) {
  std::string out;
  for (const auto& s : skills.skills)
    if (skill_usable(s, offered)) out += "- " + s.name + ": " + s.description + "\n";
  return out;
}

std::vector<SkillChoice> choose_skills(const QueryAnalysis& analysis, const tools::SkillSet& skills,
                                       const std::vector<ToolDefinition>& offered,
                                       const std::string& forced) {
  std::vector<SkillChoice> out;
  if (!forced.empty()) {
    const tools::Skill* s = skills.find(forced);
    if (!s) throw Error(ErrorCode::kNotFound, "no skill '" + forced + "' (regreader skills list)");
    if (!skill_usable(*s, offered))
      throw Error(ErrorCode::kInvalidArgument,
                  "skill '" + forced + "' needs tools the server does not offer");
    add_choice(out, s, "forced (--skill)");
    return out;
  }
  for (const auto& name : analysis.skills)
    if (const tools::Skill* s = skills.find(name); s && skill_usable(*s, offered))
      add_choice(out, s, "chosen by the analyzer");
  if (!out.empty()) return out;
  for (auto intent : analysis.intents) {
    const tools::Skill* s = skills.find(skill_for_intent(intent, analysis));
    if (!s || !skill_usable(*s, offered)) s = skills.find("simple-search");
    if (s && skill_usable(*s, offered))
      add_choice(out, s, "intent " + std::string(query_intent_name(intent)));
  }
  return out;
}

SubagentSpec skill_subagent(const tools::Skill& skill) {
  const SubagentKind kind =
      skill.subagents.empty()
          ? SubagentKind::kSearch
          : parse_subagent_kind(skill.subagents[0]).value_or(SubagentKind::kSearch);
  SubagentSpec spec = subagent_spec(kind);
  spec.tools = std::set<std::string>(skill.required_tools.begin(), skill.required_tools.end());
  spec.prompt = subagent_role(kind) + "按技能“" + skill.name + "”工作：\n" + skill.body + "\n" +
                subagent_report_rules();
  return spec;
}

}  // namespace regreader::agent
