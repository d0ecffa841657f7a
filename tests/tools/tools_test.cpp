// Every tool on the sample regulation: results, sources, and the errors a model gets.

#include <gtest/gtest.h>

#include <map>

#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/index/embed/embedder_factory.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/sqlite_engine.hpp"
#include "regreader/index/vector/vector_store.hpp"
#include "tools/tool_fixture.hpp"

namespace regreader::testing {
namespace tools_test {

using nlohmann::json;

class Tools : public ToolFixture {};

ErrorCode error_code(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.code();
  }
  ADD_FAILURE() << "no error";
  return ErrorCode::kInternal;
}

TEST_F(Tools, TableHasEveryCoreToolAndAdvancedOnlyOnRequest) {
  std::vector<std::string> names;
  for (const auto& t : tools::tool_table(false))
    names.push_back(t.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"list_regulations", "get_toc", "smart_search",
                                      "read_page_range", "search_tables", "get_table_by_id",
                                      "lookup_annotation", "resolve_reference", "verify_answer"}));
  EXPECT_EQ(tools::tool_table(true).size(), 11u);
  for (const auto& t : tools::tool_table(true)) {
    EXPECT_EQ(t.input_schema["type"], "object") << t.name;
    EXPECT_EQ(t.output_schema["type"], "object") << t.name;
    EXPECT_GT(t.description.size(), 80u) << t.name << ": descriptions teach the workflow";
  }
}

TEST_F(Tools, ListAndToc) {
  const auto regs = call("list_regulations", json::object());
  ASSERT_EQ(regs["count"], 1);
  EXPECT_EQ(regs["regulations"][0]["reg_id"], "SAMPLE");
  EXPECT_EQ(regs["regulations"][0]["total_pages"], 5);
  // What a model needs to tell a standard from its OCR'd copy.
  EXPECT_EQ(regs["regulations"][0]["format"], "pdf");
  EXPECT_EQ(regs["regulations"][0]["paging"], "real");
  EXPECT_EQ(regs["regulations"][0]["source_file"], "sample-regulation.pdf");
  EXPECT_EQ(regs["regulations"][0]["fidelity"], "good");
  EXPECT_EQ(regs["regulations"][0]["ocr_pages"], 0);
  EXPECT_FALSE(regs["regulations"][0].contains("family")) << "a single copy has no family";
  const auto toc = call("get_toc", {{"reg_id", "SAMPLE"}, {"max_depth", 1}});
  bool found = false;
  for (const auto& n : toc["toc"])
    if (n["section_number"] == "6") {
      found = true;
      EXPECT_EQ(n["page_start"], 3);
      EXPECT_EQ(n["page_end"], 4);
      EXPECT_TRUE(n["children"].empty()) << "max_depth 1 shows no children";
    }
  EXPECT_TRUE(found);
  EXPECT_EQ(toc["source"], "SAMPLE P1-5");
}

TEST_F(Tools, SmartSearchCitesPagesAndFilters) {
  const auto r = call("smart_search", {{"query", "操作票 保存"}, {"reg_id", "all"}});
  ASSERT_FALSE(r["results"].empty());
  const auto& top = r["results"][0];
  EXPECT_EQ(top["page_num"], 2);
  EXPECT_EQ(top["section_number"], "5.2.3");
  EXPECT_EQ(top["source"], "SAMPLE P2 5.2.3");
  EXPECT_NE(top["snippet"].get<std::string>().find("【"), std::string::npos);
  const auto scoped = call(
      "smart_search", {{"query", "安全距离"}, {"reg_id", {"SAMPLE"}}, {"section_number", "6.2"}});
  ASSERT_FALSE(scoped["results"].empty());
  for (const auto& h : scoped["results"])
    EXPECT_EQ(h["section_number"].get<std::string>().rfind("6.2", 0), 0u) << h["source"];
  const auto tables = call("smart_search", {{"query", "安全距离"}, {"block_types", {"table"}}});
  for (const auto& h : tables["results"])
    EXPECT_EQ(h["block_type"], "table");
  EXPECT_EQ(error_code([&] {
              call("smart_search", {{"query", "x"}, {"reg_id", "NOPE"}});
            }),
            ErrorCode::kNotFound);
}

TEST_F(Tools, ReadPageRangeMergesTablesAcrossTheRangeAndIncludesNotes) {
  const auto r =
      call("read_page_range", {{"reg_id", "SAMPLE"}, {"start_page", 4}, {"end_page", 4}});
  ASSERT_EQ(r["pages"].size(), 1u);
  EXPECT_TRUE(r["pages"][0]["continues_from_prev"]);
  ASSERT_EQ(r["merged_tables"].size(), 1u);
  EXPECT_EQ(r["merged_tables"][0]["table_id"], "表1");
  EXPECT_EQ(r["merged_tables"][0]["page_start"], 3);
  EXPECT_NE(r["merged_tables"][0]["markdown"].get<std::string>().find("| 10 及以下 | 户内 | 0.70"),
            std::string::npos)
      << "the rows printed on page 3 come with the table";
  // The table is sent once: the page's own part of it points to merged_tables.
  const std::string page = r["pages"][0]["content_markdown"];
  EXPECT_EQ(page.find("| 110 |"), std::string::npos) << page;
  EXPECT_NE(page.find("[表1: part of a table across pages, in merged_tables]"), std::string::npos)
      << page;
  EXPECT_FALSE(r["annotations"].empty());
  EXPECT_EQ(r["source"], "SAMPLE P4");
  EXPECT_FALSE(r.contains("paging_warning")) << "a PDF's pages are its own";
  EXPECT_EQ(error_code([&] {
              call("read_page_range", {{"reg_id", "SAMPLE"}, {"start_page", 1}, {"end_page", 11}});
            }),
            ErrorCode::kInvalidArgument);
  EXPECT_EQ(error_code([&] {
              call("read_page_range", {{"reg_id", "SAMPLE"}, {"start_page", 6}, {"end_page", 6}});
            }),
            ErrorCode::kNotFound);
  EXPECT_EQ(error_code([&] {
              call("read_page_range", {{"reg_id", "SAMPLE"}, {"start_page", 3}, {"end_page", 2}});
            }),
            ErrorCode::kInvalidArgument);
}

TEST_F(Tools, TablesWholeOrOnePart) {
  const auto found = call("search_tables", {{"query", "安全距离"}, {"reg_id", "SAMPLE"}});
  ASSERT_FALSE(found["results"].empty());
  EXPECT_EQ(found["results"][0]["table_id"], "表1");
  const auto whole = call("get_table_by_id", {{"reg_id", "SAMPLE"}, {"table_id", "表 1"}});
  EXPECT_EQ(whole["page_start"], 3);
  EXPECT_EQ(whole["page_end"], 4);
  EXPECT_EQ(whole["source"], "SAMPLE P3-4 表1");
  EXPECT_FALSE(whole["notes"].empty()) << "the table's own 注1";
  const auto part = call("get_table_by_id",
                         {{"reg_id", "SAMPLE"}, {"table_id", "表1"}, {"include_merged", false}});
  EXPECT_LT(part["markdown"].get<std::string>().size(),
            whole["markdown"].get<std::string>().size());
  EXPECT_EQ(part["source"], "SAMPLE P3 表1");
  EXPECT_EQ(error_code([&] {
              call("get_table_by_id", {{"reg_id", "SAMPLE"}, {"table_id", "表9"}});
            }),
            ErrorCode::kNotFound);
}

TEST_F(Tools, NotesNearestToThePageHintFirst) {
  const auto from4 =
      call("lookup_annotation", {{"reg_id", "SAMPLE"}, {"annotation_id", "注1"}, {"page_hint", 4}});
  EXPECT_EQ(from4["page_num"], 4);
  const auto from2 =
      call("lookup_annotation", {{"reg_id", "SAMPLE"}, {"annotation_id", "注①"}, {"page_hint", 2}});
  EXPECT_EQ(from2["page_num"], 2);
  EXPECT_EQ(from2["source"], "SAMPLE P2 注1");
  EXPECT_NE(from2["content"], from4["content"]);
  EXPECT_EQ(error_code([&] {
              call("lookup_annotation", {{"reg_id", "SAMPLE"}, {"annotation_id", "表1"}});
            }),
            ErrorCode::kInvalidArgument);
}

TEST_F(Tools, ReferencesLeadToTheirTarget) {
  const auto table = call("resolve_reference", {{"reg_id", "SAMPLE"}, {"reference_text", "见表1"}});
  EXPECT_TRUE(table["resolved"]);
  EXPECT_EQ(table["content"]["table_id"], "表1");
  const auto section =
      call("resolve_reference", {{"reg_id", "SAMPLE"}, {"reference_text", "参见5.2.3"}});
  EXPECT_TRUE(section["resolved"]);
  EXPECT_EQ(section["target_page"], 2);
  EXPECT_NE(section["content"]["content_markdown"].get<std::string>().find("保存一年"),
            std::string::npos);
  const auto missing =
      call("resolve_reference", {{"reg_id", "SAMPLE"}, {"reference_text", "见表6-2"}});
  EXPECT_FALSE(missing["resolved"]);
  EXPECT_EQ(error_code([&] {
              call("resolve_reference", {{"reg_id", "SAMPLE"}, {"reference_text", "随便"}});
            }),
            ErrorCode::kInvalidArgument);
}

TEST_F(Tools, AdvancedTools) {
  const auto cmp =
      call("compare_sections", {{"reg_id", "SAMPLE"}, {"section_a", "5.2"}, {"section_b", "6.1"}});
  EXPECT_EQ(cmp["section_a"]["page_start"], 2);
  EXPECT_FALSE(cmp["section_b"]["tables"].empty()) << "表1 is on 6.1's pages";
  EXPECT_EQ(error_code([&] {
              call("compare_sections",
                   {{"reg_id", "SAMPLE"}, {"section_a", "5.2"}, {"section_b", "9.9"}});
            }),
            ErrorCode::kNotFound);
  const auto hit = call("smart_search", {{"query", "雷电"}, {"reg_id", "SAMPLE"}})["results"][0];
  const auto similar =
      call("find_similar_content", {{"reg_id", "SAMPLE"}, {"source_block_id", hit["block_id"]}});
  for (const auto& h : similar["results"]) {
    EXPECT_NE(h["block_id"], hit["block_id"]);
    EXPECT_NE(h["page_num"], hit["page_num"]) << "exclude_same_page defaults to true";
  }
  EXPECT_EQ(error_code([&] {
              call("find_similar_content", {{"reg_id", "SAMPLE"}});
            }),
            ErrorCode::kInvalidArgument);
}

// Copies of one standard are one family in list_regulations: the id holder first.
TEST(ToolList, CopiesOfOneStandardShareAFamily) {
  const std::unique_ptr<parse::TempDir> dir(store_with(sample_md(), "MD"));
  store::PageStore store(dir->path(), false);
  index::IngestOptions o;
  for (const char* id : {"MD-2", "OTHER"}) {
    o.reg_id = id;
    index::ingest_file(store, sample_md(), o);
  }
  const auto engine = index::embedded_engine(store);
  const tools::ToolContext ctx{engine, dir->path(), nullptr, {}};
  const auto r = tools::call_tool(*tools::find_tool(tools::tool_table(false), "list_regulations"),
                                  ctx, json::object());
  std::map<std::string, json> by_id;
  for (const auto& reg : r.structured["regulations"])
    by_id[reg["reg_id"]] = reg;
  ASSERT_EQ(by_id.size(), 3u);
  EXPECT_EQ(by_id["MD"]["family"], "MD");
  EXPECT_EQ(by_id["MD-2"]["family"], "MD");
  EXPECT_EQ(by_id["MD-2"]["copies"], json::array({"MD", "MD-2"}));
  EXPECT_FALSE(by_id["OTHER"].contains("family"));
  EXPECT_EQ(by_id["MD"]["paging"], "synthetic");
  EXPECT_NE(r.text.find("copies of MD: MD, MD-2"), std::string::npos) << r.text;
}

// A Markdown file has no pages of its own: every page a tool cites says so.
TEST(ToolPaging, CutPagesAreSaidToBeCutWhereverTheyAreCited) {
  index::enable_keyword_index();
  parse::TempDir dir;
  const auto md = dir.path() / "rule.md";
  std::ofstream(md) << "# 测试规程\n\n## 1 范围\n\n倒闸操作应由两人进行。\n";
  store::PageStore store(dir.path() / "data", true);
  index::ensure_keyword_index(store);
  index::IngestOptions o;
  o.reg_id = "MD";
  index::ingest_file(store, md, o);
  const auto table = tools::tool_table(false);
  const auto engine = index::embedded_engine(store);
  const tools::ToolContext ctx{engine, dir.path() / "data", nullptr, {}};
  const auto read = tools::call_tool(*tools::find_tool(table, "read_page_range"), ctx,
                                     {{"reg_id", "MD"}, {"start_page", 1}, {"end_page", 1}});
  EXPECT_EQ(read.structured["paging"], "synthetic");
  EXPECT_NE(read.structured["paging_warning"].get<std::string>().find("no pages"),
            std::string::npos);
  EXPECT_EQ(read.text.rfind("[the file has no pages", 0), 0u) << read.text;
  const auto hits = tools::call_tool(*tools::find_tool(table, "smart_search"), ctx,
                                     {{"query", "倒闸操作"}, {"reg_id", "MD"}});
  ASSERT_FALSE(hits.structured["results"].empty()) << hits.structured.dump();
  EXPECT_EQ(hits.structured["results"][0]["paging"], "synthetic");
}

TEST(ToolProgress, SearchReportsItsSlowStepsInHybridModeOnly) {
  index::enable_keyword_index();
  parse::TempDir dir;
  store::PageStore store(dir.path(), true);
  index::ensure_keyword_index(store);
  index::IngestOptions o;
  o.reg_id = "SAMPLE";
  index::ingest_file(store, sample_pdf(), o);
  std::optional<ScopedSettings> model;
  model.emplace(settings_with({{"embedding.model", "builtin-lsa"}}));
  auto embedder =
      index::embedder_for_build(store, index::EmbeddingConfig::from_env(), /*refit=*/true);
  ASSERT_GT(index::reindex_vectors(store, *embedder, ""), 0);
  const auto table = tools::tool_table(false);
  std::vector<std::pair<double, std::string>> steps;
  const auto engine = index::embedded_engine(store);
  const tools::ToolContext ctx{engine, dir.path(), nullptr,
                               [&](double done, double total, const std::string& what) {
                                 EXPECT_EQ(total, 3);
                                 steps.emplace_back(done, what);
                               }};
  const auto r = tools::call_tool(*tools::find_tool(table, "smart_search"), ctx,
                                  {{"query", "倒闸操作"}, {"reg_id", "SAMPLE"}});
  EXPECT_EQ(r.structured["mode_used"], "hybrid") << r.structured.dump();
  EXPECT_EQ(steps, (std::vector<std::pair<double, std::string>>{
                       {0, "loading the vectors"}, {1, "embedding the query"}, {2, "ranking"}}));
  steps.clear();
  model.reset();
  model.emplace(settings_with({{"embedding.model", "none"}}));
  tools::call_tool(*tools::find_tool(table, "smart_search"), ctx, {{"query", "倒闸操作"}});
  EXPECT_TRUE(steps.empty()) << "keyword search has no slow step";
}

}  // namespace tools_test
}  // namespace regreader::testing
