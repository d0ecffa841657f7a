// Tables a worker names by words: the lead-in line of an untitled table, its header, a caption's
// words; over the office fixture written by scripts/make-office-fixtures.py.
#include <gtest/gtest.h>

#include "regreader/core/error.hpp"
#include "regreader/index/sqlite_engine.hpp"
#include "regreader/tools/lookups.hpp"
#include "tools/tool_fixture.hpp"

namespace regreader::tools {
namespace table_lookup_test {

class TableLookup : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = testing::store_with(testing::fixtures_dir() / "office-guide.pdf", "GUIDE");
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  void SetUp() override { store_ = std::make_unique<store::PageStore>(dir_->path(), false); }

  static inline parse::TempDir* dir_ = nullptr;
  std::unique_ptr<store::PageStore> store_;
};

TEST_F(TableLookup, AWorkersWordsFindTheTable) {
  EXPECT_EQ(find_table(*store_, "GUIDE", "告警阈值").merged.name, "各电池簇的告警阈值");
  EXPECT_EQ(find_table(*store_, "GUIDE", "各电池簇的告警阈值").merged.named_by, "line above");
  EXPECT_EQ(find_table(*store_, "GUIDE", "巡视项目").merged.named_by, "header");
  EXPECT_EQ(find_table(*store_, "GUIDE", "主要设备参数").table_id, "表1");
  EXPECT_EQ(find_table(*store_, "GUIDE", "表 3.2-1").table_id, "表3.2-1");
}

TEST_F(TableLookup, WordsThatNameSeveralTablesOrNoneAreRefusedWithTheCandidates) {
  try {
    find_table(*store_, "GUIDE", "电池");  // in two captions/names
    FAIL() << "ambiguous words were accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInvalidArgument);
    EXPECT_NE(std::string(e.what()).find("give one of their ids"), std::string::npos) << e.what();
  }
  EXPECT_THROW(find_table(*store_, "GUIDE", "接地线"), Error);
}

TEST_F(TableLookup, SearchTablesPutsTheTableTheQueryNamesFirst) {
  const auto table = tool_table(true);
  const auto engine = index::embedded_engine(*store_);
  const ToolContext ctx{engine, dir_->path(), nullptr, {}};
  const auto r = call_tool(*find_tool(table, "search_tables"), ctx,
                           {{"reg_id", "GUIDE"}, {"query", "告警阈值"}, {"search_mode", "keyword"}})
                     .structured;
  ASSERT_FALSE(r["results"].empty()) << r.dump();
  EXPECT_EQ(r["results"][0]["name"], "各电池簇的告警阈值");
  EXPECT_EQ(r["results"][0]["matched"], "name");
}

}  // namespace table_lookup_test
}  // namespace regreader::tools
