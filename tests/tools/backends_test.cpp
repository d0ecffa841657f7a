// The tools' behaviour on every storage engine, from one set of data-driven cases
// (tests/cases/tool_cases.jsonl: {tool, args, expect}): the embedded SQLite store and
// PostgreSQL 15, a real server this test starts (skipped with the reason when not installed).

#include <gtest/gtest.h>

#include <fstream>

#include "pg_server.hpp"
#include "regreader/core/error.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/library.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/tools/registry.hpp"
#include "test_support.hpp"

namespace regreader::tools {
namespace backends_test {

struct ToolCase {
  int line = 0;
  nlohmann::json j;
};

std::vector<ToolCase> read_cases() {
  std::ifstream in(testing::source_dir() / "tests" / "cases" / "tool_cases.jsonl");
  std::vector<ToolCase> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (!line.empty() && line[0] != '#') out.push_back({n, nlohmann::json::parse(line)});
  return out;
}

class ToolsOnEveryEngine : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    index::enable_keyword_index();
    std::string url;
    if (GetParam() == "postgresql") {
      auto& pg = testing::shared_server();
      if (!pg.ok()) GTEST_SKIP() << pg.why();
      ASSERT_TRUE(pg.create_database("tool_cases"));
      url = pg.url("tool_cases");
    }
    lib_ =
        std::make_unique<index::Library>(dir_.path() / "data", index::Library::Mode::kCreate, url);
    index::IngestOptions o;
    o.reg_id = "SAMPLE";
    lib_->ingest(testing::sample_pdf(), o);
    o.reg_id = "MD";
    lib_->ingest(testing::sample_md(), o);
  }

  parse::TempDir dir_;
  std::unique_ptr<index::Library> lib_;
};

TEST_P(ToolsOnEveryEngine, EveryCaseHoldsOnThisEngine) {
  const auto table = tool_table(true);
  const ToolContext ctx{lib_->engine(), lib_->data_dir(), &lib_->synonyms(), {}, &lib_->aliases()};
  const auto cases = read_cases();
  ASSERT_GE(cases.size(), 10u);
  for (const auto& c : cases) {
    const auto& expect = c.j["expect"];
    const std::string tool = c.j["tool"];
    std::string text;
    bool error = false;
    try {
      const auto* spec = find_tool(table, tool);
      ASSERT_NE(spec, nullptr) << tool;
      text = call_tool(*spec, ctx, c.j["args"]).structured.dump();
    } catch (const Error& e) {
      error = true;
      text = e.what();
    }
    SCOPED_TRACE("tool_cases.jsonl line " + std::to_string(c.line) + " (" + tool + ")");
    EXPECT_EQ(error, expect.value("error", false)) << text;
    for (const auto& s : expect.value("contains", std::vector<std::string>{}))
      EXPECT_NE(text.find(s), std::string::npos) << "missing " << s << " in " << text;
    for (const auto& s : expect.value("absent", std::vector<std::string>{}))
      EXPECT_EQ(text.find(s), std::string::npos) << "unexpected " << s << " in " << text;
  }
}

INSTANTIATE_TEST_SUITE_P(Engines, ToolsOnEveryEngine, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& info) { return info.param; });

}  // namespace backends_test
}  // namespace regreader::tools
