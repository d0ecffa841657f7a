#include "regreader/tools/skills.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::tools {
namespace skills_test {

namespace fs = std::filesystem;

void write_skill(const fs::path& dir, const std::string& folder, const std::string& text) {
  fs::create_directories(dir / folder);
  std::ofstream(dir / folder / "SKILL.md") << text;
}

TEST(Skills, TheBuiltInSkillsLoadAndNameOnlyKnownTools) {
  const auto set = load_skills({}, skill_tool_names());
  EXPECT_TRUE(set.problems.empty()) << set.problems.front().describe();
  for (const char* name : {"table-lookup", "note-tracing", "reference-following",
                           "chapter-comparison", "simple-search"}) {
    const Skill* s = set.find(name);
    ASSERT_NE(s, nullptr) << name;
    EXPECT_FALSE(s->description.empty());
    EXPECT_FALSE(s->required_tools.empty());
    EXPECT_EQ(s->subagents.size(), 1u);
    EXPECT_NE(s->body.find("1."), std::string::npos) << "numbered instructions";
    EXPECT_EQ(s->source, "built-in");
    ASSERT_EQ(s->arguments.size(), 1u) << "the default prompt argument";
    EXPECT_EQ(s->arguments[0].name, "question");
  }
  EXPECT_EQ(set.find("table-lookup")->required_tools,
            (std::vector<std::string>{"search_tables", "get_table_by_id", "lookup_annotation"}));
}

TEST(Skills, AUsersSkillLoadsBesideTheBuiltIns) {
  parse::TempDir dir;
  write_skill(dir.path(), "ticket-check",
              "---\nname: ticket-check\ndescription: 检查工作票填写\nrequired_tools: "
              "[smart_search, read_page_range]\nsubagents: [search]\nversion: 2\ntags: [工作票]\n"
              "arguments:\n  - name: question\n    required: true\n  - name: reg_id\n"
              "    description: 规程编号\n---\n\n1. 检索工作票的规定。\n");
  const auto set = load_skills(dir.path(), skill_tool_names());
  EXPECT_TRUE(set.problems.empty()) << set.problems.front().describe();
  const Skill* s = set.find("ticket-check");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->version, "2");
  EXPECT_EQ(s->tags, std::vector<std::string>{"工作票"});
  ASSERT_EQ(s->arguments.size(), 2u);
  EXPECT_TRUE(s->arguments[0].required);
  EXPECT_FALSE(s->arguments[1].required);
  EXPECT_EQ(s->body, "1. 检索工作票的规定。\n");
  EXPECT_EQ(s->source, (dir.path() / "ticket-check" / "SKILL.md").string());
  EXPECT_EQ(set.skills.size(), 6u);
}

struct Bad {
  const char* text;
  int line;
  const char* says;
};

// Each malformed skill is reported with its file and line, and the others still load.
TEST(Skills, EachMalformedSkillIsReportedByFileAndLineAndTheRestLoad) {
  const std::vector<Bad> cases = {
      {"name: x\n", 1, "no front matter"},
      {"---\nname: x\ndescription: y\n", 1, "no front matter"},
      {"---\nname: x\ndescription: [unclosed\n---\nbody\n", 3, ""},
      {"---\ndescription: y\n---\nbody\n", 2, "missing 'name'"},
      {"---\nname: Bad_Name\ndescription: y\n---\nbody\n", 2, "lower-case"},
      {"---\nname: x\n---\nbody\n", 2, "missing 'description'"},
      {"---\nname: x\ndescription: y\nrequired_tools: [smart_search, fly]\n---\nbody\n", 4,
       "unknown tool 'fly'"},
      {"---\nname: x\ndescription: y\nsubagents: [pilot]\n---\nbody\n", 4, "unknown subagent"},
      {"---\nname: x\ndescription: y\n---\n\n", 5, "no instructions"},
      {"---\n- a\n- b\n---\nbody\n", 2, "mapping"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    parse::TempDir dir;
    write_skill(dir.path(), "a-good",
                "---\nname: good\ndescription: ok\nrequired_tools: [smart_search]\n---\nDo.\n");
    write_skill(dir.path(), "b-bad", cases[i].text);
    const auto set = load_skills(dir.path(), skill_tool_names());
    ASSERT_EQ(set.problems.size(), 1u) << "case " << i;
    const auto& p = set.problems[0];
    EXPECT_EQ(p.file, (dir.path() / "b-bad" / "SKILL.md").string()) << "case " << i;
    EXPECT_EQ(p.line, cases[i].line) << "case " << i << ": " << p.describe();
    EXPECT_NE(p.message.find(cases[i].says), std::string::npos)
        << "case " << i << ": " << p.describe();
    EXPECT_NE(set.find("good"), nullptr) << "case " << i << ": the good skill still loads";
    EXPECT_EQ(set.skills.size(), 6u) << "case " << i;
  }
}

TEST(Skills, ANameAlreadyTakenIsRefusedAndTheFirstKept) {
  parse::TempDir dir;
  write_skill(dir.path(), "mine", "---\nname: table-lookup\ndescription: 我的\n---\nDo.\n");
  const auto set = load_skills(dir.path(), skill_tool_names());
  ASSERT_EQ(set.problems.size(), 1u);
  EXPECT_NE(set.problems[0].message.find("already taken by built-in"), std::string::npos);
  EXPECT_EQ(set.find("table-lookup")->source, "built-in");
}

}  // namespace skills_test
}  // namespace regreader::tools
