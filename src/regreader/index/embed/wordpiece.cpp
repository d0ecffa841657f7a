#include "regreader/index/embed/wordpiece.hpp"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"

namespace regreader::index {
namespace {

using Word = std::vector<char32_t>;

// BERT's _is_control: every "C*" general category except the three whitespace controls.
bool is_control(char32_t c) {
  if (c == '\t' || c == '\n' || c == '\r') return false;
  switch (u_charType(static_cast<UChar32>(c))) {
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_SURROGATE:
    case U_PRIVATE_USE_CHAR:
    case U_UNASSIGNED:
      return true;
    default:
      return false;
  }
}

// BERT's _is_whitespace.
bool is_whitespace(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
         u_charType(static_cast<UChar32>(c)) == U_SPACE_SEPARATOR;
}

// Python's str.split() also breaks at the line and paragraph separators that survive cleaning.
bool splits_words(char32_t c) {
  return is_whitespace(c) || c == 0x2028 || c == 0x2029;
}

// BERT's _is_chinese_char: the CJK Unified Ideograph blocks only (not CJK punctuation).
bool is_chinese_char(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x20000 && c <= 0x2A6DF) || (c >= 0x2A700 && c <= 0x2B73F) ||
         (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

// BERT's _is_punctuation: all non-alphanumeric ASCII plus the Unicode "P*" categories.
bool is_punctuation(char32_t c) {
  if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) ||
      (c >= 123 && c <= 126))
    return true;
  switch (u_charType(static_cast<UChar32>(c))) {
    case U_DASH_PUNCTUATION:
    case U_START_PUNCTUATION:
    case U_END_PUNCTUATION:
    case U_CONNECTOR_PUNCTUATION:
    case U_OTHER_PUNCTUATION:
    case U_INITIAL_PUNCTUATION:
    case U_FINAL_PUNCTUATION:
      return true;
    default:
      return false;
  }
}

// Cleaning, a space around each ideograph, and the whitespace split, in one pass.
std::vector<Word> split_words(std::string_view text) {
  std::vector<Word> words(1);
  const auto flush = [&] {
    if (!words.back().empty()) words.emplace_back();
  };
  for (char32_t c : text::to_codepoints(text)) {
    if (c == 0 || c == 0xFFFD || is_control(c)) continue;
    if (splits_words(c)) {
      flush();
    } else if (is_chinese_char(c)) {
      flush();
      words.back().push_back(c);
      flush();
    } else {
      words.back().push_back(c);
    }
  }
  if (words.back().empty()) words.pop_back();
  return words;
}

// Python's str.lower() followed by NFD with the non-spacing marks removed.
Word lower_strip_accents(const Word& w) {
  icu::UnicodeString s;
  for (char32_t c : w)
    s.append(static_cast<UChar32>(c));
  s.toLower(icu::Locale::getRoot());
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  if (U_FAILURE(status)) throw Error(ErrorCode::kInternal, "ICU NFD normaliser unavailable");
  const icu::UnicodeString d = nfd->normalize(s, status);
  if (U_FAILURE(status)) throw Error(ErrorCode::kInternal, "ICU NFD normalisation failed");
  Word out;
  for (int32_t i = 0; i < d.length(); i = d.moveIndex32(i, 1)) {
    const UChar32 c = d.char32At(i);
    if (u_charType(c) != U_NON_SPACING_MARK) out.push_back(static_cast<char32_t>(c));
  }
  return out;
}

}  // namespace

WordPieceTokenizer WordPieceTokenizer::from_file(const std::filesystem::path& vocab_txt,
                                                 Options opts) {
  std::ifstream in(vocab_txt, std::ios::binary);
  if (!in) throw Error(ErrorCode::kNotFound, "cannot open vocabulary " + vocab_txt.string());
  std::vector<std::string> vocab;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    vocab.push_back(line);
  }
  try {
    return WordPieceTokenizer(std::move(vocab), opts);
  } catch (const Error& e) {
    throw Error(e.code(), "vocabulary " + vocab_txt.string() + ": " + e.what());
  }
}

WordPieceTokenizer::WordPieceTokenizer(std::vector<std::string> vocab, Options opts)
    : vocab_(std::move(vocab)), opts_(opts) {
  if (vocab_.empty()) throw Error(ErrorCode::kCorruptFile, "empty vocabulary");
  for (size_t i = 0; i < vocab_.size(); ++i)
    ids_.insert_or_assign(vocab_[i], static_cast<int32_t>(i));  // as HF: a later line wins
  cls_ = require("[CLS]");
  sep_ = require("[SEP]");
  pad_ = require("[PAD]");
  unk_ = require("[UNK]");
}

int32_t WordPieceTokenizer::require(const std::string& token) const {
  const auto id = id_of(token);
  if (!id) throw Error(ErrorCode::kCorruptFile, "vocabulary has no " + token + " token");
  return *id;
}

std::optional<int32_t> WordPieceTokenizer::id_of(const std::string& token) const {
  const auto it = ids_.find(token);
  if (it == ids_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> WordPieceTokenizer::basic_tokenize(std::string_view text) const {
  std::vector<std::string> out;
  for (const Word& raw : split_words(text)) {
    const Word w = opts_.lower_case ? lower_strip_accents(raw) : raw;
    std::string current;
    for (char32_t c : w) {
      if (is_punctuation(c)) {
        if (!current.empty()) out.push_back(std::move(current));
        current.clear();
        out.emplace_back();
        text::append_utf8(out.back(), c);
      } else {
        text::append_utf8(current, c);
      }
    }
    if (!current.empty()) out.push_back(std::move(current));
  }
  return out;
}

std::vector<std::string> WordPieceTokenizer::wordpiece(const std::string& word) const {
  // Byte offset of every code point, so candidates are cut on character boundaries.
  std::vector<size_t> at;
  const auto* p = reinterpret_cast<const uint8_t*>(word.data());
  const auto n = static_cast<int32_t>(word.size());
  for (int32_t i = 0; i < n;) {
    at.push_back(static_cast<size_t>(i));
    UChar32 c = 0;
    U8_NEXT(p, i, n, c);
  }
  const size_t chars = at.size();
  at.push_back(word.size());
  if (chars > opts_.max_chars_per_word) return {"[UNK]"};
  std::vector<std::string> pieces;
  size_t start = 0;
  while (start < chars) {
    size_t end = chars;
    std::string found;
    for (; end > start; --end) {
      std::string cand = (start > 0 ? "##" : "") + word.substr(at[start], at[end] - at[start]);
      if (ids_.count(cand)) {
        found = std::move(cand);
        break;
      }
    }
    if (found.empty()) return {"[UNK]"};
    pieces.push_back(std::move(found));
    start = end;
  }
  return pieces;
}

std::vector<int32_t> WordPieceTokenizer::encode(std::string_view text) const {
  std::vector<int32_t> ids;
  for (const std::string& w : basic_tokenize(text))
    for (const std::string& p : wordpiece(w))
      ids.push_back(p == "[UNK]" ? unk_ : ids_.at(p));
  return ids;
}

}  // namespace regreader::index
