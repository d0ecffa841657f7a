#include "regreader/tools/skills.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "regreader/core/settings.hpp"
#include "regreader/tools/registry.hpp"

namespace regreader::tools {

namespace fs = std::filesystem;

namespace {

// Front matter: the file starts with a line "---", the YAML runs to the next "---" line. Returns
// the YAML, the body and the line (1-based) where the YAML starts; nullopt without front matter.
struct Split {
  std::string yaml, body;
  int yaml_line = 2;
  int end_line = 0;
};

std::optional<Split> split_front_matter(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  int n = 0;
  if (!std::getline(in, line)) return std::nullopt;
  ++n;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // a BOM from Windows editors
  if (line != "---") return std::nullopt;
  Split s;
  bool closed = false;
  while (std::getline(in, line)) {
    ++n;
    std::string bare = line;
    if (!bare.empty() && bare.back() == '\r') bare.pop_back();
    if (!closed && bare == "---") {
      closed = true;
      s.end_line = n;
      continue;
    }
    (closed ? s.body : s.yaml) += line + "\n";
  }
  if (!closed) return std::nullopt;
  return s;
}

bool valid_name(const std::string& name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

struct Reader {
  const std::string& source;
  int first_line;
  std::vector<SkillProblem>& problems;
  bool ok = true;

  int line_of(const YAML::Node& n) const {
    return n.Mark().line >= 0 ? first_line + n.Mark().line : first_line;
  }
  void fail(const YAML::Node& at, const std::string& message) {
    problems.push_back({source, at ? line_of(at) : first_line, message});
    ok = false;
  }
  std::string scalar(const YAML::Node& root, const char* key, bool required) {
    const YAML::Node n = root[key];
    if (!n) {
      if (required) fail(root, std::string("missing '") + key + "'");
      return "";
    }
    if (!n.IsScalar()) {
      fail(n, std::string("'") + key + "' must be text");
      return "";
    }
    return n.as<std::string>();
  }
  std::vector<std::string> list(const YAML::Node& root, const char* key) {
    std::vector<std::string> out;
    const YAML::Node n = root[key];
    if (!n) return out;
    if (n.IsScalar()) return {n.as<std::string>()};
    if (!n.IsSequence()) {
      fail(n, std::string("'") + key + "' must be a list");
      return out;
    }
    for (const auto& e : n) {
      if (!e.IsScalar()) {
        fail(e, std::string("'") + key + "' entries must be text");
        continue;
      }
      out.push_back(e.as<std::string>());
    }
    return out;
  }
};

std::vector<SkillArgument> read_arguments(Reader& r, const YAML::Node& root) {
  const YAML::Node n = root["arguments"];
  if (!n) return {{"question", "用户的问题", true}};
  std::vector<SkillArgument> out;
  if (!n.IsSequence()) {
    r.fail(n, "'arguments' must be a list of {name, description, required}");
    return out;
  }
  for (const auto& a : n) {
    if (!a.IsMap() || !a["name"] || !a["name"].IsScalar()) {
      r.fail(a, "each argument needs a 'name'");
      continue;
    }
    SkillArgument arg{a["name"].as<std::string>(), "", false};
    if (a["description"] && a["description"].IsScalar())
      arg.description = a["description"].as<std::string>();
    if (a["required"] && a["required"].IsScalar()) arg.required = a["required"].as<bool>(false);
    out.push_back(arg);
  }
  return out;
}

void check_lists(Reader& r, const YAML::Node& root, const Skill& s,
                 const std::set<std::string>& known_tools) {
  for (const auto& t : s.required_tools)
    if (!known_tools.count(t)) r.fail(root["required_tools"], "unknown tool '" + t + "'");
  for (const auto& k : s.subagents)
    if (!skill_subagent_kinds().count(k))
      r.fail(root["subagents"],
             "unknown subagent '" + k + "' (search, table, reference or discovery)");
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::string SkillProblem::describe() const {
  return file + ":" + std::to_string(line) + ": " + message;
}

const Skill* SkillSet::find(const std::string& name) const {
  for (const auto& s : skills)
    if (s.name == name) return &s;
  return nullptr;
}

const std::set<std::string>& skill_subagent_kinds() {
  static const std::set<std::string> kinds = {"search", "table", "reference", "discovery"};
  return kinds;
}

std::optional<Skill> parse_skill(const std::string& text, const std::string& source,
                                 const std::set<std::string>& known_tools,
                                 std::vector<SkillProblem>& problems) {
  const auto split = split_front_matter(text);
  if (!split) {
    problems.push_back({source, 1,
                        "no front matter: the file must start with a '---' line and "
                        "the YAML end with another"});
    return std::nullopt;
  }
  YAML::Node root;
  try {
    root = YAML::Load(split->yaml);
  } catch (const YAML::Exception& e) {
    // An error found at the end of the YAML is reported on its last line, not the closing ---.
    const int line = std::min(split->yaml_line + std::max(0, e.mark.line), split->end_line - 1);
    problems.push_back({source, line, e.msg});
    return std::nullopt;
  }
  Reader r{source, split->yaml_line, problems};
  if (!root.IsMap()) {
    problems.push_back({source, split->yaml_line, "the front matter must be a YAML mapping"});
    return std::nullopt;
  }
  Skill s;
  s.source = source;
  s.name = r.scalar(root, "name", true);
  if (!s.name.empty() && !valid_name(s.name))
    r.fail(root["name"], "name '" + s.name + "' must be lower-case letters, digits and '-'");
  s.description = r.scalar(root, "description", true);
  s.version = r.scalar(root, "version", false);
  s.required_tools = r.list(root, "required_tools");
  s.subagents = r.list(root, "subagents");
  s.tags = r.list(root, "tags");
  s.arguments = read_arguments(r, root);
  if (s.required_tools.empty() && root["required_tools"])
    r.fail(root["required_tools"], "'required_tools' is empty");
  check_lists(r, root, s, known_tools);
  s.body = split->body;
  const auto start = s.body.find_first_not_of("\r\n");
  s.body = start == std::string::npos ? "" : s.body.substr(start);
  if (s.body.find_first_not_of(" \t\r\n") == std::string::npos) {
    problems.push_back({source, split->end_line + 1, "the skill has no instructions"});
    r.ok = false;
  }
  if (!r.ok) return std::nullopt;
  return s;
}

SkillSet load_skills(const fs::path& user_dir, const std::set<std::string>& known_tools) {
  SkillSet set;
  auto add = [&](const std::string& text, const std::string& source) {
    auto s = parse_skill(text, source, known_tools, set.problems);
    if (!s) return;
    if (const Skill* taken = set.find(s->name)) {
      set.problems.push_back(
          {source, 2,
           "the name '" + s->name + "' is already taken by " + taken->source + "; skipped"});
      return;
    }
    set.skills.push_back(std::move(*s));
  };
  for (const auto& text : builtin_skill_texts())
    add(text, "built-in");
  std::error_code ec;
  if (user_dir.empty() || !fs::is_directory(user_dir, ec)) return set;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(user_dir, ec))
    if (e.is_directory() && fs::is_regular_file(e.path() / "SKILL.md"))
      files.push_back(e.path() / "SKILL.md");
  std::sort(files.begin(), files.end());
  for (const auto& f : files)
    add(read_file(f), f.string());
  return set;
}

std::set<std::string> skill_tool_names() {
  std::set<std::string> names;
  for (const auto& t : tool_table(/*advanced=*/true))
    names.insert(t.name);
  return names;
}

fs::path skills_dir(const fs::path& data_dir) {
  const std::string& configured = settings().get("agent.skills_dir");
  return configured.empty() ? data_dir / "skills" : fs::path(configured);
}

}  // namespace regreader::tools
