#include "regreader/index/keyword/tokenizer.hpp"

#include <unicode/utf8.h>

#include "regreader/core/text.hpp"

namespace regreader::index {

namespace {

enum class Kind { kSeparator, kHan, kAlnum };

struct Cp {
  char32_t c;  // normalised
  int start, end;
  Kind kind;
};

char32_t normalise(char32_t c) {
  if ((c >= 0xFF10 && c <= 0xFF19) || (c >= 0xFF21 && c <= 0xFF3A) || (c >= 0xFF41 && c <= 0xFF5A))
    c -= 0xFEE0;
  if (c == 0xFF0E) c = '.';
  if (c >= 'A' && c <= 'Z') c += 32;
  return c;
}

std::vector<Cp> decode(std::string_view s) {
  std::vector<Cp> out;
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  int32_t i = 0;
  const auto n = static_cast<int32_t>(s.size());
  while (i < n) {
    const int32_t start = i;
    UChar32 raw = 0;
    U8_NEXT(p, i, n, raw);
    const char32_t c = raw < 0 ? U'\uFFFD' : normalise(static_cast<char32_t>(raw));
    Kind k = Kind::kSeparator;
    if (text::is_han(c))
      k = Kind::kHan;
    else if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'))
      k = Kind::kAlnum;
    out.push_back({c, start, i, k});
  }
  // Dots inside numbers (5.2.3) and a ± before digits (±800) belong to the alphanumeric run.
  for (size_t k = 0; k < out.size(); ++k) {
    const bool digit_before = k > 0 && out[k - 1].c >= '0' && out[k - 1].c <= '9';
    const bool digit_after = k + 1 < out.size() && out[k + 1].c >= '0' && out[k + 1].c <= '9';
    if (out[k].c == '.' && digit_before && digit_after) out[k].kind = Kind::kAlnum;
    if (out[k].c == U'±' && digit_after && (k == 0 || out[k - 1].kind != Kind::kAlnum))
      out[k].kind = Kind::kAlnum;
  }
  return out;
}

void emit_han_run(const std::vector<Cp>& cps, size_t b, size_t e, TokenizeMode mode,
                  std::vector<Token>& out) {
  auto str = [&](size_t i, size_t j) {
    std::string s;
    for (size_t k = i; k < j; ++k)
      text::append_utf8(s, cps[k].c);
    return s;
  };
  if (e - b == 1) {
    out.push_back({str(b, e), cps[b].start, cps[b].end, false});
    return;
  }
  for (size_t k = b; k + 1 < e; ++k) {
    out.push_back({str(k, k + 2), cps[k].start, cps[k + 1].end, false});
    if (mode == TokenizeMode::kDocument)
      out.push_back({str(k, k + 1), cps[k].start, cps[k].end, true});
  }
  // The run's last character: its own position in documents, so "线" in "母线" is found.
  if (mode == TokenizeMode::kDocument)
    out.push_back({str(e - 1, e), cps[e - 1].start, cps[e - 1].end, false});
}

}  // namespace

std::vector<Token> tokenize(std::string_view text, TokenizeMode mode) {
  const auto cps = decode(text);
  std::vector<Token> out;
  size_t i = 0;
  while (i < cps.size()) {
    const Kind k = cps[i].kind;
    size_t j = i + 1;
    while (j < cps.size() && cps[j].kind == k)
      ++j;
    if (k == Kind::kHan) {
      emit_han_run(cps, i, j, mode, out);
    } else if (k == Kind::kAlnum) {
      Token t{{}, cps[i].start, cps[j - 1].end, false};
      for (size_t m = i; m < j; ++m)
        text::append_utf8(t.text, cps[m].c);
      out.push_back(std::move(t));
    }
    i = j;
  }
  return out;
}

}  // namespace regreader::index
