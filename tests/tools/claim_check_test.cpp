#include "regreader/tools/claim_check.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "regreader/index/ingestor.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/tools/store_page_source.hpp"

namespace regreader::tools {
namespace claim_check_test {

// Pages written here: a table with units in its header, a note, clauses, a law's article.
class MemoryPages : public PageSource {
 public:
  std::map<std::pair<std::string, int>, CitedPage> pages;
  std::vector<RegulationName> names() override {
    return {{"RG-2020", "RG-2020"}, {"RG-2020-2", "RG-2020-2"}, {"示例法", "LAW"}};
  }
  std::optional<std::string> resolve(const std::string& cited) override {
    for (const auto& n : names())
      if (n.name == cited) return n.reg_id;
    if (cited == "RG") return std::string("RG-2020");
    return std::nullopt;
  }
  std::optional<CitedPage> page(const std::string& id, int n) override {
    auto it = pages.find({id, n});
    if (it == pages.end()) return std::nullopt;
    return it->second;
  }
};

class ClaimCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    src_.pages[{"RG-2020", 4}] = {
        "6.1.1 设备不停电时的安全距离不得小于表1的规定。\n"
        "表1 设备不停电时的安全距离\n"
        "| 电压等级 kV | 安全距离 m |\n|---|---|\n| 10 及以下 | 0.70 |\n| 35 | 1.00 |\n"
        "| ±800 | 9.30 |\n"
        "注1：表中未列电压等级按高一档电压等级的安全距离执行。",
        {"6 安全距离", "6.1 设备不停电时的安全距离"}};
    src_.pages[{"RG-2020", 7}] = {"5.2.3 已执行的操作票应保存一年。", {"5.2 操作票"}};
    src_.pages[{"RG-2020-2", 4}] = {"4.1.2 新参加工作的人员应在监护下工作，时间不少于 3 个月。",
                                    {}};
    src_.pages[{"LAW", 2}] = {"第十二条 电力设施受国家保护。", {}};
  }
  std::vector<Verdict> verdicts(const std::string& answer, const CheckOptions& o = {}) {
    std::vector<Verdict> out;
    for (const auto& c : check_answer_claims(answer, src_, o).claims)
      out.push_back(c.verdict);
    return out;
  }
  MemoryPages src_;
};

using V = Verdict;

TEST_F(ClaimCheck, TheIssuesAnswerFailsWhereItIsWrong) {
  // 0.35 m is not on P4 of RG-2020; 3年 is not on P7 (it says 一年).
  EXPECT_EQ(
      verdicts("10kV 设备的安全距离为 0.35 m（RG-2020 P4 表1）。工作票保存3年（RG-2020 P7 5.2.3）"),
      (std::vector<V>{V::kFigureNotOnPage, V::kFigureNotOnPage}));
  EXPECT_EQ(
      verdicts(
          "10kV 设备的安全距离为 0.70 m（RG-2020 P4 表1）。操作票保存一年（RG-2020 P7 5.2.3）"),
      (std::vector<V>{V::kVerified, V::kVerified}));
}

TEST_F(ClaimCheck, UnitRowObjectPageAndRegulation) {
  EXPECT_EQ(verdicts("10 kV 的安全距离为 0.70 kV（RG-2020 P4 表1）"),
            (std::vector<V>{V::kFigureNotOnPage}));
  EXPECT_EQ(verdicts("35 kV 的安全距离为 0.70 m（RG-2020 P4 表1）"),
            (std::vector<V>{V::kFigureNotOnPage}));
  EXPECT_EQ(verdicts("±800 kV 为 9.30 m（RG-2020 P4 表1）"), (std::vector<V>{V::kVerified}));
  EXPECT_EQ(verdicts("800 kV 为 9.30 m（RG-2020 P4 表1）"), (std::vector<V>{V::kFigureNotOnPage}));
  EXPECT_EQ(verdicts("安全距离为 0.70 m（RG-2020 P4 表2）"), (std::vector<V>{V::kObjectNotOnPage}));
  EXPECT_EQ(verdicts("按高一档执行（RG-2020 P4 注2）"), (std::vector<V>{V::kObjectNotOnPage}));
  EXPECT_EQ(verdicts("按高一档执行（RG-2020 P4 注1）"), (std::vector<V>{V::kVerified}));
  EXPECT_EQ(verdicts("见 RG-2020 P4 6.1"), (std::vector<V>{V::kVerified}))
      << "a chapter on the page";
  EXPECT_EQ(verdicts("见 RG-2020 P4 6.2"), (std::vector<V>{V::kObjectNotOnPage}));
  EXPECT_EQ(verdicts("安全距离为 0.70 m（RG-2020 P5 表1）"), (std::vector<V>{V::kPageMissing}));
  EXPECT_EQ(verdicts("安全距离为 0.70 m（RG-2019 P4 表1）"),
            (std::vector<V>{V::kRegulationUnknown}));
  EXPECT_EQ(verdicts("不少于 3 个月（RG-2020-2 P4 4.1.2）"), (std::vector<V>{V::kVerified}));
  EXPECT_EQ(verdicts("不少于 3 个月（RG-2020 P4 表1）"), (std::vector<V>{V::kFigureNotOnPage}))
      << "the right figure in the wrong copy";
  EXPECT_EQ(verdicts("电力设施受国家保护（示例法 P2 第12条）"), (std::vector<V>{V::kVerified}));
}

TEST_F(ClaimCheck, UncitedFiguresAndRestatements) {
  EXPECT_EQ(verdicts("安全距离为 0.70 m。"), (std::vector<V>{V::kUncitedFigure}));
  // An introduction repeating a verified figure is not a new claim; a citation alone on the
  // next line backs the sentence before it.
  EXPECT_EQ(verdicts("10kV 设备：\n安全距离为 0.70 m。\n（RG-2020 P4 表1）"),
            (std::vector<V>{V::kVerified, V::kVerified}));
  // An uncited part before "；" shares the citation that ends the sentence.
  // An uncited part before "；" shares the citation that ends the sentence, each part checked
  // on its own rows.
  EXPECT_EQ(verdicts("10 kV 为 0.70 m；35 kV 为 1.00 m（RG-2020 P4 表1）"),
            (std::vector<V>{V::kVerified, V::kVerified}));
  EXPECT_EQ(verdicts("10 kV 为 1.00 m；35 kV 为 1.00 m（RG-2020 P4 表1）"),
            (std::vector<V>{V::kFigureNotOnPage, V::kVerified}));
}

TEST_F(ClaimCheck, RegulationsNotReadInTheRun) {
  CheckOptions o;
  o.read_regulations = std::vector<std::string>{"RG-2020-2"};
  EXPECT_EQ(verdicts("安全距离为 0.70 m（RG-2020 P4 表1）", o), (std::vector<V>{V::kNotReadInRun}));
  EXPECT_EQ(verdicts("不少于 3 个月（RG-2020-2 P4）", o), (std::vector<V>{V::kVerified}));
}

TEST_F(ClaimCheck, ReportRoundTripsThroughJson) {
  const auto r = check_answer_claims("安全距离为 0.35 m（RG-2020 P4 表1）", src_);
  const auto back = answer_report_from_json(nlohmann::json(r));
  ASSERT_EQ(back.claims.size(), 1u);
  EXPECT_EQ(back.claims[0].verdict, V::kFigureNotOnPage);
  EXPECT_EQ(back.claims[0].citations[0].reg_id, "RG-2020");
  EXPECT_FALSE(back.ok());
  EXPECT_EQ(nlohmann::json(r)["counts"]["figure_not_on_page"], 1);
}

// The scripted adversarial sets: answers whose every claim has the verdict it must get.
constexpr int kVerdicts = 7;  // the failure verdicts and verified; kUnchecked never expected

struct SetRun {
  int answers = 0, claims = 0;
  int confusion[kVerdicts][kVerdicts] = {};
};

SetRun run_set(const store::PageStore& store, const std::string& file) {
  StorePageSource source(store, index::builtin_aliases());
  std::ifstream in(std::filesystem::path(REGREADER_SOURCE_DIR) / "tests" / "cases" / file);
  EXPECT_TRUE(in) << file;
  SetRun run;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto j = nlohmann::json::parse(line);
    ++run.answers;
    CheckOptions o;
    if (j.contains("read")) o.read_regulations = j["read"].get<std::vector<std::string>>();
    const auto report = check_answer_claims(j["answer"].get<std::string>(), source, o);
    std::vector<std::string> got;
    for (const auto& c : report.claims)
      got.emplace_back(verdict_name(c.verdict));
    const auto want = j["expect"].get<std::vector<std::string>>();
    EXPECT_EQ(got, want) << j["id"] << " " << j["case"] << ": " << nlohmann::json(report).dump(1);
    for (size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
      const auto w = static_cast<int>(*parse_verdict(want[i]));
      const auto g = static_cast<int>(*parse_verdict(got[i]));
      if (w < kVerdicts && g < kVerdicts) ++run.confusion[w][g];
      ++run.claims;
    }
  }
  return run;
}

// The confusion table as Markdown, also written to the build directory for docs/benchmarks.md.
void report(const SetRun& run, const std::string& name) {
  std::string table = "| expected \\ checker |";
  for (int g = 0; g < kVerdicts; ++g)
    table += " " + std::string(verdict_name(static_cast<Verdict>(g))) + " |";
  table += "\n|---|";
  for (int g = 0; g < kVerdicts; ++g)
    table += "---|";
  table += "\n";
  for (int w = 0; w < kVerdicts; ++w) {
    table += "| " + std::string(verdict_name(static_cast<Verdict>(w))) + " |";
    for (int g = 0; g < kVerdicts; ++g)
      table += " " + std::to_string(run.confusion[w][g]) + " |";
    table += "\n";
  }
  const std::string head =
      std::to_string(run.answers) + " answers, " + std::to_string(run.claims) + " claims\n\n";
  std::ofstream(std::filesystem::path(REGREADER_BINARY).parent_path() / (name + ".md"))
      << head << table;
  std::cout << head << table;
  for (int w = 0; w < kVerdicts; ++w)
    for (int g = 0; g < kVerdicts; ++g) {
      if (w == g) continue;
      EXPECT_EQ(run.confusion[w][g], 0) << "off the diagonal";
    }
}

// Over the sample regulation, stored as SAMPLE-2026 from the PDF and, as a second copy with
// other pages, SAMPLE-2026-2 from the Markdown.
TEST(Adversarial, SampleRegulation) {
  parse::TempDir dir;
  store::PageStore store(dir.path(), true);
  const auto examples = std::filesystem::path(REGREADER_SOURCE_DIR) / "examples";
  index::IngestOptions o;
  o.reg_id = "SAMPLE-2026";
  index::ingest_file(store, examples / "sample-regulation.pdf", o);
  o.reg_id = "SAMPLE-2026-2";
  index::ingest_file(store, examples / "sample-regulation.md", o);
  const auto run = run_set(store, "adversarial_answers.jsonl");
  EXPECT_GE(run.answers, 60);
  report(run, "adversarial_sample");
}

// Over real regulations of ../shared/corpus: the rendered GB 26860 PDF, its OCR Markdown copy
// (GB26860-2011-4, whose page 5 has the table's caption and not its values) and a law.
TEST(Adversarial, Corpus) {
  const auto corpus = std::filesystem::path(REGREADER_SOURCE_DIR) / ".." / "shared" / "corpus";
  const auto pdf = corpus / "derived" / "GB26860-2011.rendered.pdf";
  if (!std::filesystem::exists(pdf)) GTEST_SKIP() << "no ../shared/corpus";
  parse::TempDir dir;
  store::PageStore store(dir.path(), true);
  index::IngestOptions o;
  o.reg_id = "GB26860-2011";
  index::ingest_file(store, pdf, o);
  o.reg_id = "GB26860-2011-4";
  index::ingest_file(store,
                     corpus / "antigravity-anguigb" /
                         "GB 26860-2011_电力安全工作规程_发电厂和变电站电气部分(OCR).md",
                     o);
  o.reg_id = "电力法(2018-12-29)";
  index::ingest_file(store, corpus / "lawrefbook-power-laws" / "电力法(2018-12-29).md", o);
  report(run_set(store, "adversarial_corpus.jsonl"), "adversarial_corpus");
}

}  // namespace claim_check_test
}  // namespace regreader::tools
