#pragma once
// Skills in the orchestrated strategy: the analyzer sees a catalogue of the skills whose tools
// the server offers and picks by description; each chosen skill becomes one subagent that gets
// only the skill's instructions and the skill's tools. Without a usable choice from the model,
// the question's intents pick the built-in skills (table → table-lookup, …).

#include <string>
#include <vector>

#include "regreader/agent/query_analyzer.hpp"
#include "regreader/agent/subagents.hpp"
#include "regreader/agent/tool_provider.hpp"
#include "regreader/tools/skills.hpp"

namespace regreader::agent {

struct SkillChoice {
  const tools::Skill* skill = nullptr;
  std::string reason;  ///< "forced", "chosen by the analyzer", "intent table"
};

/// True when every tool the skill requires is offered.
bool skill_usable(const tools::Skill& s, const std::vector<ToolDefinition>& offered);

/// "- name: description" per usable skill, for the analyzer's prompt.
std::string skill_catalogue(const tools::SkillSet& skills,
                            const std::vector<ToolDefinition>& offered);

/// The skills serving a question: `forced` alone when given (kNotFound or kInvalidArgument when
/// unknown or not usable); else the analyzer's usable choices; else one per intent.
std::vector<SkillChoice> choose_skills(const QueryAnalysis& analysis, const tools::SkillSet& skills,
                                       const std::vector<ToolDefinition>& offered,
                                       const std::string& forced);

/// The subagent that runs a skill: named after its kind (table_agent …), allowed only the
/// skill's tools, prompted with its role, the skill's instructions and the report rules.
SubagentSpec skill_subagent(const tools::Skill& skill);

}  // namespace regreader::agent
