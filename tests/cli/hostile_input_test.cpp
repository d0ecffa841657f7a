// Hostile files given to `regreader ingest`: each fails alone, with a reason and a non-zero exit,
// never a crash, a hang or unbounded memory, and never stops the other files of a run.
// (Reproductions from issue 12: FIFOs, /dev/zero behind a symlink, Word XML nested 200,000 deep,
// 600 KB Markdown lines, a zip entry claiming gigabytes, a parse that runs over its time.)

#include <sys/stat.h>
#include <zip.h>

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "regreader/parse/office/office_renderer.hpp"
#include "test_support.hpp"

namespace regreader::testing {
namespace hostile_input_test {

using nlohmann::json;

class Hostile : public ::testing::Test {
 protected:
  parse::TempDir dir_;
  std::filesystem::path file(const std::string& name) const { return dir_.path() / name; }
  RunResult ingest(const std::string& args, const std::string& env = "") const {
    return run_regreader_env(
        env, "--data-dir " + quote(dir_.path() / "data") + " ingest " + args + " --json");
  }
  void write(const std::filesystem::path& p, const std::string& s) const {
    std::ofstream(p, std::ios::binary) << s;
  }
  // A .docx whose word/document.xml is `xml`.
  void write_docx(const std::filesystem::path& p, const std::string& xml) const {
    int err = 0;
    zip_t* z = zip_open(p.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &err);
    ASSERT_TRUE(z);
    auto add = [&](const char* name, const std::string& s) {
      void* copy = malloc(s.size());
      std::memcpy(copy, s.data(), s.size());
      zip_file_add(z, name, zip_source_buffer(z, copy, s.size(), 1), ZIP_FL_OVERWRITE);
    };
    add("[Content_Types].xml",
        "<?xml version=\"1.0\"?><Types "
        "xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>");
    add("word/document.xml", xml);
    ASSERT_EQ(zip_close(z), 0);
  }
  // The binary inherits this process's environment: `env` ("NAME=value") is set for one run.
  static RunResult run_regreader_env(const std::string& env, const std::string& args) {
    if (env.empty()) return run_regreader(args);
    const auto eq = env.find('=');
    const std::string name = env.substr(0, eq);
    ::setenv(name.c_str(), env.substr(eq + 1).c_str(), 1);
    auto r = run_regreader(args);
    ::unsetenv(name.c_str());
    return r;
  }
  static json result(const RunResult& r, size_t i = 0) { return json::parse(r.out)["results"][i]; }
};

constexpr const char* kDocxHead =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?><w:document "
    "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"><w:body>";
constexpr const char* kDocxTail = "</w:body></w:document>";

TEST_F(Hostile, AFifoIsRefusedWithoutBeingOpened) {
  ASSERT_EQ(::mkfifo(file("pipe.md").c_str(), 0600), 0);
  const auto r = ingest(quote(file("pipe.md")));  // would block forever on open()
  EXPECT_NE(r.code, 0);
  EXPECT_NE(result(r)["error"]["message"].get<std::string>().find("not a regular file"),
            std::string::npos)
      << r.out;
}

TEST_F(Hostile, ADeviceBehindASymlinkIsRefused) {
  std::filesystem::create_symlink("/dev/zero", file("zero.md"));
  const auto r = ingest(quote(file("zero.md")));
  EXPECT_NE(r.code, 0);
  EXPECT_EQ(result(r)["error"]["code"], "invalid_argument") << r.out;
}

TEST_F(Hostile, WordXmlNested200000DeepFailsThatFileOnly) {
  std::string xml = kDocxHead;
  for (int i = 0; i < 200000; ++i)
    xml += "<w:sdt>";
  xml += "<w:p><w:r><w:t>深</w:t></w:r></w:p>";
  for (int i = 0; i < 200000; ++i)
    xml += "</w:sdt>";
  xml += kDocxTail;
  write_docx(file("deep.docx"), xml);
  const auto r = ingest(quote(file("deep.docx")) + " " + quote(sample_md()) + " --no-office");
  EXPECT_EQ(r.code, 1) << r.err;
  const auto j = json::parse(r.out);
  EXPECT_EQ(j["ingested"], 1) << "the other file of the run is ingested";
  EXPECT_EQ(j["results"][0]["error"]["code"], "corrupt_file") << r.out;
  EXPECT_NE(j["results"][0]["error"]["message"].get<std::string>().find("nested"),
            std::string::npos);
}

TEST_F(Hostile, AZipEntryClaimingGigabytesIsRefusedBeforeItIsRead) {
  write_docx(file("claim.docx"),
             std::string(kDocxHead) + "<w:p><w:r><w:t>x</w:t></w:r></w:p>" + kDocxTail);
  // Rewrite the uncompressed size of word/document.xml (local and central headers) to 4 GiB-16.
  std::ifstream in(file("claim.docx"), std::ios::binary);
  std::string z((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  const std::string name = "word/document.xml";
  const uint32_t huge = 0xFFFFFFF0u;
  for (size_t pos = 0; (pos = z.find(name, pos)) != std::string::npos; pos += name.size()) {
    if (pos >= 30 && std::memcmp(&z[pos - 30], "PK\x03\x04", 4) == 0)
      std::memcpy(&z[pos - 30 + 22], &huge, 4);
    if (pos >= 46 && std::memcmp(&z[pos - 46], "PK\x01\x02", 4) == 0)
      std::memcpy(&z[pos - 46 + 24], &huge, 4);
  }
  write(file("claim.docx"), z);
  const auto r = ingest(quote(file("claim.docx")) + " --no-office");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.code, 70) << "not an internal error";
  EXPECT_EQ(result(r)["error"]["code"], "limit_exceeded") << r.out;
}

TEST_F(Hostile, MarkdownLinesOf600KbParseOrFailCleanly) {
  std::string han;
  for (size_t i = 0; i < 200000; ++i)
    han += "安";
  std::string sep = "| a | b |\n";
  for (int i = 0; i < 150000; ++i)
    sep += "|---";
  write(file("heading.md"), "# " + han + "\n\n正文。\n");
  write(file("list.md"), "- " + han + "\n\n正文。\n");
  write(file("comment.md"), "<!-- " + han + "\n\n正文。\n");
  write(file("table.md"), sep + "|\n| 1 | 2 |\n");
  const auto r = ingest(quote(file("heading.md")) + " " + quote(file("list.md")) + " " +
                        quote(file("comment.md")) + " " + quote(file("table.md")));
  ASSERT_FALSE(r.out.empty()) << r.err;
  const auto j = json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 4u);
  for (const auto& res : j["results"]) {
    if (!res["ok"].get<bool>()) {
      EXPECT_NE(res["error"]["code"], "internal_error") << res.dump();
    }
  }
  EXPECT_GE(j["ingested"].get<int>(), 3) << r.out;
}

TEST_F(Hostile, AParseOverItsTimeIsStoppedAndTheRunGoesOn) {
  // OCR of every page of the sample PDF takes several seconds; the Markdown file a few ms.
  const auto r = ingest(quote(sample_pdf()) + " " + quote(sample_md()) + " --ocr always",
                        "REGREADER_PARSE_TIMEOUT=1");
  EXPECT_EQ(r.code, 1) << r.err;
  const auto j = json::parse(r.out);
  EXPECT_EQ(j["ingested"], 1);
  EXPECT_EQ(j["results"][0]["error"]["code"], "limit_exceeded") << r.out;
  EXPECT_NE(j["results"][0]["error"]["message"].get<std::string>().find("timed out after 1 s"),
            std::string::npos);
}

// Issue 41: a 490 KB DOCX of 2 M empty paragraphs ran 270 s and 3.4 GB (LibreOffice paginating
// it) before being refused. Counted while the XML is read, it is refused at once.
TEST_F(Hostile, AWordFileOfMillionsOfEmptyParagraphsIsRefusedBeforeLibreOffice) {
  std::string xml = kDocxHead;
  xml += "<w:p><w:r><w:t>安全</w:t></w:r></w:p>";
  for (int i = 0; i < 2000000; ++i)
    xml += "<w:p/>";
  xml += kDocxTail;
  write_docx(file("empty.docx"), xml);
  const auto r = ingest(quote(file("empty.docx")));
  EXPECT_NE(r.code, 0) << r.err;
  EXPECT_EQ(result(r)["error"]["code"], "limit_exceeded") << r.out;
  EXPECT_NE(result(r)["error"]["message"].get<std::string>().find("REGREADER_MAX_PARAGRAPHS"),
            std::string::npos);
}

TEST_F(Hostile, APdfOverThePageLimitIsRefusedBeforeAnyPageIsRead) {
  const auto r = ingest(quote(sample_pdf()), "REGREADER_MAX_PAGES=2");
  EXPECT_NE(r.code, 0) << r.err;
  EXPECT_EQ(result(r)["error"]["code"], "limit_exceeded") << r.out;
  EXPECT_NE(result(r)["error"]["message"].get<std::string>().find("REGREADER_MAX_PAGES"),
            std::string::npos);
}

// Issue 41: a random-noise scan took 111 s of OCR and was stored as a regulation (a 250-column
// table of letters). OCR finds no run of characters it is sure of: refused, nothing stored.
TEST_F(Hostile, ANoiseScanIsRefusedNotStoredAsARegulation) {
  const auto r = ingest(quote(fixtures_dir() / "noise-scan.pdf") + " " + quote(sample_md()));
  EXPECT_EQ(r.code, 1) << r.err;
  const auto j = json::parse(r.out);
  EXPECT_EQ(j["ingested"], 1) << "the other file of the run is ingested";
  EXPECT_EQ(j["results"][0]["error"]["code"], "no_text_layer") << r.out;
  EXPECT_NE(j["results"][0]["error"]["message"].get<std::string>().find("noise"),
            std::string::npos);
}

TEST_F(Hostile, AFileOverTheSizeLimitIsRefusedUnread) {
  write(file("big.md"), "# 标题\n\n" + std::string(2 * 1024 * 1024, 'x') + "\n");
  const auto r = ingest(quote(file("big.md")), "REGREADER_MAX_FILE_MB=1");
  EXPECT_NE(r.code, 0);
  EXPECT_EQ(result(r)["error"]["code"], "limit_exceeded") << r.out;
}

TEST_F(Hostile, ConcurrentIngestsIntoANewDataDirectoryAllSucceed) {
  // Started together against a data directory that does not exist yet: both create the schema,
  // one waits for the other's write lock instead of failing with "database is locked".
  const std::string bin = std::string("'") + REGREADER_BINARY + "'";
  const std::string data = quote(dir_.path() / "shared-data");
  std::string cmd;
  for (int i = 0; i < 8; ++i) {
    const std::string n = std::to_string(i);
    cmd += "(" + bin + " --data-dir " + data + " -q ingest " +
           quote(i % 2 ? sample_md() : sample_pdf()) + " --reg-id R" + n + " >/dev/null 2>" +
           quote(file("err" + n)) + "; echo $? >" + quote(file("rc" + n)) + ") & ";
  }
  cmd += "wait";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  for (int i = 0; i < 8; ++i) {
    std::ifstream rc(file("rc" + std::to_string(i))), err(file("err" + std::to_string(i)));
    int code = -1;
    rc >> code;
    std::string why((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
    EXPECT_EQ(code, 0) << "ingest " << i << ": " << why;
  }
  const auto list = run_regreader("--data-dir " + data + " list --json");
  EXPECT_EQ(json::parse(list.out).size(), 8u) << list.out;
}

}  // namespace hostile_input_test
}  // namespace regreader::testing
