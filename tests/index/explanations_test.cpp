// An explanation of provisions (条文说明) restates the standard's chapters: counted once when
// chapters are ranked or suggested, and ranked after the clause it explains.

#include "regreader/index/explanations.hpp"

#include <gtest/gtest.h>

#include "index/markdown_docs.hpp"
#include "regreader/index/chapter_suggestions.hpp"
#include "regreader/index/guided_search.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/restated_chapters.hpp"
#include "regreader/index/sqlite_engine.hpp"
#include "regreader/index/synonyms.hpp"
#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::index {
namespace explanations_test {

// A standard, then its explanation under the heading a converter left ("条文说明**").
const char* kStandard =
    "**4 电气装置的接地**\n\n**4.3 接地线的连接**\n\n"
    "4.3.1 接地线采用电弧焊连接时应采用搭接焊缝，扁钢的搭接长度应为其宽度的2倍。\n\n"
    "4.3.2 接地线的螺栓连接应采用热镀锌螺栓。\n\n"
    "**中华人民共和国国家标准\n\n接地装置施工及验收规范**\n\n条文说明**\n\n"
    "**4 电气装置的接地**\n\n**4.3 接地线的连接**\n\n"
    "4.3.1 焊接不良会加速接地线接头的腐蚀，因此对搭接焊的搭接长度作出要求，以保证焊接良好，"
    "焊接质量关系接地线的安全。\n";

TEST(Explanations, AnExplanationRestatesTheChaptersItExplains) {
  const auto d = fixtures::markdown_doc("R", kStandard);
  const auto& nodes = d.structure.nodes();
  const auto restated = restated_chapters(d.structure);
  ASSERT_EQ(restated.size(), nodes.size());
  std::vector<std::string> again;
  for (size_t i = 0; i < nodes.size(); ++i)
    if (restated[i] >= 0) again.push_back(nodes[i].section_number);
  EXPECT_EQ(again, (std::vector<std::string>{"4", "4.3", "4.3.1"}));
}

TEST(Explanations, TheClauseComesBeforeItsExplanation) {
  enable_keyword_index();
  parse::TempDir dir;
  store::PageStore store(dir.path(), true);
  ensure_keyword_index(store);
  store.save(fixtures::markdown_doc("R", kStandard));
  const auto engine = embedded_engine(store);
  SearchFilter f;
  f.limit = 5;
  const std::string question = "接地线搭接焊的焊接长度有啥要求 焊接不良咋办";
  // The explanation holds more of the question's words than the clause ...
  const auto plain = keyword_search(store, "接地线 搭接焊 焊接 长度 要求 焊接不良", f);
  ASSERT_GE(plain.size(), 2u);
  EXPECT_NE(plain[0].snippet.find("腐蚀"), std::string::npos) << plain[0].snippet;
  // ... and comes right after it when a worker asks.
  const auto asked = guided_search(engine, question, f, SearchMode::kKeyword, {}).hits;
  ASSERT_GE(asked.size(), 2u);
  EXPECT_EQ(asked[0].chapter_path.back().rfind("4.3.1 接地线采用电弧焊", 0), 0u)
      << asked[0].chapter_path.back();
  EXPECT_EQ(asked[1].chapter_path.back().rfind("4.3.1 焊接不良", 0), 0u)
      << asked[1].chapter_path.back();
  // A chapter and its restatement are one suggestion: the standard's.
  const auto suggested = suggest_chapters(store, "接地线的连接", {}, builtin_synonyms(), 5);
  int connections = 0;
  for (const auto& c : suggested)
    if (c.title == "4.3 接地线的连接") {
      ++connections;
      EXPECT_EQ(c.page_start, 1);
    }
  EXPECT_EQ(connections, 1);
}

}  // namespace explanations_test
}  // namespace regreader::index
