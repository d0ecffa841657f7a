// The reading room's routes without sockets (the router dispatches a request as the server
// would): assets, the JSON API over the tools, page images from the kept source PDF (cached),
// errors as the error table's statuses.

#include "regreader/web/reading_room.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/index/library.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "test_support.hpp"

namespace regreader::web {
namespace reading_room_test {

namespace fs = std::filesystem;
using nlohmann::json;

class ReadingRoom : public ::testing::Test {
 protected:
  void SetUp() override {
    index::Library lib(dir_.path(), index::Library::Mode::kCreate);
    index::IngestOptions o;
    o.reg_id = "SAMPLE";
    lib.ingest(testing::sample_pdf(), o);
    o.reg_id = "MD";
    lib.ingest(testing::sample_md(), o);
    add_reading_room(router_,
                     {.data_dir = dir_.path(), .images = {.dpi = 72}, .libraries = nullptr});
  }
  http::Reply get(const std::string& path) {
    return router_.dispatch({.method = "GET", .path = path});
  }
  http::Reply post(const std::string& path, const std::string& body) {
    return router_.dispatch({.method = "POST", .path = path, .body = body});
  }
  parse::TempDir dir_;
  http::Router router_;
};

TEST_F(ReadingRoom, TheAppAndItsAssetsAreServedFromTheBinary) {
  const auto index = get("/");
  ASSERT_EQ(index.status, 200);
  EXPECT_NE(index.content_type.find("text/html"), std::string::npos);
  EXPECT_NE(index.body.find("/app.js"), std::string::npos);
  EXPECT_EQ(index.body.find("<script>"), std::string::npos) << "no inline script (CSP)";
  const auto js = get("/app.js");
  ASSERT_EQ(js.status, 200);
  EXPECT_NE(js.content_type.find("javascript"), std::string::npos);
  // What a regulation holds is only ever text in the page: no HTML sinks in the app.
  for (const char* sink :
       {"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("})
    EXPECT_EQ(js.body.find(sink), std::string::npos) << sink;
  EXPECT_EQ(get("/style.css").status, 200);
  EXPECT_EQ(get("/etc/passwd").status, 404);
  EXPECT_EQ(get("/../regreader.db").status, 404);
  EXPECT_EQ(get("/regreader.db").status, 404);
}

TEST_F(ReadingRoom, TheLibraryPagesAndToolsAreJson) {
  const auto list = json::parse(get("/api/regulations").body);
  ASSERT_EQ(list.size(), 2u);
  std::map<std::string, json> by_id;
  for (const auto& r : list)
    by_id[r["reg_id"]] = r;
  EXPECT_TRUE(by_id["SAMPLE"]["has_page_images"].get<bool>()) << "its PDF was kept";
  EXPECT_FALSE(by_id["MD"]["has_page_images"].get<bool>());
  EXPECT_EQ(by_id["SAMPLE"]["ocr_pages"], 0);
  EXPECT_TRUE(fs::exists(dir_.path() / "sources" /
                         (by_id["SAMPLE"]["source_sha256"].get<std::string>() + ".pdf")));

  const auto page = json::parse(get("/api/regulations/SAMPLE/pages/3").body);
  EXPECT_EQ(page["page_num"], 3);
  ASSERT_FALSE(page["content_blocks"].empty());
  EXPECT_EQ(page["content_blocks"][0]["block_id"].get<std::string>().rfind("SAMPLE:p3:", 0), 0u);

  const auto hits =
      json::parse(post("/api/tool/smart_search", R"({"query":"倒闸操作","limit":3})").body);
  ASSERT_FALSE(hits["results"].empty());
  const auto ref = json::parse(
      post("/api/tool/resolve_reference", R"({"reg_id":"SAMPLE","reference_text":"见表1"})").body);
  EXPECT_EQ(ref["kind"], "table");
  EXPECT_EQ(ref["target_page"], 3);

  // Errors answer with the error table's status and the error's name and message.
  const auto unknown = get("/api/regulations/NOPE");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(json::parse(unknown.body)["error"]["code"], "not_found");
  EXPECT_EQ(get("/api/regulations/SAMPLE/pages/99").status, 404);
  EXPECT_EQ(get("/api/regulations/SAMPLE/pages/x").status, 400);
  EXPECT_EQ(post("/api/tool/no_such_tool", "{}").status, 404);
  EXPECT_EQ(get("/api/nothing-here").status, 404);
  EXPECT_EQ(get("/api/tool/smart_search").status, 405) << "a tool is called with POST";
  // Hostile bodies are refused as the caller's fault, never a crash or a 500 with the library's
  // text: not JSON, not an object, nested 200 000 levels deep, a number out of range.
  for (const std::string& body : {std::string("{not json"), std::string("[1,2]"),
                                  std::string(100000, '[') + std::string(100000, ']'),
                                  std::string(R"({"query":"倒闸","limit":1e400})")}) {
    const auto r = post("/api/tool/smart_search", body);
    EXPECT_EQ(r.status, 400) << body.substr(0, 40);
    EXPECT_EQ(json::parse(r.body)["error"]["code"], "invalid_argument");
  }
}

TEST_F(ReadingRoom, RoutesTakeAReadersNameAndSearchFoldsCopies) {
  index::Library(dir_.path(), index::Library::Mode::kCreate).add_alias("示例规程", "MD");
  EXPECT_EQ(json::parse(get("/api/regulations/示例规程").body)["reg_id"], "MD");
  const auto page = json::parse(get("/api/regulations/示例规程/pages/1").body);
  EXPECT_EQ(page["content_blocks"][0]["block_id"].get<std::string>().rfind("MD:p1:", 0), 0u);
  // The PDF and the Markdown are one regulation: a clause is one hit with its copy beside it,
  // as the CLI shows it.
  const auto hits =
      json::parse(post("/api/tool/smart_search", R"({"query":"倒闸操作","limit":10})").body);
  ASSERT_FALSE(hits["results"].empty());
  EXPECT_FALSE(hits["results"][0]["copies"].empty()) << hits["results"][0].dump();
  std::set<std::string> snippets;
  for (const auto& h : hits["results"])
    EXPECT_TRUE(snippets.insert(h["snippet"].get<std::string>()).second) << h.dump();
}

TEST_F(ReadingRoom, PageImagesAreRenderedOnceAndCached) {
  const auto png = get("/api/regulations/SAMPLE/pages/1/image.png");
  ASSERT_EQ(png.status, 200);
  EXPECT_EQ(png.content_type, "image/png");
  ASSERT_GT(png.body.size(), 1000u);
  EXPECT_EQ(png.body.substr(1, 3), "PNG");
  size_t cached = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir_.path() / "cache"))
    cached += e.is_regular_file() ? 1 : 0;
  EXPECT_EQ(cached, 1u);
  EXPECT_EQ(get("/api/regulations/SAMPLE/pages/1/image.png").body, png.body);
  EXPECT_EQ(get("/api/regulations/MD/pages/1/image.png").status, 404)
      << "a Markdown file has no printed page";
}

TEST_F(ReadingRoom, AskWithoutAnLlmSaysWhatToSet) {
  ScopedSettings none{Settings()};
  const auto r = post("/api/ask", R"({"question":"倒闸操作票保存多久？"})");
  EXPECT_EQ(r.status, 503) << "no LLM is configured";
  EXPECT_NE(r.body.find("未配置大模型"), std::string::npos) << "in the question's language";
  EXPECT_NE(r.body.find("REGREADER_LLM_API_KEY"), std::string::npos) << r.body;
  EXPECT_EQ(post("/api/ask", R"({"question":"  "})").status, 400);
  EXPECT_EQ(post("/api/ask", R"({"question":7})").status, 400);
}

// A regulation whose text holds markup: the API carries it as a JSON string, never as markup
// of the page (the app puts it in text nodes; the browser test shows it as text).
TEST(ReadingRoomHostile, MarkupInARegulationIsCarriedAsText) {
  parse::TempDir dir;
  const fs::path md = dir.path() / "hostile.md";
  std::ofstream(md) << "# 恶意规程\n\n## 1 范围\n\n<script>alert(1)</script> 见表1 "
                       "<img src=x onerror=alert(2)> [链接](javascript:alert(3))\n";
  {
    index::Library lib(dir.path() / "d", index::Library::Mode::kCreate);
    index::IngestOptions o;
    o.reg_id = "H";
    lib.ingest(md, o);
  }
  http::Router router;
  add_reading_room(router,
                   {.data_dir = dir.path() / "d", .images = {.dpi = 72}, .libraries = nullptr});
  const auto page = router.dispatch({.method = "GET", .path = "/api/regulations/H/pages/1"});
  ASSERT_EQ(page.status, 200);
  EXPECT_EQ(page.content_type.find("text/html"), std::string::npos);
  EXPECT_NE(json::parse(page.body).dump().find("onerror"), std::string::npos)
      << "kept, as text in JSON";
}

}  // namespace reading_room_test
}  // namespace regreader::web
