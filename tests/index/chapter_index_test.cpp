// The chapters' text index kept between processes: written and read back whole, and refused when
// it names another version of the library or does not read whole and consistent.

#include "regreader/index/chapter_index.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>

#include "index/markdown_docs.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::index {
namespace chapter_index_test {

using fixtures::markdown_doc;

class ChapterIndexFile : public ::testing::Test {
 protected:
  void SetUp() override {
    enable_keyword_index();
    store_ = std::make_unique<store::PageStore>(dir_.path() / "data", true);
    store_->save(markdown_doc("GB70000",
                              "# 线路检修规则\n\n## 2 记录\n\n接地线编号应记入检修记录。\n\n"
                              "## 3 接地线\n\n先接接地端，后接导体端。\n\n拆的时候顺序相反。\n"));
    store_->save(
        markdown_doc("GB70001", "# 变电站运行规程\n\n## 5 巡视\n\n巡视时不得接触设备外壳。\n"));
    file_ = store_->cache_dir() / "chapters.index";
  }
  std::string bytes() const {
    std::ifstream in(file_, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  void overwrite(const std::string& b) const { std::ofstream(file_, std::ios::binary) << b; }
  parse::TempDir dir_;
  std::unique_ptr<store::PageStore> store_;
  std::filesystem::path file_;
};

TEST_F(ChapterIndexFile, ReadsBackWhatWasWritten) {
  const ChapterIndex built = build_chapter_index(*store_);
  ASSERT_EQ(built.chapters.size(), 3u);
  ASSERT_TRUE(write_chapter_index(built, store_->version(), file_));
  const auto read = read_chapter_index(file_, store_->version());
  ASSERT_TRUE(read);
  ASSERT_EQ(read->chapters.size(), built.chapters.size());
  for (size_t i = 0; i < built.chapters.size(); ++i) {
    EXPECT_EQ(read->chapters[i].reg_id, built.chapters[i].reg_id);
    EXPECT_EQ(read->chapters[i].path, built.chapters[i].path);
    EXPECT_EQ(read->chapters[i].block_ids, built.chapters[i].block_ids);
    EXPECT_EQ(read->chapters[i].length, built.chapters[i].length);
  }
  EXPECT_EQ(read->regulations, built.regulations);
  ASSERT_EQ(read->tokens.size(), built.tokens.size());
  for (const auto& [token, number] : built.tokens) {
    const auto at = read->tokens.find(token);
    ASSERT_NE(at, read->tokens.end()) << token;
    const auto& want = built.postings[number];
    const auto& got = read->postings[at->second];
    ASSERT_EQ(got.size(), want.size()) << token;
    for (size_t k = 0; k < want.size(); ++k) {
      EXPECT_EQ(got[k].chapter, want[k].chapter);
      EXPECT_EQ(got[k].weight, want[k].weight);
    }
  }
  EXPECT_TRUE(read->tokens.count("接地"));
  // No temporary file is left beside it.
  size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(file_.parent_path()))
    ++files;
  EXPECT_EQ(files, 1u);
}

TEST_F(ChapterIndexFile, AnotherVersionOrABrokenFileIsNotRead) {
  ASSERT_TRUE(write_chapter_index(build_chapter_index(*store_), store_->version(), file_));
  const std::string whole = bytes();
  EXPECT_FALSE(read_chapter_index(file_, store_->version() + "x"));
  // The library changed: the file names the version it was made from.
  const std::string before = store_->version();
  store_->remove("GB70001");
  EXPECT_FALSE(read_chapter_index(file_, store_->version()));
  EXPECT_TRUE(read_chapter_index(file_, before));
  // Cut short anywhere, or with a byte more, or not ours at all.
  for (size_t cut : {whole.size() - 1, whole.size() / 2, size_t{30}, size_t{0}}) {
    overwrite(whole.substr(0, cut));
    EXPECT_FALSE(read_chapter_index(file_, before)) << "cut at " << cut;
  }
  overwrite(whole + "x");
  EXPECT_FALSE(read_chapter_index(file_, before));
  overwrite("garbage");
  EXPECT_FALSE(read_chapter_index(file_, before));
  // A posting naming a chapter the file does not have: its last 8 bytes are the last token's
  // last posting (chapter number, weight).
  std::string bad = whole;
  const uint32_t far = 1000;
  std::memcpy(bad.data() + bad.size() - 8, &far, sizeof far);
  overwrite(bad);
  EXPECT_FALSE(read_chapter_index(file_, before));
  std::filesystem::remove(file_);
  EXPECT_FALSE(read_chapter_index(file_, before));
}

TEST_F(ChapterIndexFile, AnUnwritableDirectoryIsSaidNotThrown) {
  const auto blocked = dir_.path() / "file-not-dir";
  std::ofstream(blocked) << "x";
  EXPECT_FALSE(write_chapter_index(build_chapter_index(*store_), "v", blocked / "chapters.index"));
}

}  // namespace chapter_index_test
}  // namespace regreader::index
