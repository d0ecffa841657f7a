#include "regreader/index/embed/wordpiece.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::index {
namespace wordpiece_test {

using Strings = std::vector<std::string>;

WordPieceTokenizer make(WordPieceTokenizer::Options opts = {}) {
  return WordPieceTokenizer(
      {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "un", "##aff", "##able", "##a", "a",    "110",
       "##kv",  "kv",    "母",    "线",    "cafe",   "ca", "##fe",  ",",      "。",  "Hello"},
      opts);
}

TEST(WordPiece, SpecialTokenIds) {
  const auto t = make();
  EXPECT_EQ(t.pad_id(), 0);
  EXPECT_EQ(t.unk_id(), 1);
  EXPECT_EQ(t.cls_id(), 2);
  EXPECT_EQ(t.sep_id(), 3);
  EXPECT_EQ(t.vocab_size(), 21u);
  EXPECT_EQ(t.token_of(13), "母");
}

TEST(WordPiece, BasicPassSpacesIdeographsAndSplitsPunctuation) {
  const auto t = make();
  EXPECT_EQ(t.basic_tokenize("110kV母线失压，应处理。"),
            (Strings{"110kv", "母", "线", "失", "压", "，", "应", "处", "理", "。"}));
  EXPECT_EQ(t.basic_tokenize("Hello,world!(a-b)"),
            (Strings{"hello", ",", "world", "!", "(", "a", "-", "b", ")"}));
  // Full-width letters are neither ideographs nor punctuation: they stay one word.
  EXPECT_EQ(t.basic_tokenize("ＡＢ"), (Strings{"ａｂ"}));
}

TEST(WordPiece, BasicPassLowerCasesAndStripsAccents) {
  const auto t = make();
  EXPECT_EQ(t.basic_tokenize("Café ÉTAT naïve"), (Strings{"cafe", "etat", "naive"}));
  WordPieceTokenizer::Options keep;
  keep.lower_case = false;
  EXPECT_EQ(make(keep).basic_tokenize("Café Hello"), (Strings{"Café", "Hello"}));
}

TEST(WordPiece, BasicPassDropsControlCharactersAndSplitsOnAnyWhitespace) {
  const auto t = make();
  EXPECT_EQ(t.basic_tokenize(std::string("a\0b", 3)), (Strings{"ab"}));
  EXPECT_EQ(t.basic_tokenize("a\u200bb\tc\r\nd\u3000e\u00a0f"),
            (Strings{"ab", "c", "d", "e", "f"}));
  EXPECT_TRUE(t.basic_tokenize("").empty());
  EXPECT_TRUE(t.basic_tokenize(" \t\n ").empty());
}

TEST(WordPiece, GreedyLongestMatchFirstWithContinuations) {
  const auto t = make();
  EXPECT_EQ(t.wordpiece("unaffable"), (Strings{"un", "##aff", "##able"}));
  EXPECT_EQ(t.wordpiece("110kv"), (Strings{"110", "##kv"}));
  EXPECT_EQ(t.wordpiece("cafe"), (Strings{"cafe"}));         // the whole word beats ca ##fe
  EXPECT_EQ(t.wordpiece("unaffablex"), (Strings{"[UNK]"}));  // one miss makes the word [UNK]
  EXPECT_EQ(t.wordpiece("线"), (Strings{"线"}));
}

TEST(WordPiece, WordsOverOneHundredCharactersAreUnknown) {
  const auto t = make();
  const auto hundred = t.wordpiece(std::string(100, 'a'));
  ASSERT_EQ(hundred.size(), 100u);
  EXPECT_EQ(hundred.front(), "a");
  EXPECT_EQ(hundred.back(), "##a");
  EXPECT_EQ(t.wordpiece(std::string(101, 'a')), (Strings{"[UNK]"}));
}

TEST(WordPiece, InvalidUtf8IsDroppedOrUnknown) {
  const auto t = make();
  EXPECT_EQ(t.basic_tokenize("\xff母\xe6"), (Strings{"母"}));
  EXPECT_EQ(t.wordpiece("a\xff"), (Strings{"[UNK]"}));
}

TEST(WordPiece, EncodeGivesVocabularyIds) {
  const auto t = make();
  EXPECT_EQ(t.encode("110kV母线 unaffable, 站。"),
            (std::vector<int32_t>{10, 11, 13, 14, 5, 6, 7, 18, 1, 19}));
  // Special tokens typed as text are not special.
  EXPECT_EQ(t.encode("[CLS]").size(), 3u);
}

TEST(WordPiece, VocabularyFileErrorsNameTheFile) {
  parse::TempDir tmp;
  const auto missing = tmp.path() / "vocab.txt";
  try {
    WordPieceTokenizer::from_file(missing);
    FAIL() << "no error for a missing vocabulary";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kNotFound);
    EXPECT_NE(std::string(e.what()).find(missing.string()), std::string::npos) << e.what();
  }
  std::ofstream(missing) << "[PAD]\n[CLS]\n[SEP]\nhello\n";
  try {
    WordPieceTokenizer::from_file(missing);
    FAIL() << "no error for a vocabulary without [UNK]";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kCorruptFile);
    EXPECT_NE(std::string(e.what()).find(missing.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("[UNK]"), std::string::npos) << e.what();
  }
}

TEST(WordPiece, VocabularyFileWithWindowsLineEnds) {
  parse::TempDir tmp;
  const auto path = tmp.path() / "vocab.txt";
  std::ofstream(path, std::ios::binary) << "[PAD]\r\n[UNK]\r\n[CLS]\r\n[SEP]\r\n母\r\n";
  const auto t = WordPieceTokenizer::from_file(path);
  EXPECT_EQ(t.encode("母"), (std::vector<int32_t>{4}));
}

}  // namespace wordpiece_test
}  // namespace regreader::index
