#pragma once
// A store holding the sample regulation we wrote (examples/sample-regulation.pdf: chapters, 表1
// across pages 3-4, two 注1 on different pages, 见表1 / 见注1 references), for tool tests.

#include <gtest/gtest.h>

#include "regreader/index/ingestor.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/sqlite_engine.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/tools/registry.hpp"
#include "test_support.hpp"

namespace regreader::testing {

/// A store in a new temporary directory (the caller deletes it) holding `file` as `reg_id`,
/// with its keyword index.
inline parse::TempDir* store_with(const std::filesystem::path& file, const std::string& reg_id) {
  index::enable_keyword_index();
  auto* dir = new parse::TempDir();
  store::PageStore store(dir->path(), true);
  index::ensure_keyword_index(store);
  index::IngestOptions o;
  o.reg_id = reg_id;
  index::ingest_file(store, file, o);
  return dir;
}

class ToolFixture : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { dir_ = store_with(sample_pdf(), "SAMPLE"); }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  void SetUp() override { store_ = std::make_unique<store::PageStore>(dir_->path(), false); }

  nlohmann::json call(const std::string& name, const nlohmann::json& args) {
    const auto table = tools::tool_table(true);
    const auto* tool = tools::find_tool(table, name);
    if (!tool) throw std::runtime_error("no tool " + name);
    const auto engine = index::embedded_engine(*store_);
    const tools::ToolContext ctx{engine, dir_->path(), nullptr, {}};
    return tools::call_tool(*tool, ctx, args).structured;
  }

  static inline parse::TempDir* dir_ = nullptr;
  std::unique_ptr<store::PageStore> store_;
};

}  // namespace regreader::testing
