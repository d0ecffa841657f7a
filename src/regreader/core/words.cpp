#include "regreader/core/words.hpp"

#include <unicode/brkiter.h>
#include <unicode/unistr.h>

#include <memory>

#include "regreader/core/text.hpp"

namespace regreader::text {

namespace {

// One iterator per thread: creating one loads the dictionary rules (tens of microseconds), and an
// iterator holds the text it walks, so it cannot be shared.
icu::BreakIterator* word_iterator() {
  thread_local std::unique_ptr<icu::BreakIterator> it = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> made(
        icu::BreakIterator::createWordInstance(icu::Locale::getChinese(), status));
    if (U_FAILURE(status)) made.reset();
    return made;
  }();
  return it.get();
}

bool is_word(const std::string& w) {
  for (char32_t c : to_codepoints(w))
    if (is_han(c) || (c < 0x80 && std::isalnum(static_cast<int>(c))) ||
        (c >= 0xFF10 && c <= 0xFF5A))
      return true;
  return false;
}

}  // namespace

std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> out;
  icu::BreakIterator* it = word_iterator();
  const icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  if (!it) {  // no break rules in this ICU build: whitespace-separated pieces
    std::string word;
    for (char c : std::string(s) + " ") {
      if (c == ' ') {
        if (is_word(word)) out.push_back(word);
        word.clear();
      } else {
        word.push_back(c);
      }
    }
    return out;
  }
  it->setText(u);
  int32_t start = it->first();
  for (int32_t end = it->next(); end != icu::BreakIterator::DONE; start = end, end = it->next()) {
    std::string w;
    u.tempSubStringBetween(start, end).toUTF8String(w);
    if (is_word(w)) out.push_back(std::move(w));
  }
  return out;
}

bool is_dictionary_word(std::string_view s) {
  if (s.empty() || !word_iterator()) return false;
  const auto words = split_words(s);
  return words.size() == 1 && words.front().size() == s.size() && to_codepoints(s).size() >= 2;
}

}  // namespace regreader::text
