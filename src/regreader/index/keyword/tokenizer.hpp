#pragma once
// The keyword tokenizer for Chinese regulations. SQLite's unicode61 treats a whole run of Chinese
// characters as one token (母线 would not match 母线失压时应立即处理) and ICU's word breaker splits
// 母线 into 母|线, so this is ours:
//   - text is width-folded and ASCII lower-cased (ＧＢ２６８６０ -> gb26860);
//   - a run of CJK characters becomes overlapping bigrams (母线失压 -> 母线 线失 失压); a run of
//   one
//     character is that character; in documents every character is also indexed as a unigram at
//     the position of its bigram (FTS5's colocated tokens), so one-character queries match too;
//   - runs of letters and digits stay whole, with the dots of 5.2.3 and a leading ± (110kV,
//     gb26860, 5.2.3, ±800); '-' and '/' split (GB/T 26860-2011 -> gb t 26860 2011);
//   - byte offsets point into the original text, for snippets and highlights.

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace regreader::index {

struct Token {
  std::string text;
  int start = 0;           ///< byte offset in the input
  int end = 0;             ///< one past the last byte
  bool colocated = false;  ///< at the same position as the previous token (FTS5_TOKEN_COLOCATED)
  bool operator==(const Token&) const = default;
};

enum class TokenizeMode { kDocument, kQuery };

std::vector<Token> tokenize(std::string_view text, TokenizeMode mode);

/// A token as for_each_token passes it: `text` is valid until the callback returns.
struct TokenView {
  std::string_view text;
  int start = 0;
  int end = 0;
  bool colocated = false;
};

/// Receives each token of for_each_token, with the context it was given.
using TokenSink = void (*)(void* context, const TokenView& token);

/// The tokens tokenize() returns, one by one, without a string for each (a token is a view of
/// the text where it is spelled as written, as every Chinese one is): FTS5 indexing every block
/// and the loose pass's coverage of every candidate tokenize whole texts to keep a few tokens or
/// none (a third of a hit's cost at 10^5 blocks was allocating token strings).
void for_each_token(std::string_view text, TokenizeMode mode, TokenSink sink, void* context);

/// for_each_token with a callable, called with each `const TokenView&`.
template <class Fn>
void for_each_token(std::string_view text, TokenizeMode mode, Fn&& fn) {
  using F = std::remove_reference_t<Fn>;
  for_each_token(
      text, mode, [](void* c, const TokenView& t) { (*static_cast<F*>(c))(t); },
      const_cast<void*>(static_cast<const void*>(&fn)));
}

}  // namespace regreader::index
