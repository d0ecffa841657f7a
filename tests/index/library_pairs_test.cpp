// The character pairs of a library's text that OCR weighs its readings against: only text no
// OCR read counts, and what is stored since is added.

#include "regreader/index/library_pairs.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "regreader/core/text.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/parse_document.hpp"
#include "regreader/store/page_store.hpp"

namespace regreader::index {
namespace library_pairs_test {

bool holds(const parse::CharPairs& pairs, const std::string& two) {
  const auto cps = text::to_codepoints(two);
  return pairs.count(parse::char_pair(cps.at(0), cps.at(1))) > 0;
}

class LibraryPairs : public ::testing::Test {
 protected:
  // A regulation of one clause, its pages read from a text layer or (`scanned`) by OCR.
  void save(const std::string& reg_id, const std::string& clause, bool scanned = false) {
    const auto file = dir_.path() / (reg_id + ".md");
    std::ofstream(file) << "# " << reg_id << " 规程\n\n## 1 总则\n\n1.1 " << clause << "\n";
    auto doc = parse::parse_document(file, reg_id, {});
    if (scanned)
      for (auto& p : doc.pages)
        p.text_source = "ocr";
    store_.save(doc);
  }
  parse::TempDir dir_;
  store::PageStore store_{dir_.path() / "data", true};
};

TEST_F(LibraryPairs, TextNoOcrReadCountsAndWhatIsStoredSinceIsAdded) {
  save("R1", "沟槽开挖应防止土层塌方。");
  save("SCAN", "防止土层場方的措施。", true);
  const auto first = library_pairs(store_);
  EXPECT_TRUE(holds(*first, "塌方"));
  EXPECT_TRUE(holds(*first, "沟槽"));
  EXPECT_FALSE(holds(*first, "場方")) << "a scan's misreading must not bear itself out";
  EXPECT_FALSE(holds(*first, "应防") && holds(*first, "防应")) << "pairs keep their order";
  EXPECT_EQ(library_pairs(store_), first) << "nothing stored since: the same set";

  save("R2", "绝缘子串应检测。");
  const auto second = library_pairs(store_);
  EXPECT_TRUE(holds(*second, "子串"));
  EXPECT_TRUE(holds(*second, "塌方"));
  EXPECT_FALSE(holds(*first, "子串")) << "a set handed out does not change";

  save("R1", "线路停电检修。");  // R1 replaced: its old clause's pairs go
  const auto third = library_pairs(store_);
  EXPECT_FALSE(holds(*third, "塌方"));
  EXPECT_TRUE(holds(*third, "检修"));
  EXPECT_TRUE(holds(*third, "子串"));
}

}  // namespace library_pairs_test
}  // namespace regreader::index
