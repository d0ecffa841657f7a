// A page read by OCR says so in the text every tool gives a model, not only in the JSON beside
// it: a client that passes the model only a tool's text (many do) must not lose the warning.

#include <gtest/gtest.h>

#include "parse/raw_blocks.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/sqlite_engine.hpp"
#include "regreader/parse/structure/structure_builder.hpp"
#include "regreader/store/page_store.hpp"
#include "regreader/tools/registry.hpp"
#include "test_support.hpp"

namespace regreader::testing {
namespace ocr_marks_test {

using nlohmann::json;
using parse::fixtures::para;
using parse::fixtures::table;

// Two pages of clauses, a captioned table with its note, and a cross-reference, every page's
// text from `source` ("ocr" with confidence 71, or "text_layer").
parse::RawDocument two_pages(const std::string& source) {
  parse::RawDocument raw;
  raw.format = "pdf";
  raw.page_count = 2;
  raw.page_sources.assign(2, source);
  raw.page_confidence.assign(2, source == "ocr" ? 71.0f : -1.0f);
  raw.blocks = {para("1 安全距离", 1, true),
                para("1.1 人员与带电设备的安全距离应符合表1的规定。", 1),
                para("表1 设备不停电时的安全距离", 2), table(2, "10 及以下", "0.70"),
                para("注1：表中未列电压应选用高一电压等级的安全距离。", 2)};
  return raw;
}

class OcrMarks : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    index::enable_keyword_index();
    store_ = std::make_unique<store::PageStore>(dir_.path() / "data", true);
    index::ensure_keyword_index(*store_);
    store_->save(parse::build_document(two_pages(GetParam()), "R"));
  }

  tools::ToolResult call(const std::string& tool, const json& args) {
    const auto table = tools::tool_table(false);
    const auto engine = index::embedded_engine(*store_);
    const tools::ToolContext ctx{engine, dir_.path() / "data", nullptr, {}};
    return tools::call_tool(*tools::find_tool(table, tool), ctx, args);
  }

  // The text rendering of one tool call (what a model reads), with the call's JSON on failure.
  std::string text(const std::string& tool, const json& args) {
    const auto r = call(tool, args);
    EXPECT_FALSE(r.text.empty()) << tool << ": " << r.structured.dump();
    return r.text;
  }

  parse::TempDir dir_;
  std::unique_ptr<store::PageStore> store_;
};

TEST_P(OcrMarks, EveryToolTextSaysWhenItsPageWasReadByOcr) {
  const bool ocr = GetParam() == "ocr";
  const std::string mark = "[OCR, confidence 71: check figures against the page]";
  const std::vector<std::pair<std::string, json>> calls = {
      {"smart_search", {{"query", "安全距离"}, {"reg_id", "R"}}},
      {"read_page_range", {{"reg_id", "R"}, {"start_page", 1}, {"end_page", 2}}},
      {"get_table_by_id", {{"reg_id", "R"}, {"table_id", "表1"}}},
      {"search_tables", {{"query", "安全距离"}, {"reg_id", "R"}}},
      {"lookup_annotation", {{"reg_id", "R"}, {"annotation_id", "注1"}}},
      {"resolve_reference", {{"reg_id", "R"}, {"reference_text", "见表1"}}},
      {"resolve_reference", {{"reg_id", "R"}, {"reference_text", "见1.1"}}},
      {"resolve_reference", {{"reg_id", "R"}, {"reference_text", "见注1"}, {"page_hint", 2}}}};
  for (const auto& [tool, args] : calls) {
    const std::string t = text(tool, args);
    EXPECT_EQ(t.find(mark) != std::string::npos, ocr) << tool << " " << args.dump() << ":\n" << t;
    EXPECT_EQ(t.find("[OCR") != std::string::npos, ocr) << tool << " " << args.dump() << ":\n" << t;
  }
}

TEST_P(OcrMarks, ANoteSaysHowItsPageWasRead) {
  const auto r = call("lookup_annotation", {{"reg_id", "R"}, {"annotation_id", "注1"}});
  EXPECT_EQ(r.structured["text_source"], GetParam()) << r.structured.dump();
  ASSERT_EQ(r.structured["matches"].size(), 1u);
  EXPECT_EQ(r.structured["matches"][0]["text_source"], GetParam());
  EXPECT_EQ(r.structured.contains("ocr_confidence"), GetParam() == "ocr");
  EXPECT_EQ(r.structured["matches"][0].contains("ocr_warning"), GetParam() == "ocr");
}

INSTANTIATE_TEST_SUITE_P(Sources, OcrMarks, ::testing::Values("ocr", "text_layer"));

}  // namespace ocr_marks_test
}  // namespace regreader::testing
