#pragma once
// The BERT tokenizer as Hugging Face's BertTokenizer runs it for Chinese models (do_lower_case):
// a basic pass (drop control characters, whitespace split, a space around every CJK ideograph,
// lower-case and strip accents, split punctuation) then WordPiece, greedy longest-match-first with
// "##" continuations, a word of more than 100 characters or with no match becoming [UNK].
// Special tokens typed inside the text ("[CLS]") are tokenized as text, not as the special token.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace regreader::index {

struct WordPieceOptions {
  bool lower_case = true;           ///< lower-case and strip accents (bge-small-zh: true)
  size_t max_chars_per_word = 100;  ///< longer words become [UNK], as in BERT
};

class WordPieceTokenizer {
 public:
  using Options = WordPieceOptions;

  /// Reads vocab.txt (one token a line, id = line number). Throws Error naming the file:
  /// kNotFound when missing, kCorruptFile when empty or missing [CLS], [SEP], [PAD] or [UNK].
  static WordPieceTokenizer from_file(const std::filesystem::path& vocab_txt, Options opts = {});
  /// Vocabulary given in id order; throws kCorruptFile when a special token is missing.
  explicit WordPieceTokenizer(std::vector<std::string> vocab, Options opts = {});

  /// The basic pass only: words and punctuation marks, lower-cased when configured.
  std::vector<std::string> basic_tokenize(std::string_view text) const;
  /// WordPiece split of one basic token ("##" on continuations); {"[UNK]"} when impossible.
  std::vector<std::string> wordpiece(const std::string& word) const;
  /// Token ids of `text` without [CLS]/[SEP].
  std::vector<int32_t> encode(std::string_view text) const;

  std::optional<int32_t> id_of(const std::string& token) const;
  const std::string& token_of(int32_t id) const { return vocab_.at(static_cast<size_t>(id)); }
  size_t vocab_size() const { return vocab_.size(); }
  int32_t cls_id() const { return cls_; }
  int32_t sep_id() const { return sep_; }
  int32_t pad_id() const { return pad_; }
  int32_t unk_id() const { return unk_; }

 private:
  int32_t require(const std::string& token) const;

  std::vector<std::string> vocab_;
  std::unordered_map<std::string, int32_t> ids_;
  Options opts_;
  int32_t cls_ = 0, sep_ = 0, pad_ = 0, unk_ = 0;
};

}  // namespace regreader::index
