// Clauses about a whole document (its scope, purpose, cited documents) rank after the clauses
// that answer a question about something in it.

#include "regreader/index/scope_clauses.hpp"

#include <gtest/gtest.h>

#include "regreader/index/guided_search.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/sqlite_engine.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/structure/structure_builder.hpp"

namespace regreader::index {
namespace scope_clauses_test {

TEST(ScopeClauses, ScopePurposeAndCitedDocumentsSpeakOfTheWholeDocument) {
  EXPECT_TRUE(about_whole_document({"1 范围"}, "本标准规定了电力生产现场的安全要求。"));
  EXPECT_TRUE(about_whole_document({"2 规范性引用文件"}, "GB 2894 安全标志及其使用导则"));
  EXPECT_TRUE(about_whole_document({"引用标准名录"}, "《建筑结构荷载规范》GB 50009"));
  EXPECT_TRUE(about_whole_document({"第一章 总则", "第二条"},
                                   "特种设备的生产、经营、使用、检验、检测，适用本法。"));
  EXPECT_TRUE(about_whole_document(
      {"第一章 总则", "第一条"}, "第一条 为了加强特种设备安全工作，预防特种设备事故，制定本法。"));
  EXPECT_TRUE(about_whole_document({"总则"}, "本规程适用于110kV及以上变电站。"));
  // A clause of the general chapter that rules something is no scope.
  EXPECT_FALSE(about_whole_document({"第一章 总则", "第五条"},
                                    "任何单位和个人都有维护消防安全、预防火灾的义务。"));
  EXPECT_FALSE(about_whole_document({"第二章 电力设施的保护范围和保护区", "第十条"},
                                    "架空电力线路保护区：导线边线向外侧水平延伸的区域。"));
  EXPECT_FALSE(
      about_whole_document({"5 安全组织措施", "5.2 工作票种类"}, "为了保证安全，应填用工作票。"));
}

TEST(ScopeClauses, AQuestionAboutWhereADocumentAppliesAsksForItsScope) {
  EXPECT_TRUE(asks_about_scope("安规适用于哪些单位"));
  EXPECT_TRUE(asks_about_scope("这个标准的范围是什么"));
  EXPECT_TRUE(asks_about_scope("电力法的立法目的"));
  EXPECT_FALSE(asks_about_scope("电梯多久检验一次"));
}

model::ParsedDocument doc(const std::string& reg_id, const std::string& md) {
  auto d = parse::build_document(parse::parse_markdown(md, true, {}), reg_id);
  d.info.source_file = "/" + reg_id + ".md";
  d.info.source_sha256 = reg_id;
  d.info.indexed_at = "2026-12-02T00:00:00Z";
  return d;
}

TEST(ScopeClauses, AQuestionsAnswerComesBeforeTheScopeThatSharesItsWords) {
  enable_keyword_index();
  parse::TempDir dir;
  store::PageStore store(dir.path(), true);
  ensure_keyword_index(store);
  store.save(doc("电梯法",
                 "# 电梯安全法\n\n## 第一章 总则\n\n"
                 "第二条 电梯的使用单位、检验机构对电梯的定期检验，适用本法。\n\n"
                 "## 第三章 检验\n\n"
                 "第二十条 在用设备每年进行一次检验；过期未检的，不得继续使用。\n"));
  const auto engine = embedded_engine(store);
  SearchFilter f;
  f.limit = 5;
  // The scope clause, shorter and holding more of the question's words, ranks first by BM25 ...
  const auto plain = keyword_search(store, "电梯 单位 检验", f);
  ASSERT_GE(plain.size(), 2u);
  EXPECT_EQ(plain[0].section_number, "第二条");
  // ... and after the clause that answers, when a question is asked.
  const auto asked =
      guided_search(engine, "电梯使用单位多久检验一次", f, SearchMode::kKeyword, {}).hits;
  ASSERT_GE(asked.size(), 2u);
  EXPECT_EQ(asked[0].section_number, "第二十条");
  EXPECT_EQ(asked.back().section_number, "第二条");
  // Asked about where the law applies, its scope is the answer and keeps its place.
  const auto scope =
      guided_search(engine, "电梯法适用于哪些检验", f, SearchMode::kKeyword, {}).hits;
  ASSERT_FALSE(scope.empty());
  EXPECT_EQ(scope[0].section_number, "第二条");
}

}  // namespace scope_clauses_test
}  // namespace regreader::index
