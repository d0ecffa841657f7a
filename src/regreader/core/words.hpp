#pragma once
// Chinese word segmentation by ICU's dictionary word break iterator (the CJK dictionary shipped
// with ICU): "倒闸操作票应保存多长时间" -> 倒|闸|操作|票|应|保存|多|长|时间. Used to reduce a
// question to its content words; the index itself stays on character pairs (tokenizer.hpp),
// which need no dictionary and miss no word the dictionary lacks.

#include <string>
#include <string_view>
#include <vector>

namespace regreader::text {

/// The words of `s` in order, as ICU splits them; whitespace and punctuation are dropped.
std::vector<std::string> split_words(std::string_view s);

/// True when ICU's dictionary keeps `s`, two or more characters, as one word (塌方, 子串; not
/// 場方 or 子申).
bool is_dictionary_word(std::string_view s);

}  // namespace regreader::text
