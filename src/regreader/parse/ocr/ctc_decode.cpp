#include "regreader/parse/ocr/ctc_decode.hpp"

#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"

namespace regreader::parse {

CtcAlphabet CtcAlphabet::from_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorCode::kConversion, "cannot read the OCR character list " + path);
  CtcAlphabet a;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto cps = text::to_codepoints(line);
    // One symbol per line; an empty line would shift every class after it, so it is a space.
    a.symbols.push_back(cps.empty() ? U' ' : cps.front());
  }
  if (a.symbols.empty()) throw Error(ErrorCode::kConversion, "empty OCR character list " + path);
  return a;
}

CtcLine ctc_greedy_decode(const float* probs, int steps, int classes, const CtcAlphabet& alphabet) {
  CtcLine line;
  const int symbols = static_cast<int>(alphabet.symbols.size());
  auto symbol = [&](int k) {
    return k <= symbols ? alphabet.symbols[static_cast<size_t>(k - 1)] : U' ';
  };
  int prev = 0;
  double sum = 0;
  for (int t = 0; t < steps; ++t) {
    const float* row = probs + static_cast<ptrdiff_t>(t) * classes;
    // The three most probable classes other than the blank; the step reads the first of them
    // unless the blank is more probable.
    int top[3] = {0, 0, 0};
    for (int k = 1; k < classes; ++k) {
      int at = 3;
      while (at > 0 && (top[at - 1] == 0 || row[k] > row[top[at - 1]]))
        --at;
      if (at == 3) continue;
      for (int j = 2; j > at; --j)
        top[j] = top[j - 1];
      top[at] = k;
    }
    for (int& k : top)
      if (k > symbols + 1) k = 0;  // a class the alphabet does not name
    const int best = top[0] != 0 && row[top[0]] > row[0] ? top[0] : 0;
    // The other choices of a step that reads a symbol (0 when only the blank competed).
    auto choice = [&](int k) { return k != 0 && row[k] > 0 ? symbol(k) : U'\0'; };
    auto prob = [&](int k) { return k != 0 && row[k] > 0 ? row[k] : 0.0f; };
    if (best != 0 && best == prev && !line.chars.empty()) {
      CtcChar& c = line.chars.back();
      c.last_step = t;
      if (row[best] > c.prob) {
        sum += row[best] - c.prob, c.prob = row[best];
        c.runner_up = choice(top[1]), c.runner_up_prob = prob(top[1]);
        c.third = choice(top[2]), c.third_prob = prob(top[2]);
      }
    } else if (best != 0) {
      line.chars.push_back({symbol(best), t, t, row[best], choice(top[1]), prob(top[1]),
                            choice(top[2]), prob(top[2])});
      sum += row[best];
    }
    prev = best;
  }
  if (!line.chars.empty()) line.confidence = static_cast<float>(sum / line.chars.size());
  return line;
}

}  // namespace regreader::parse
