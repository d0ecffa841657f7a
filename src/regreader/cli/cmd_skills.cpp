// `skills list|show`: the built-in skills and the user's (<data dir>/skills/<name>/SKILL.md),
// with every skill that did not load named by file and line.

#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/tools/skills.hpp"

namespace regreader::cli {

namespace {

struct SkillsArgs {
  std::string name;
  bool json = false;
};

nlohmann::json skill_json(const tools::Skill& s, bool with_body) {
  nlohmann::json args = nlohmann::json::array();
  for (const auto& a : s.arguments)
    args.push_back({{"name", a.name}, {"description", a.description}, {"required", a.required}});
  nlohmann::json j = {{"name", s.name},
                      {"description", s.description},
                      {"required_tools", s.required_tools},
                      {"subagents", s.subagents},
                      {"version", s.version},
                      {"tags", s.tags},
                      {"arguments", args},
                      {"source", s.source}};
  if (with_body) j["instructions"] = s.body;
  return j;
}

tools::SkillSet load(const Globals& g) {
  return tools::load_skills(tools::skills_dir(g.data_dir()), tools::skill_tool_names());
}

void report_problems(const tools::SkillSet& set) {
  for (const auto& p : set.problems)
    std::cerr << "skill not loaded: " << p.describe() << "\n";
}

void run_list(const SkillsArgs& a, Globals& g) {
  g.json = a.json;
  const auto set = load(g);
  if (a.json) {
    nlohmann::json out = {{"skills", nlohmann::json::array()},
                          {"problems", nlohmann::json::array()}};
    for (const auto& s : set.skills)
      out["skills"].push_back(skill_json(s, false));
    for (const auto& p : set.problems)
      out["problems"].push_back({{"file", p.file}, {"line", p.line}, {"message", p.message}});
    print_json(out);
  } else {
    for (const auto& s : set.skills) {
      std::cout << s.name << "  (" << (s.source == "built-in" ? "built-in" : s.source) << ")\n    "
                << s.description << "\n    tools:";
      for (const auto& t : s.required_tools)
        std::cout << " " << t;
      std::cout << "\n";
    }
    std::cout << set.skills.size() << " skill(s); user skills in "
              << tools::skills_dir(g.data_dir()).string() << "/<name>/SKILL.md\n";
    report_problems(set);
  }
  if (!set.problems.empty()) g.exit_code = kExitFailed;
}

void run_show(const SkillsArgs& a, Globals& g) {
  g.json = a.json;
  const auto set = load(g);
  const tools::Skill* s = set.find(a.name);
  if (!s) {
    std::string names;
    for (const auto& k : set.skills)
      names += (names.empty() ? "" : ", ") + k.name;
    throw Error(ErrorCode::kNotFound, "no skill '" + a.name + "' (skills: " + names + ")");
  }
  if (a.json) {
    print_json(skill_json(*s, true));
    return;
  }
  // The SKILL.md as a file: a user can copy it and change it.
  std::cout << "---\nname: " << s->name << "\ndescription: " << s->description
            << "\nrequired_tools: [";
  for (size_t i = 0; i < s->required_tools.size(); ++i)
    std::cout << (i ? ", " : "") << s->required_tools[i];
  std::cout << "]\nsubagents: [";
  for (size_t i = 0; i < s->subagents.size(); ++i)
    std::cout << (i ? ", " : "") << s->subagents[i];
  std::cout << "]\n";
  if (!s->version.empty()) std::cout << "version: " << s->version << "\n";
  std::cout << "---\n" << s->body;
}

}  // namespace

void add_skills_command(CLI::App& app, Globals& g) {
  auto* cmd = app.add_subcommand("skills", "Skills: workflows the agents follow (SKILL.md files)");
  cmd->require_subcommand(1);
  auto a = std::make_shared<SkillsArgs>();
  auto* ls = cmd->add_subcommand("list", "Built-in and user skills; problems by file and line");
  ls->add_flag("--json", a->json, "JSON: skills and problems");
  ls->callback([a, &g] { run_list(*a, g); });
  auto* show = cmd->add_subcommand("show", "One skill as its SKILL.md");
  show->add_option("name", a->name, "Skill name, e.g. table-lookup")->required();
  show->add_flag("--json", a->json, "JSON with the instructions");
  show->callback([a, &g] { run_show(*a, g); });
  cmd->footer(
      "A skill is a folder with a SKILL.md: YAML front matter (name, description,\n"
      "required_tools, subagents, version, tags, arguments) and Markdown instructions -- the "
      "shape\n"
      "of Claude's Agent Skills. Add yours under <data dir>/skills/<name>/SKILL.md (or set\n"
      "agent.skills_dir). `ask --agent orchestrated` chooses skills by description; `--skill "
      "NAME`\n"
      "forces one; `serve` offers each as an MCP prompt. `skills list` exits 1 when a skill did\n"
      "not load.\n\n"
      "Examples:\n"
      "  regreader skills list\n"
      "  mkdir -p data/skills/my-check && regreader skills show table-lookup > "
      "data/skills/my-check/SKILL.md");
}

}  // namespace regreader::cli
