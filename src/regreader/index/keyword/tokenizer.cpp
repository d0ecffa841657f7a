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
  bool as_written;  // the normalised character is the text's own (UTF-8 the same bytes)
};

char32_t normalise(char32_t c) {
  if ((c >= 0xFF10 && c <= 0xFF19) || (c >= 0xFF21 && c <= 0xFF3A) || (c >= 0xFF41 && c <= 0xFF5A))
    c -= 0xFEE0;
  if (c == 0xFF0E) c = '.';
  if (c >= 'A' && c <= 'Z') c += 32;
  return c;
}

// Into `out`, reused by the caller: decoding allocated a vector per text.
void decode(std::string_view s, std::vector<Cp>& out) {
  out.clear();
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  int32_t i = 0;
  const auto n = static_cast<int32_t>(s.size());
  while (i < n) {
    const int32_t start = i;
    UChar32 raw = 0;
    U8_NEXT(p, i, n, raw);
    const char32_t c = raw < 0 ? U'\uFFFD' : normalise(static_cast<char32_t>(raw));
    const bool as_written = raw >= 0 && c == static_cast<char32_t>(raw);
    Kind k = Kind::kSeparator;
    if (text::is_han(c))
      k = Kind::kHan;
    else if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'))
      k = Kind::kAlnum;
    out.push_back({c, start, i, k, as_written});
  }
  // Dots inside numbers (5.2.3) and a ± before digits (±800) belong to the alphanumeric run.
  for (size_t k = 0; k < out.size(); ++k) {
    const bool digit_before = k > 0 && out[k - 1].c >= '0' && out[k - 1].c <= '9';
    const bool digit_after = k + 1 < out.size() && out[k + 1].c >= '0' && out[k + 1].c <= '9';
    if (out[k].c == '.' && digit_before && digit_after) out[k].kind = Kind::kAlnum;
    if (out[k].c == U'±' && digit_after && (k == 0 || out[k - 1].kind != Kind::kAlnum))
      out[k].kind = Kind::kAlnum;
  }
}

// The token of code points [i, j): a view of the text when it is spelled there as the token is,
// else spelled into `buf`.
TokenView token_of(std::string_view text, const std::vector<Cp>& cps, size_t i, size_t j,
                   bool colocated, std::string& buf) {
  const int start = cps[i].start, end = cps[j - 1].end;
  bool as_written = true;
  for (size_t k = i; k < j && as_written; ++k)
    as_written = cps[k].as_written;
  if (as_written)
    return {text.substr(static_cast<size_t>(start), static_cast<size_t>(end - start)), start, end,
            colocated};
  buf.clear();
  for (size_t k = i; k < j; ++k)
    text::append_utf8(buf, cps[k].c);
  return {buf, start, end, colocated};
}

struct Emitter {
  std::string_view text;
  const std::vector<Cp>& cps;
  std::string& buf;
  TokenSink sink;
  void* context;
  void operator()(size_t i, size_t j, bool colocated) const {
    sink(context, token_of(text, cps, i, j, colocated, buf));
  }
};

void emit_han_run(size_t b, size_t e, TokenizeMode mode, const Emitter& emit) {
  if (e - b == 1) {
    emit(b, e, false);
    return;
  }
  for (size_t k = b; k + 1 < e; ++k) {
    emit(k, k + 2, false);
    if (mode == TokenizeMode::kDocument) emit(k, k + 1, true);
  }
  // The run's last character: its own position in documents, so "线" in "母线" is found.
  if (mode == TokenizeMode::kDocument) emit(e - 1, e, false);
}

// A text longer than this (a whole document as one block) does not keep its code points' room.
constexpr size_t kKeptCodePoints = size_t{1} << 16;

}  // namespace

void for_each_token(std::string_view text, TokenizeMode mode, TokenSink sink, void* context) {
  // Per thread, so that neither the code points nor a token's spelling allocate once warm. A
  // callback that tokenizes again (none does) would find them in use: it gets its own.
  thread_local std::vector<Cp> shared_cps;
  thread_local std::string shared_buf;
  thread_local bool in_use = false;
  std::vector<Cp> own_cps;
  std::string own_buf;
  const bool nested = in_use;
  std::vector<Cp>& cps = nested ? own_cps : shared_cps;
  std::string& buf = nested ? own_buf : shared_buf;
  in_use = true;
  struct Release {
    bool nested;
    ~Release() {
      if (nested) return;
      in_use = false;
      if (shared_cps.capacity() > kKeptCodePoints) std::vector<Cp>().swap(shared_cps);
    }
  } release{nested};
  decode(text, cps);
  const Emitter emit{text, cps, buf, sink, context};
  size_t i = 0;
  while (i < cps.size()) {
    const Kind k = cps[i].kind;
    size_t j = i + 1;
    while (j < cps.size() && cps[j].kind == k)
      ++j;
    if (k == Kind::kHan)
      emit_han_run(i, j, mode, emit);
    else if (k == Kind::kAlnum)
      emit(i, j, false);
    i = j;
  }
}

std::vector<Token> tokenize(std::string_view text, TokenizeMode mode) {
  std::vector<Token> out;
  for_each_token(text, mode, [&](const TokenView& t) {
    out.push_back({std::string(t.text), t.start, t.end, t.colocated});
  });
  return out;
}

}  // namespace regreader::index
