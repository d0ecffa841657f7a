#pragma once
// Skills: reusable workflows as SKILL.md files -- YAML front matter (name, description,
// required_tools, subagents, version, tags, arguments) and a Markdown body of instructions, the
// shape of Claude's Agent Skills, so one file serves both. Built-in skills ship in the binary
// (builtin_skills.cpp); users add theirs as <skills dir>/<name>/SKILL.md. The orchestrator's
// analyzer chooses among them by description, a subagent gets only its skill's instructions and
// tools, and the MCP server offers each as a prompt.
//
//   ---
//   name: table-lookup
//   description: 查表中的数值，连同表下的注和跨页部分
//   required_tools: [search_tables, get_table_by_id, lookup_annotation]
//   subagents: [table]
//   version: 1
//   tags: [表格, 注]
//   ---
//   1. 用 search_tables 找表 …

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace regreader::tools {

struct SkillArgument {
  std::string name;
  std::string description;
  bool required = false;
};

struct Skill {
  std::string name;  ///< lower-case letters, digits and '-', at most 64
  std::string description;
  std::vector<std::string> required_tools;
  std::vector<std::string> subagents;  ///< search | table | reference | discovery
  std::string version;
  std::vector<std::string> tags;
  std::vector<SkillArgument> arguments;  ///< MCP prompt arguments; default: question (required)
  std::string body;                      ///< the instructions (Markdown)
  std::string source;                    ///< "built-in" or the SKILL.md path
};

/// A skill that was not loaded: where and why ("skills/x/SKILL.md:4: unknown tool 'foo'").
struct SkillProblem {
  std::string file;
  int line = 0;
  std::string message;
  std::string describe() const;
};

struct SkillSet {
  std::vector<Skill> skills;
  std::vector<SkillProblem> problems;
  const Skill* find(const std::string& name) const;
};

/// The subagent kinds a skill may name.
const std::set<std::string>& skill_subagent_kinds();

/// Parses one SKILL.md. `known_tools` are the tools a skill may require. On a problem, appends it
/// (with the file's line) to `problems` and returns nullopt.
std::optional<Skill> parse_skill(const std::string& text, const std::string& source,
                                 const std::set<std::string>& known_tools,
                                 std::vector<SkillProblem>& problems);

/// The built-in skills, then those under `user_dir` (each <name>/SKILL.md; a missing folder adds
/// none). A malformed file, an unknown tool or subagent, or a name already taken is reported and
/// that skill skipped; the others load.
SkillSet load_skills(const std::filesystem::path& user_dir,
                     const std::set<std::string>& known_tools);

/// The SKILL.md texts compiled into the binary.
const std::vector<std::string>& builtin_skill_texts();

/// Every tool name a skill may require (the core and the advanced tools).
std::set<std::string> skill_tool_names();

/// Where a data directory's skills live: the agent.skills_dir setting, else <data dir>/skills.
std::filesystem::path skills_dir(const std::filesystem::path& data_dir);

}  // namespace regreader::tools
