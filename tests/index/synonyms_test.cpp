// The built-in field words: each word a worker says finds the wording the regulations use.

#include "regreader/index/synonyms.hpp"

#include <gtest/gtest.h>

#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/structure/structure_builder.hpp"

namespace regreader::index {
namespace synonyms_test {

// The pairs after the units and old names: what the field says for what regulations write.
std::vector<std::pair<std::string, std::string>> field_words() {
  std::vector<std::pair<std::string, std::string>> out;
  bool field = false;
  for (const auto& p : builtin_synonyms()) {
    field = field || p.first == "挂地线";
    if (field) out.push_back(p);
  }
  return out;
}

TEST(FieldWords, EachFindsTheRegulationsWording) {
  const auto pairs = field_words();
  ASSERT_GE(pairs.size(), 20u);
  // One clause per pair, holding the standard wording and never the field word.
  std::string md = "# 现场作业规程\n\n## 1 规定\n\n";
  for (size_t i = 0; i < pairs.size(); ++i)
    md += "1." + std::to_string(i + 1) + " 作业前应检查" + pairs[i].second + "的有关规定。\n\n";
  enable_keyword_index();
  parse::TempDir dir;
  store::PageStore store(dir.path(), true);
  ensure_keyword_index(store);
  auto d = parse::build_document(parse::parse_markdown(md, true, {}), "R");
  d.info.source_file = "/r.md";
  d.info.source_sha256 = "r";
  d.info.indexed_at = "2026-11-28T00:00:00Z";
  store.save(d);
  for (const auto& [word, standard] : pairs) {
    ASSERT_EQ(md.find(word), std::string::npos) << word << " must not be in the text itself";
    SearchFilter f;
    f.limit = 3;
    const auto hits = keyword_search(store, word, f);
    ASSERT_FALSE(hits.empty()) << word << " -> " << standard;
    EXPECT_NE(hits[0].match, "partial") << word;
    EXPECT_NE(hits[0].snippet.find(standard), std::string::npos)
        << word << " -> " << standard << ": " << hits[0].snippet;
  }
}

TEST(FieldWords, ExpandTermReplacesOneWordAtATime) {
  const auto v = expand_term("挂地线顺序", builtin_synonyms());
  EXPECT_EQ(v.front(), "挂地线顺序");
  EXPECT_NE(std::find(v.begin(), v.end(), "装设接地线顺序"), v.end());
}

}  // namespace synonyms_test
}  // namespace regreader::index
