// Drives the real `regreader` binary as a user or a script would.

#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "regreader/parse/ocr/ocr.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/store/page_store.hpp"
#include "test_support.hpp"

namespace regreader::testing {
namespace cli_test {

namespace fs = std::filesystem;

class Cli : public ::testing::Test {
 protected:
  parse::TempDir dir_;
  std::string data() const { return "--data-dir " + quote(dir_.path() / "data") + " "; }
  RunResult rr(const std::string& args) const { return run_regreader(data() + args); }
  std::string digest() const {
    return store::PageStore(dir_.path() / "data", false).content_digest();
  }
  void ingest_sample() const {
    auto r = rr("-q ingest " + quote(sample_md()) + " --reg-id SAMPLE");
    ASSERT_EQ(r.code, 0) << r.err;
  }
};

TEST_F(Cli, IngestListTocAndReadAsJson) {
  auto in = rr("ingest " + quote(sample_md()) + " --reg-id SAMPLE --json");
  ASSERT_EQ(in.code, 0) << in.err;
  auto summary = nlohmann::json::parse(in.out);
  EXPECT_EQ(summary["ingested"], 1);
  EXPECT_EQ(summary["results"][0]["regulation"]["paging"], "synthetic");

  auto list = nlohmann::json::parse(rr("list --json").out);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["reg_id"], "SAMPLE");
  EXPECT_EQ(list[0]["title"], "变电站运行安全规程（示例）");

  auto toc = nlohmann::json::parse(rr("toc SAMPLE --depth 1 --json").out);
  ASSERT_FALSE(toc["toc"].empty());
  for (const auto& n : toc["toc"])
    EXPECT_TRUE(n["children"].empty());
  auto deep = nlohmann::json::parse(rr("toc SAMPLE --depth 0 --json").out);
  EXPECT_NE(deep.dump().find("\"5.2.2\""), std::string::npos);

  auto pages = rr("read-pages -r SAMPLE -s 1 -e 2 --json");
  ASSERT_EQ(pages.code, 0) << pages.err;
  auto pj = nlohmann::json::parse(pages.out);
  EXPECT_EQ(pj["pages"].size(), 2u);
  EXPECT_EQ(pj["source"], "SAMPLE P1-2");
  auto page = nlohmann::json::parse(rr("inspect SAMPLE 1 --json").out).get<model::PageDocument>();
  EXPECT_EQ(page.page_num, 1);
  EXPECT_FALSE(page.content_blocks.empty());
}

TEST_F(Cli, CheckReportsFidelityAndListShowsIt) {
  auto in = rr("ingest " + quote(sample_md()) + " --reg-id SAMPLE --json");
  ASSERT_EQ(in.code, 0) << in.err;
  const auto check = nlohmann::json::parse(in.out)["results"][0]["check"];
  ASSERT_TRUE(check.is_object());
  EXPECT_EQ(check["rating"], "good") << check.dump();
  EXPECT_EQ(check["garbage_chars"], 0);

  auto r = rr("check SAMPLE --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["reg_id"], "SAMPLE");
  EXPECT_EQ(j["check"]["rating"], "good");
  EXPECT_EQ(j["check"]["pages"], check["pages"]);

  auto list = nlohmann::json::parse(rr("list --json").out);
  EXPECT_EQ(list[0]["fidelity"], "good");
  EXPECT_NE(rr("list").out.find("fidelity: good"), std::string::npos);
  EXPECT_NE(rr("check SAMPLE").out.find("SAMPLE: good"), std::string::npos);
  EXPECT_EQ(rr("check NOPE").code, 3);
  EXPECT_EQ(rr("check").code, 2);
}

TEST_F(Cli, ExportNeverWritesOutsideItsFolder) {
  ingest_sample();
  EXPECT_EQ(rr("-q ingest " + quote(sample_md()) + " --reg-id ..").code, 2);
  const auto out = dir_.path() / "out";
  EXPECT_EQ(rr("export .. " + quote(out)).code, 3);  // no such regulation can exist
  EXPECT_FALSE(std::filesystem::exists(dir_.path() / "regulation.json"));
  // A file named "...md" gets an id that is a folder name.
  const auto dots = dir_.path() / "...md";
  std::filesystem::copy_file(sample_md(), dots);
  std::ofstream(dots, std::ios::app) << "\n另一份内容。\n";  // not the stored content
  auto in = rr("ingest " + quote(dots) + " --json");
  ASSERT_EQ(in.code, 0) << in.err;
  EXPECT_EQ(nlohmann::json::parse(in.out)["results"][0]["regulation"]["reg_id"], "document");
}

TEST_F(Cli, TextOutputShowsChapterPathsAndCitations) {
  ingest_sample();
  auto r = rr("read-pages -r SAMPLE -s 2");
  ASSERT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("SAMPLE P2"), std::string::npos);
  auto page = nlohmann::json::parse(rr("inspect SAMPLE 2 --json").out);
  std::string path;
  for (const auto& c : page["chapter_path"])
    path += (path.empty() ? "" : " > ") + c.get<std::string>();
  ASSERT_FALSE(path.empty());
  EXPECT_NE(r.out.find("[" + path + "]"), std::string::npos) << r.out;
  auto toc = rr("toc SAMPLE");
  EXPECT_NE(toc.out.find("6.1 设备不停电时的安全距离"), std::string::npos) << toc.out;
}

TEST_F(Cli, ReadErrorsHaveTheirExitCodes) {
  ingest_sample();
  EXPECT_EQ(rr("read-pages -r SAMPLE -s 1 -e 11").code, 2);
  EXPECT_EQ(rr("read-pages -r SAMPLE -s 99").code, 3);
  auto unknown = rr("toc GB0000 --json");
  EXPECT_EQ(unknown.code, 3);
  EXPECT_NE(unknown.err.find("SAMPLE"), std::string::npos) << "lists the stored ids";
  EXPECT_EQ(nlohmann::json::parse(unknown.out)["error"]["code"], "not_found");
  EXPECT_EQ(rr("inspect SAMPLE 0").code, 3);
  EXPECT_EQ(rr("toc SAMPLE --expand 99.9").code, 3);
  EXPECT_EQ(rr("frobnicate").code, 2);
  EXPECT_EQ(rr("read-pages -r SAMPLE").code, 2) << "missing --start";
}

TEST_F(Cli, BadInputLeavesTheStoreUnchanged) {
  ingest_sample();
  const std::string before = digest();
  parse::TempDir tmp;
  std::ofstream(tmp.path() / "empty.md").close();
  std::ofstream(tmp.path() / "notes.xyz") << "x";
  const std::vector<std::pair<std::filesystem::path, std::string>> bad = {
      {tmp.path() / "missing.pdf", "no such file"},
      {tmp.path() / "notes.xyz", "unsupported file type"},
      {tmp.path() / "empty.md", "empty"},
      {fixtures_dir() / "truncated.pdf", "not a readable PDF"},
      {fixtures_dir() / "encrypted.pdf", "password"},
      {fixtures_dir() / "not-a-zip.docx", "zip"},
      {fixtures_dir() / "no-text-layer.pdf", "text layer"}};
  for (const auto& [file, reason] : bad) {
    auto r = rr("ingest " + quote(file) + " --reg-id SAMPLE");
    EXPECT_NE(r.code, 0) << file;
    EXPECT_NE(r.err.find(file.filename().string()), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(reason), std::string::npos) << r.err;
    EXPECT_EQ(digest(), before) << "store changed by " << file;
  }
}

TEST_F(Cli, OneBadFileDoesNotStopTheOthers) {
  auto r = rr("ingest " + quote(fixtures_dir() / "truncated.pdf") + " " + quote(sample_md()) +
              " --json");
  EXPECT_EQ(r.code, 1);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["ingested"], 1);
  EXPECT_EQ(j["failed"], 1);
  EXPECT_EQ(j["results"][0]["error"]["code"], "corrupt_file");
  EXPECT_EQ(nlohmann::json::parse(rr("list --json").out)[0]["reg_id"], "sample-regulation");
}

TEST_F(Cli, ReingestIsUnchangedForceReplacesAndDeleteRemovesEverything) {
  ingest_sample();
  auto same = rr("ingest " + quote(sample_md()) + " --reg-id SAMPLE");
  EXPECT_NE(same.out.find("unchanged"), std::string::npos) << same.out;
  auto again = rr("ingest " + quote(sample_md()) + " --reg-id SAMPLE --force");
  EXPECT_NE(again.out.find("[replaced]"), std::string::npos) << again.out;
  // Only indexed_at may differ: compare everything else through the pages.
  EXPECT_EQ(rr("read-pages -r SAMPLE -s 1 -e 2 --json").out.size() > 0, true);
  auto del = rr("delete SAMPLE");
  EXPECT_EQ(del.code, 0);
  EXPECT_EQ(nlohmann::json::parse(rr("list --json").out).size(), 0u);
  EXPECT_EQ(rr("delete SAMPLE").code, 3);
}

TEST_F(Cli, ExportWritesJsonAndMarkdownPerPage) {
  ingest_sample();
  auto out = dir_.path() / "out";
  auto r = rr("export SAMPLE " + quote(out));
  ASSERT_EQ(r.code, 0) << r.err;
  const auto reg = out / "SAMPLE";
  EXPECT_TRUE(std::filesystem::exists(reg / "structure.json"));
  EXPECT_TRUE(std::filesystem::exists(reg / "regulation.json"));
  std::ifstream md(reg / "page-0001.md");
  std::string first;
  std::getline(md, first);
  EXPECT_FALSE(first.empty());
  std::ifstream js(reg / "page-0001.json");
  EXPECT_EQ(nlohmann::json::parse(js)["reg_id"], "SAMPLE");
}

TEST_F(Cli, HelpTeachesWithExamples) {
  auto top = run_regreader("--help");
  EXPECT_EQ(top.code, 0);
  EXPECT_NE(top.out.find("Exit codes"), std::string::npos);
  for (const char* cmd : {"ingest", "list", "toc", "read-pages", "inspect", "delete", "export",
                          "search", "reindex"}) {
    auto r = run_regreader(std::string(cmd) + " --help");
    EXPECT_EQ(r.code, 0) << cmd;
    EXPECT_NE(r.out.find("Example"), std::string::npos) << cmd;
  }
}

}  // namespace cli_test
}  // namespace regreader::testing

namespace regreader::testing {
namespace cli_test {

class CliTables : public Cli {
 protected:
  void SetUp() override {
    auto r = rr("-q ingest " + quote(fixtures_dir() / "tables-sample.pdf") + " --reg-id T");
    ASSERT_EQ(r.code, 0) << r.err;
  }
};

TEST_F(CliTables, TablesAndOneMergedTable) {
  auto list = nlohmann::json::parse(rr("tables T --json").out);
  ASSERT_EQ(list["tables"].size(), 4u);
  EXPECT_EQ(list["tables"][0]["table_id"], "表1");
  EXPECT_EQ(list["tables"][0]["source"], "T P1-2 表1");
  auto on_page = nlohmann::json::parse(rr("tables T --page 2 --json").out);
  EXPECT_EQ(on_page["tables"].size(), 2u) << "表1 ends and 表2 starts on page 2";
  auto t = rr("table '表 1' -r T");
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_NE(t.out.find("| 130kV线路 | 6.50 |"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("注1：表1数值已按海拔1000m校正。"), std::string::npos) << "注① is its note";
  auto seg = nlohmann::json::parse(rr("table '表1#2' -r T --json").out);
  EXPECT_EQ(seg["table_id"], "表1") << "a segment id leads to the whole table";
  EXPECT_EQ(rr("table 表9 -r T").code, 3);
}

TEST_F(CliTables, NotesByAnyOfTheirNames) {
  auto n = nlohmann::json::parse(rr("note 注① -r T --page 2 --json").out);
  EXPECT_EQ(n["annotation_id"], "注1");
  EXPECT_EQ(n["matches"][0]["page_num"], 2);
  EXPECT_EQ(nlohmann::json::parse(rr("note 注一 -r T --json").out)["annotation_id"], "注1");
  EXPECT_EQ(rr("note 方案甲 -r T").code, 0);
  EXPECT_EQ(rr("note 注意 -r T").code, 2);
  EXPECT_EQ(rr("note 注9 -r T").code, 3);
}

TEST_F(CliTables, ReferencesAreFollowedInOneStep) {
  auto t = nlohmann::json::parse(rr("ref 见表2 -r T --json").out);
  EXPECT_TRUE(t["link"]["resolved"].get<bool>());
  EXPECT_EQ(t["target"]["rows"], 17);
  auto s = rr("ref 参见2.2 -r T");
  EXPECT_EQ(s.code, 0);
  EXPECT_NE(s.out.find("2.2 检修周期应符合表2的规定。"), std::string::npos) << s.out;
  auto a = nlohmann::json::parse(rr("ref 按附录A -r T --json").out);
  EXPECT_EQ(a["target"]["section_number"], "附录A");
  auto missing = rr("ref 见表6-2 -r T --json");
  EXPECT_EQ(missing.code, 3);
  EXPECT_FALSE(nlohmann::json::parse(missing.out)["link"]["resolved"].get<bool>());
  EXPECT_EQ(rr("ref 你好 -r T").code, 2);
}

}  // namespace cli_test
}  // namespace regreader::testing

namespace regreader::testing {
namespace cli_test {

TEST_F(Cli, PartialMatchesAreSaidAndNonsenseFindsNothing) {
  ingest_sample();
  // A query sharing one common character pair (存在) with the text is no answer.
  auto nonsense = rr("search xyz不存在的词 --mode keyword --json");
  ASSERT_EQ(nonsense.code, 0) << nonsense.err;
  const auto n = nlohmann::json::parse(nonsense.out);
  for (const auto& h : n["results"])
    EXPECT_GE(h["coverage"].get<double>(), 0.3) << h.dump();
  EXPECT_FALSE(n["exact_match"].get<bool>());
  // The query as written: exact.
  const auto exact = nlohmann::json::parse(rr("search 倒闸操作 --mode keyword --json").out);
  ASSERT_FALSE(exact["results"].empty());
  EXPECT_EQ(exact["results"][0]["match"], "exact");
  EXPECT_TRUE(exact["exact_match"].get<bool>());
  // Terms of which the text holds only some: a partial match, and the output says so.
  auto partial = rr("search \"操作票 涂改 雷雨\" --mode keyword");
  EXPECT_NE(partial.out.find("No exact match"), std::string::npos) << partial.out;
  EXPECT_NE(partial.out.find("5.2.3"), std::string::npos) << partial.out;
  EXPECT_NE(partial.out.find("[partial: "), std::string::npos) << partial.out;
  // A worker's question is reduced to its content words, which the clause holds all of; stderr
  // says what was searched.
  auto question = rr("search 操作票应保存多长时间 --mode keyword");
  EXPECT_EQ(question.out.find("No exact match"), std::string::npos) << question.out;
  EXPECT_NE(question.out.find("5.2.3"), std::string::npos) << question.out;
  EXPECT_NE(question.err.find("Searched for: 操作票 保存"), std::string::npos) << question.err;
}

TEST_F(Cli, KeywordSearchWithCitations) {
  ingest_sample();
  auto r = rr("search 倒闸操作 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_FALSE(j["results"].empty());
  const auto& first = j["results"][0];
  EXPECT_NE(first["snippet"].get<std::string>().find("【倒闸操作】"), std::string::npos);
  EXPECT_EQ(first["source"].get<std::string>().rfind("SAMPLE P", 0), 0u);
  auto scoped = nlohmann::json::parse(rr("search 操作票 --chapter 5.2 --json").out);
  for (const auto& h : scoped["results"])
    EXPECT_EQ(h["section_number"].get<std::string>().rfind("5.2", 0), 0u);
  EXPECT_EQ(rr("search 母线 --mode vector").code, 2);
  EXPECT_EQ(rr("search 母线 --types picture").code, 2);
  EXPECT_EQ(rr("search 母线 -r NOPE").code, 3);
  EXPECT_EQ(rr("search '\"AND (*'").code, 0);
  auto tok = nlohmann::json::parse(run_regreader("debug tokenize --query 母线失压 --json").out);
  EXPECT_EQ(tok["tokens"].size(), 3u);
  EXPECT_EQ(tok["match"], "\"母线 线失 失压\"");
  // debug layout: the page's lines with their type size, as the parser sees them.
  auto lay = run_regreader("debug layout '" + sample_pdf().string() + "' --page 1 --json");
  ASSERT_EQ(lay.code, 0) << lay.err;
  auto layout = nlohmann::json::parse(lay.out);
  ASSERT_EQ(layout["pages"].size(), 1u);
  EXPECT_EQ(layout["pages"][0]["page"], 1);
  ASSERT_FALSE(layout["pages"][0]["lines"].empty());
  EXPECT_GT(layout["pages"][0]["lines"][0]["size"].get<double>(), 0.0);
  EXPECT_GT(layout["body_size"].get<double>(), 0.0);
  EXPECT_EQ(run_regreader("debug layout '" + sample_pdf().string() + "' --page 99").code, 3);
  // --images: the grey image OCR reads the page from, a PGM the page's size at 300 dpi.
  const auto images = dir_.path() / "ocr-images";
  auto img = run_regreader("debug layout '" + sample_pdf().string() + "' --page 1 --images '" +
                           images.string() + "'");
  ASSERT_EQ(img.code, 0) << img.err;
  std::ifstream pgm(images / "page-1-ocr.pgm", std::ios::binary);
  std::string magic;
  int width = 0, height = 0, depth = 0;
  pgm >> magic >> width >> height >> depth;
  EXPECT_EQ(magic, "P5");
  EXPECT_EQ(depth, 255);
  const auto size = layout["pages"][0]["width"].get<double>() * parse::kOcrDpi / 72.0;
  EXPECT_NEAR(width, size, 2.0);
  EXPECT_GT(height, 0);
  EXPECT_EQ(std::filesystem::file_size(images / "page-1-ocr.pgm"),
            static_cast<std::uintmax_t>(pgm.tellg()) + 1 +
                static_cast<std::uintmax_t>(width) * static_cast<std::uintmax_t>(height));
  EXPECT_FALSE(std::filesystem::exists(images / "page-1-ocr.pgm.part"));
  auto no_page = run_regreader("debug layout '" + sample_pdf().string() + "' --images '" +
                               images.string() + "'");
  EXPECT_EQ(no_page.code, 2);
  EXPECT_NE(no_page.err.find("--images needs --page"), std::string::npos) << no_page.err;
}

}  // namespace cli_test
}  // namespace regreader::testing

namespace regreader::testing {
namespace cli_test {

// The environment of the spawned binary is this process's; each test restores it.
class CliVectors : public Cli {
 protected:
  void TearDown() override {
    for (const char* v : {"REGREADER_EMBEDDING_MODEL", "REGREADER_EMBEDDING_URL"})
      ::unsetenv(v);
  }
};

TEST_F(CliVectors, HybridSearchAndReindexWithTheBuiltinModel) {
  ingest_sample();
  auto plain = nlohmann::json::parse(rr("search 母线 --mode hybrid --json").out);
  EXPECT_EQ(plain["mode_used"], "keyword") << "no model configured: keyword, and it says so";
  EXPECT_TRUE(plain.contains("note"));

  ::setenv("REGREADER_EMBEDDING_MODEL", "builtin-lsa", 1);
  auto before = rr("search 母线 --mode hybrid --json");
  EXPECT_EQ(nlohmann::json::parse(before.out)["mode_used"], "keyword") << "not fitted yet";
  EXPECT_NE(before.err.find("reindex --all"), std::string::npos) << before.err;
  EXPECT_EQ(rr("search 母线 --mode vector").code, 2);

  auto re = rr("reindex --all --json");
  ASSERT_EQ(re.code, 0) << re.err;
  auto rj = nlohmann::json::parse(re.out);
  EXPECT_GT(rj["blocks"].get<int>(), 10);
  EXPECT_EQ(rj["blocks"], rj["vectors"]);
  EXPECT_EQ(rj["model_id"].get<std::string>().rfind("builtin-lsa-", 0), 0u);

  auto hybrid = rr("search 停电时的安全距离 --json");
  ASSERT_EQ(hybrid.code, 0) << hybrid.err;
  auto hj = nlohmann::json::parse(hybrid.out);
  EXPECT_EQ(hj["mode_used"], "hybrid") << "the default once vectors exist";
  ASSERT_FALSE(hj["results"].empty());
  for (const auto& h : hj["results"])
    EXPECT_EQ(h["source"].get<std::string>().rfind("SAMPLE P", 0), 0u);
  auto section =
      nlohmann::json::parse(rr("search 安全距离 --mode vector --section 6.1.5 --json").out);
  ASSERT_FALSE(section["results"].empty());
  for (const auto& h : section["results"])
    EXPECT_EQ(h["section_number"], "6.1.5");

  EXPECT_EQ(rr("reindex SAMPLE").code, 0);
  EXPECT_EQ(rr("reindex").code, 2) << "a regulation or --all";
  EXPECT_EQ(rr("reindex NOPE").code, 3);
  auto again = nlohmann::json::parse(
      rr("-q ingest " + quote(sample_md()) + " --reg-id SAMPLE --json --force").out);
  EXPECT_EQ(again["vectors"]["embedded"], rj["blocks"]) << "re-ingested blocks are embedded again";
}

TEST_F(CliVectors, AnotherModelIsRefusedUntilReindex) {
  ingest_sample();
  ::setenv("REGREADER_EMBEDDING_MODEL", "builtin-lsa", 1);
  ASSERT_EQ(rr("-q reindex --all").code, 0);
  ::setenv("REGREADER_EMBEDDING_URL", "http://127.0.0.1:9", 1);
  ::setenv("REGREADER_EMBEDDING_MODEL", "bge-m3", 1);
  auto r = rr("search 母线 --mode hybrid");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("reindex --all"), std::string::npos) << r.err;
  ::setenv("REGREADER_EMBEDDING_MODEL", (source_dir() / "tests").c_str(), 1);
  auto local = rr("reindex --all");
  EXPECT_NE(local.code, 0);
  EXPECT_NE(local.err.find("config.json"), std::string::npos)
      << "not a model folder: " << local.err;
}

// The local BERT encoder end to end: a tiny model written by tests/tools/make_tiny_bert.py
// (NumPy), reindex, hybrid search.
TEST_F(CliVectors, LocalEncoderFolderReindexesAndSearches) {
  const auto models = dir_.path() / "models";
  const std::string cmd = "/usr/bin/python3 " +
                          quote(source_dir() / "tests" / "tools" / "make_tiny_bert.py") + " " +
                          quote(models) + " >/dev/null 2>&1";
  if (std::system(cmd.c_str()) != 0) GTEST_SKIP() << "needs Debian's python3 with NumPy";
  ingest_sample();
  ::unsetenv("REGREADER_EMBEDDING_URL");
  ::setenv("REGREADER_EMBEDDING_MODEL", (models / "tiny-bert").c_str(), 1);
  auto re = rr("reindex --all --json");
  ASSERT_EQ(re.code, 0) << re.err;
  auto r = rr("search 倒闸操作 --mode hybrid --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["mode_used"], "hybrid");
  EXPECT_FALSE(j["results"].empty());
  auto v = rr("search 倒闸操作 --mode vector --json");
  EXPECT_EQ(v.code, 0) << v.err;
}

}  // namespace cli_test
}  // namespace regreader::testing

namespace regreader::testing {
namespace cli_test {

// Issue 15: an id held by different content is refused with the store unchanged; the same
// content is skipped without parsing; a new version of the same file replaces it and says so;
// --replace and --keep-both are the explicit ways past a conflict; a folder's README, hidden and
// unsupported files are skipped with the reason; --include/--exclude filter a walk.
TEST_F(Cli, LibraryIdsAreNeverSilentlyOverwritten) {
  const auto dir = dir_.path() / "lib";
  fs::create_directories(dir / "sub");
  const auto a = dir / "规程.md", b = dir / "sub" / "规程.md";
  fs::copy_file(sample_md(), a);
  {
    std::ifstream in(sample_md());
    std::stringstream text;
    text << in.rdbuf();
    std::ofstream(b) << text.str() << "\n## 8 补充\n\n8.1 另一个版本的条款。\n";
  }
  std::ofstream(dir / "README.md") << "# 这个文件夹\n";
  std::ofstream(dir / "notes.json") << "{}";
  std::ofstream(dir / ".hidden.md") << "# x\n";
  ASSERT_EQ(rr("-q ingest " + quote(a)).code, 0);
  const auto before = rr("read-pages -r 规程 -s 1 -e 2 --json").out;

  auto conflict = rr("ingest " + quote(b));
  EXPECT_EQ(conflict.code, 2) << conflict.out << conflict.err;
  EXPECT_NE(conflict.err.find(a.string()), std::string::npos) << "names the stored file";
  EXPECT_NE(conflict.err.find(b.string()), std::string::npos) << "names the refused file";
  EXPECT_EQ(rr("read-pages -r 规程 -s 1 -e 2 --json").out, before) << "the store is unchanged";

  auto same = nlohmann::json::parse(rr("ingest " + quote(a) + " --json").out);
  EXPECT_EQ(same["results"][0]["status"], "unchanged");
  EXPECT_EQ(same["unchanged"], 1);

  auto both = nlohmann::json::parse(rr("ingest " + quote(b) + " --keep-both --json").out);
  EXPECT_EQ(both["results"][0]["regulation"]["reg_id"], "规程-2");
  EXPECT_NE(both["results"][0]["note"].get<std::string>().find(a.string()), std::string::npos);

  // A new version of the same file replaces it and says whose version it was.
  { std::ofstream(a, std::ios::app) << "\n## 9 修订\n\n9.1 新增条款。\n"; }
  auto newer = nlohmann::json::parse(rr("ingest " + quote(a) + " --json").out);
  EXPECT_EQ(newer["results"][0]["status"], "replaced");
  EXPECT_EQ(newer["results"][0]["regulation"]["reg_id"], "规程");

  auto replaced =
      nlohmann::json::parse(rr("ingest " + quote(b) + " --reg-id 规程 --replace --json").out);
  EXPECT_EQ(replaced["results"][0]["status"], "replaced");
  EXPECT_EQ(replaced["results"][0]["replaced_file"], a.string());

  // A walk: skipped files with reasons, include/exclude.
  auto walk = nlohmann::json::parse(rr("ingest " + quote(dir) + " --json").out);
  std::map<std::string, std::string> reasons;
  for (const auto& s : walk["skipped"])
    reasons[fs::path(s["file"].get<std::string>()).filename().string()] = s["reason"];
  EXPECT_NE(reasons["README.md"].find("README"), std::string::npos);
  EXPECT_NE(reasons["notes.json"].find("unsupported"), std::string::npos);
  EXPECT_EQ(reasons.count(".hidden.md"), 1u);
  auto only = nlohmann::json::parse(
      rr("ingest " + quote(dir) + " --exclude 'sub/*' --exclude '*/sub/*' --json").out);
  EXPECT_EQ(only["results"].size(), 1u) << only.dump();
  auto inc = nlohmann::json::parse(rr("ingest " + quote(dir) + " --include '*.txt' --json").out);
  EXPECT_TRUE(inc.is_null() || inc.contains("error") || inc["results"].empty()) << inc.dump();
}

// A folder kept the way people keep one: the same regulation as Markdown, as Word and as PDF,
// and a byte-identical duplicate. One plain command stores all of it (exit 0): the duplicate is
// skipped before any parse, the PDF (real pages) holds the id whatever the order the walk
// meets the files in, the others are its copies, and `list` says which holds the id and why.
TEST_F(Cli, FolderOfCopiesGivesTheIdToTheMostCompleteCopy) {
  const auto dir = dir_.path() / "copies";
  fs::create_directories(dir / "a");
  fs::create_directories(dir / "b");
  // The Markdown is met first and stored first: the PDF must take the id from it.
  fs::copy_file(sample_md(), dir / "a" / "GB99999-2020.md");
  fs::copy_file(source_dir() / "examples" / "sample-regulation.md",
                dir / "a" / "GB99999-2020 (2).md");
  fs::copy_file(source_dir() / "examples" / "sample-regulation.pdf",
                dir / "b" / "GB99999-2020.pdf");
  fs::copy_file(source_dir() / "examples" / "sample-regulation.docx",
                dir / "b" / "GB99999-2020.docx");
  auto r = rr("ingest " + quote(dir) + " --no-office --json");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["failed"], 0);
  bool duplicate_said = false;
  for (const auto& s : j["skipped"])
    duplicate_said = duplicate_said ||
                     s["reason"].get<std::string>().find("the same bytes as") != std::string::npos;
  EXPECT_TRUE(duplicate_said) << j["skipped"].dump();
  const auto list = nlohmann::json::parse(rr("list --json").out);
  std::map<std::string, std::string> file_of;
  for (const auto& reg : list) {
    file_of[reg["reg_id"]] = fs::path(reg["source_file"].get<std::string>()).extension().string();
    EXPECT_EQ(reg["family"], "GB99999-2020") << reg.dump();
  }
  ASSERT_EQ(file_of.size(), 3u) << list.dump();
  EXPECT_EQ(file_of["GB99999-2020"], ".pdf") << "real pages hold the id";
  EXPECT_EQ(file_of.count("GB99999-2020-2") + file_of.count("GB99999-2020-3"), 2u);
  ASSERT_FALSE(j["copies"].empty());
  EXPECT_NE(j["copies"][0].get<std::string>().find("GB99999-2020-2"), std::string::npos);
  const auto text = rr("list").out;
  EXPECT_NE(text.find("holds the id as the most complete (real pages"), std::string::npos) << text;
  EXPECT_NE(text.find("copy of GB99999-2020 (synthetic pages"), std::string::npos) << text;
  // A single file keeps its meaning: a conflict is refused.
  std::ofstream(dir_.path() / "GB99999-2020.md")
      << "# 另一个文件\n\n## 1 总则\n\n1.1 不同的内容。\n";
  EXPECT_EQ(rr("ingest " + quote(dir_.path() / "GB99999-2020.md")).code, 2);
}

// A folder run parses files ahead of the one it stores, as many as it has cores and memory for
// (none when the parse memory limit leaves room for none): the library stored is the same.
TEST_F(Cli, AFolderIsStoredTheSameHoweverManyFilesAreParsedAhead) {
  const auto dir = dir_.path() / "folder";
  fs::create_directories(dir);
  for (const char* f : {"office-guide.pdf", "office-title.pdf", "tables-sample.pdf"})
    fs::copy_file(fixtures_dir() / f, dir / f);
  fs::copy_file(sample_md(), dir / "sample.md");
  const auto ahead = dir_.path() / "ahead", one_by_one = dir_.path() / "one-by-one";
  auto r = run_regreader("-q --data-dir " + quote(ahead) + " ingest " + quote(dir));
  ASSERT_EQ(r.code, 0) << r.err;
  // More memory per parse than the machine has: no parse ahead.
  setenv("REGREADER_PARSE_MEMORY_MB", "100000000", 1);
  r = run_regreader("-q --data-dir " + quote(one_by_one) + " ingest " + quote(dir));
  unsetenv("REGREADER_PARSE_MEMORY_MB");
  ASSERT_EQ(r.code, 0) << r.err;
  const store::PageStore a(ahead, false), b(one_by_one, false);
  const auto regs = a.list();
  EXPECT_EQ(regs.size(), 4u);
  EXPECT_EQ(b.list().size(), regs.size());
  for (const auto& info : regs) {
    const auto da = a.load(info.reg_id), db = b.load(info.reg_id);
    EXPECT_EQ(da.info.title, db.info.title) << info.reg_id;
    EXPECT_EQ(da.info.fidelity, db.info.fidelity) << info.reg_id;
    EXPECT_EQ(da.pages, db.pages) << info.reg_id;
    EXPECT_EQ(da.structure, db.structure) << info.reg_id;
    EXPECT_EQ(da.tables, db.tables) << info.reg_id;
  }
}

// Aliases: added for a stored regulation, used by search (scoping) and by the citation check,
// listed with the built-in ones, removed; an alias of nothing is refused.
TEST_F(Cli, AliasesNameRegulationsForSearchAndChecks) {
  ingest_sample();
  EXPECT_EQ(rr("alias add 变电安规 NOPE").code, 3);
  ASSERT_EQ(rr("alias add 变电安规 SAMPLE").code, 0);
  const auto list = nlohmann::json::parse(rr("alias list --json").out);
  ASSERT_FALSE(list.empty());
  EXPECT_EQ(list[0]["alias"], "变电安规");
  EXPECT_EQ(list[0]["origin"], "user");
  auto search = rr("search \"变电安规 倒闸操作\"");
  ASSERT_EQ(search.code, 0) << search.err;
  EXPECT_NE(search.err.find("SAMPLE"), std::string::npos) << "scoped by the alias: " << search.err;
  auto check = rr("verify \"操作票保存一年（变电安规 P1）\" --json");
  EXPECT_EQ(nlohmann::json::parse(check.out)["claims"][0]["citations"][0]["reg_id"], "SAMPLE")
      << check.out;
  EXPECT_EQ(rr("alias remove 变电安规").code, 0);
  EXPECT_EQ(rr("alias remove 变电安规").code, 3);
}

TEST_F(Cli, CopiesFoldPerRegCapsAndANamedRegulationScopes) {
  ingest_sample();
  auto copy = rr("-q ingest " + quote(sample_md()) + " --reg-id SAMPLE-COPY");
  ASSERT_EQ(copy.code, 0) << copy.err;
  // The same file twice: one result per clause, the copy listed under it.
  const auto folded =
      nlohmann::json::parse(rr("search 倒闸操作 --mode keyword --limit 100 --json").out);
  ASSERT_FALSE(folded["results"].empty());
  for (const auto& h : folded["results"]) {
    EXPECT_EQ(h["reg_id"], "SAMPLE") << h.dump();
    ASSERT_TRUE(h.contains("copies")) << h.dump();
    EXPECT_EQ(h["copies"][0]["reg_id"], "SAMPLE-COPY");
  }
  const auto all = nlohmann::json::parse(
      rr("search 倒闸操作 --mode keyword --all-copies --limit 100 --json").out);
  EXPECT_EQ(all["results"].size(), 2 * folded["results"].size());
  const auto capped =
      nlohmann::json::parse(rr("search 倒闸操作 --mode keyword --per-reg 1 --json").out);
  EXPECT_EQ(capped["results"].size(), 1u);
  EXPECT_NE(rr("search 倒闸操作 --per-reg -1").code, 0);
  // The title in 《》 scopes the search, and the output says so (stderr; scoped_by in JSON).
  auto named = rr("search \"根据《变电站运行安全规程》，倒闸操作由谁监护？\" --mode keyword");
  ASSERT_EQ(named.code, 0) << named.err;
  EXPECT_NE(named.err.find("Scoped to the regulation(s) the query names: 《变电站运行安全规程》"),
            std::string::npos)
      << named.err;
  EXPECT_NE(named.out.find("also in copies: SAMPLE-COPY"), std::string::npos) << named.out;
  // The same through the smart_search tool an agent calls.
  auto tool =
      rr("tool smart_search '{\"query\":\"根据《变电站运行安全规程》，倒闸操作由谁监护？\"}'");
  ASSERT_EQ(tool.code, 0) << tool.err;
  const auto tj = nlohmann::json::parse(tool.out);
  EXPECT_NE(tj["scoped_by"].get<std::string>().find("SAMPLE"), std::string::npos) << tj.dump();
  EXPECT_FALSE(tj["query_used"].get<std::string>().empty());
  ASSERT_FALSE(tj["results"].empty());
  EXPECT_TRUE(tj["results"][0].contains("copies"));
  // reg_id "all" is a choice: the name in the query does not narrow it.
  auto all_regs =
      rr("tool smart_search '{\"query\":\"《变电站运行安全规程》 倒闸操作\",\"reg_id\":\"all\"}'");
  ASSERT_EQ(all_regs.code, 0) << all_regs.err;
  EXPECT_FALSE(nlohmann::json::parse(all_regs.out).contains("scoped_by")) << all_regs.out;
}

}  // namespace cli_test
}  // namespace regreader::testing

namespace regreader::testing {
namespace cli_test {

// One precedence rule, seen from outside: flag > environment > config file > default.
TEST_F(Cli, ConfigShowSaysWhereEverySettingCameFrom) {
  const fs::path data = dir_.path() / "data";
  fs::create_directories(data);
  std::ofstream(data / "regreader.toml") << "[llm]\nmodel = \"file-model\"\nprovider = \"openai\"\n"
                                            "[embedding]\nbatch = 8\n";
  ::setenv("REGREADER_LLM_PROVIDER", "anthropic", 1);
  const auto r = rr("config show --json");
  ::unsetenv("REGREADER_LLM_PROVIDER");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  std::map<std::string, nlohmann::json> by_key;
  for (const auto& s : j["settings"])
    by_key[s["key"]] = s;
  EXPECT_EQ(by_key["data_dir"]["origin"], "flag");
  EXPECT_EQ(by_key["llm.provider"]["origin"], "env") << "the environment beats the file";
  EXPECT_EQ(by_key["llm.provider"]["value"], "anthropic");
  EXPECT_EQ(by_key["llm.model"]["origin"], "config");
  EXPECT_EQ(by_key["llm.model"]["where"], (data / "regreader.toml").string() + ":2");
  EXPECT_EQ(by_key["embedding.batch"]["value"], "8");
  EXPECT_EQ(by_key["parse.ocr_langs"]["origin"], "default");
  EXPECT_EQ(j["config_file"], (data / "regreader.toml").string());

  // A typo in the file stops every command with the file and line, exit 2.
  std::ofstream(data / "regreader.toml", std::ios::app) << "[parse]\nocr_lang = \"eng\"\n";
  const auto bad = rr("list");
  EXPECT_EQ(bad.code, 2) << bad.err;
  EXPECT_NE(bad.err.find("regreader.toml:7"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("parse.ocr_lang"), std::string::npos) << bad.err;
}

TEST_F(Cli, TheServerSaysWhatItServesAndNamesAnEmptyDataDirectory) {
  const auto empty = rr("serve");
  EXPECT_EQ(empty.code, 0) << empty.err;
  EXPECT_NE(empty.err.find("serving 0 regulation(s) from"), std::string::npos) << empty.err;
  EXPECT_NE(empty.err.find("holds no regulations"), std::string::npos) << empty.err;
  EXPECT_NE(empty.err.find("no config file"), std::string::npos) << empty.err;
  EXPECT_TRUE(empty.out.empty()) << "stdout belongs to the protocol";
  ingest_sample();
  const auto one = rr("serve");
  EXPECT_NE(one.err.find("serving 1 regulation(s)"), std::string::npos) << one.err;
  EXPECT_EQ(one.err.find("holds no regulations"), std::string::npos) << one.err;
}

}  // namespace cli_test
}  // namespace regreader::testing

namespace regreader::testing {
namespace cli_test {

TEST_F(Cli, RenameMovesARegulationAndItsAliasesSearchAndToolsUseTheNewId) {
  ingest_sample();
  ASSERT_EQ(rr("alias add 变电安规 SAMPLE").code, 0);
  const std::string before = rr("read-pages -r SAMPLE -s 1 -e 2 --json").out;
  ASSERT_FALSE(before.empty());
  ASSERT_EQ(rr("-q ingest " + quote(sample_md()) + " --reg-id HELD --force").code, 0);
  const auto held = rr("rename SAMPLE HELD");
  EXPECT_EQ(held.code, 2) << held.err;
  EXPECT_NE(held.err.find("HELD is held"), std::string::npos) << held.err;
  EXPECT_EQ(rr("rename SAMPLE ..").code, 2) << "an id that is a path component is refused";

  const auto r = rr("rename SAMPLE 变电站安规-2026 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["reg_id"], "变电站安规-2026");
  EXPECT_EQ(j["aliases"], 1);
  EXPECT_EQ(rr("toc SAMPLE").code, 3) << "the old id is gone";

  // The same pages under the new id, and every id in them rebuilt.
  auto after = nlohmann::json::parse(rr("read-pages -r 变电站安规-2026 -s 1 -e 2 --json").out);
  auto old = nlohmann::json::parse(before);
  ASSERT_EQ(after["pages"].size(), old["pages"].size());
  for (size_t i = 0; i < after["pages"].size(); ++i)
    EXPECT_EQ(after["pages"][i]["content_markdown"], old["pages"][i]["content_markdown"]);
  EXPECT_EQ(after.dump().find("SAMPLE:"), std::string::npos);
  // Search, the tools and the alias use the new id.
  const auto search = nlohmann::json::parse(rr("search 倒闸操作 -r 变电站安规-2026 --json").out);
  ASSERT_FALSE(search["results"].empty());
  EXPECT_EQ(search["results"][0]["reg_id"], "变电站安规-2026");
  const auto tool = rr("tool get_toc '{\"reg_id\":\"变电站安规-2026\"}'");
  EXPECT_EQ(tool.code, 0) << tool.err;
  const auto aliases = nlohmann::json::parse(rr("alias list --json").out);
  EXPECT_EQ(aliases[0]["names"], "变电站安规-2026");
  const auto scoped = rr("search \"变电安规 倒闸操作\"");
  EXPECT_NE(scoped.err.find("变电站安规-2026"), std::string::npos) << scoped.err;
}

TEST_F(Cli, AliasesAreAcceptedWhereverAnIdIsAndTheIdIsSaid) {
  ingest_sample();
  ASSERT_EQ(rr("-q alias add 运规 SAMPLE").code, 0);
  const auto toc = rr("toc 运规 --json");
  ASSERT_EQ(toc.code, 0) << toc.err;
  EXPECT_EQ(nlohmann::json::parse(toc.out)["regulation"]["reg_id"], "SAMPLE");
  EXPECT_NE(toc.err.find("regulation: 运规 -> SAMPLE"), std::string::npos) << toc.err;
  const auto pages = rr("read-pages -r 运规 -s 1 --json");
  ASSERT_EQ(pages.code, 0) << pages.err;
  EXPECT_EQ(nlohmann::json::parse(pages.out)["source"], "SAMPLE P1");
  const auto search = rr("search 倒闸操作 -r 运规 --json");
  ASSERT_EQ(search.code, 0) << search.err;
  ASSERT_FALSE(nlohmann::json::parse(search.out)["results"].empty());
  EXPECT_EQ(rr("tables 运规").code, 0);
  // Every tool's reg_id, with the resolution in the answer.
  const auto tool = rr("tool get_toc '{\"reg_id\":\"运规\",\"max_depth\":1}'");
  ASSERT_EQ(tool.code, 0) << tool.err;
  const auto tj = nlohmann::json::parse(tool.out);
  EXPECT_EQ(tj["reg_id"], "SAMPLE");
  EXPECT_EQ(tj["reg_id_resolved"], "运规 -> SAMPLE");
  // A name that stands for nothing stored is not found, and says what is.
  const auto unknown = rr("toc 不存在的规程");
  EXPECT_EQ(unknown.code, 3);
  EXPECT_NE(unknown.err.find("SAMPLE"), std::string::npos) << unknown.err;
}

TEST_F(Cli, AWorkersQuestionFallsBackAndNamesChaptersNeverEmptyWhenWordsAreStored) {
  ingest_sample();
  // No clause holds these words together; the answer says how it searched and where to read.
  const auto r = rr("search \"值班的时候发现设备不对劲咋办\" --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_FALSE(j["results"].empty());
  EXPECT_TRUE(j.contains("fallback")) << j.dump();
  if (j["fallback"] == "question_as_asked") {
    EXPECT_EQ(j["fallback_query"], "值班的时候发现设备不对劲") << j.dump();
  }
  ASSERT_TRUE(j.contains("suggested_chapters")) << j.dump();
  EXPECT_NE(j["suggested_chapters"][0]["source"].get<std::string>().find("SAMPLE P"),
            std::string::npos);
  const auto none = rr("search \"qwzx咋办\" --json");
  ASSERT_EQ(none.code, 0);
  const auto nj = nlohmann::json::parse(none.out);
  EXPECT_TRUE(nj["results"].empty());
  EXPECT_EQ(nj["nothing_in_library"], true);
  EXPECT_NE(rr("search \"qwzx咋办\"").out.find("do not use these words"), std::string::npos);
}

TEST_F(Cli, SynonymsListsEachPairWithItsOrigin) {
  ingest_sample();
  const auto j = nlohmann::json::parse(rr("synonyms --json").out)["synonyms"];
  ASSERT_TRUE(j.is_array());
  const auto has = [&](const std::string& w, const std::string& origin) {
    return std::any_of(j.begin(), j.end(), [&](const nlohmann::json& e) {
      return e["word"] == w && e["origin"] == origin;
    });
  };
  EXPECT_TRUE(has("挂地线", "built-in"));
  std::ofstream(dir_.path() / "data" / "synonyms.tsv") << "# mine\n巡检\t巡视\n";
  const auto mine = nlohmann::json::parse(rr("synonyms 巡检 --json").out)["synonyms"];
  ASSERT_EQ(mine.size(), 1u) << mine.dump();
  EXPECT_EQ(mine[0]["origin"], "user");
  EXPECT_NE(rr("synonyms 刀闸").out.find("隔离开关"), std::string::npos);
  EXPECT_EQ(rr("synonyms -r NOPE").code, 3);
}

TEST_F(Cli, ListShowsFileFormatPagingOcrShareAndTheSha256) {
  ingest_sample();
  const auto list = nlohmann::json::parse(rr("list --json").out);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["ocr_pages"], 0);
  EXPECT_EQ(list[0]["source_sha256"].get<std::string>().size(), 64u);
  EXPECT_EQ(list[0]["format"], "markdown");
  const auto text = rr("list").out;
  EXPECT_NE(text.find("file: "), std::string::npos) << text;
  EXPECT_NE(text.find("markdown"), std::string::npos) << text;
  EXPECT_NE(text.find("fidelity:"), std::string::npos) << text;
}

// The OCR engine is chosen per run; check and list name the one that read the pages.
TEST_F(Cli, OcrEngineIsChosenAndNamedInCheckAndList) {
  const std::string scan = "'" + (fixtures_dir() / "scanned-page.pdf").string() + "'";
  const auto bad = rr("ingest " + scan + " --ocr-engine rapid");
  EXPECT_NE(bad.code, 0);
  EXPECT_NE(bad.err.find("--ocr-engine"), std::string::npos) << bad.err;
  ASSERT_EQ(rr("ingest " + scan + " --reg-id SCAN --ocr-engine tesseract").code, 0);
  const auto check = rr("check SCAN");
  EXPECT_NE(check.out.find("read by tesseract"), std::string::npos) << check.out;
  const auto list = rr("list").out;
  EXPECT_NE(list.find("read by tesseract"), std::string::npos) << list;
  const auto page = nlohmann::json::parse(rr("read-pages -r SCAN -s 1 -e 1 --json").out);
  EXPECT_EQ(page["pages"][0]["ocr_engine"], "tesseract") << page.dump();
}

}  // namespace cli_test
}  // namespace regreader::testing

namespace regreader::testing {
namespace cli_test {

// On a terminal (a pseudo-terminal from `script`), a run over several files shows an overall
// bar and the file's step, drawn in place. (The two files are one document: same cover id.)
TEST_F(Cli, ProgressOnATerminalShowsTheBarAndTheFilesStep) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no `script`";
  const fs::path log = dir_.path() / "tty.log";
  const std::string cmd = "TERM=xterm script -qec \"'" + std::string(REGREADER_BINARY) +
                          "' --data-dir '" + (dir_.path() / "data").string() + "' ingest '" +
                          sample_md().string() + "' '" + sample_pdf().string() +
                          "' --keep-both\" '" + log.string() + "' >/dev/null 2>&1 </dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  std::ifstream in(log);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string tty = ss.str();
  EXPECT_NE(tty.find("[1/2] "), std::string::npos) << tty;
  EXPECT_NE(tty.find("] 1/2 [2/2] "), std::string::npos) << "the bar moves on: " << tty;
  EXPECT_NE(tty.find("pages "), std::string::npos) << "the PDF's step is shown: " << tty;
  EXPECT_NE(tty.find("\033[K"), std::string::npos) << "drawn in place";
}

}  // namespace cli_test
}  // namespace regreader::testing
