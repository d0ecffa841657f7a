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
    int best = 0, second = 0;
    for (int k = 1; k < classes; ++k) {
      if (row[k] > row[best]) {
        if (best != 0) second = best;
        best = k;
      } else if (second == 0 || row[k] > row[second]) {
        second = k;
      }
    }
    if (best > symbols + 1) best = 0;  // a class the alphabet does not name
    if (second > symbols + 1) second = 0;
    const bool runner_up = best != 0 && second != 0 && row[second] > 0;
    if (best != 0 && best == prev && !line.chars.empty()) {
      CtcChar& c = line.chars.back();
      c.last_step = t;
      if (row[best] > c.prob) {
        sum += row[best] - c.prob, c.prob = row[best];
        c.runner_up = runner_up ? symbol(second) : 0;
        c.runner_up_prob = runner_up ? row[second] : 0;
      }
    } else if (best != 0) {
      line.chars.push_back({symbol(best), t, t, row[best], runner_up ? symbol(second) : 0,
                            runner_up ? row[second] : 0});
      sum += row[best];
    }
    prev = best;
  }
  if (!line.chars.empty()) line.confidence = static_cast<float>(sum / line.chars.size());
  return line;
}

}  // namespace regreader::parse
