#pragma once
// Greedy CTC decoding of a text-line recogniser's output (PP-OCR's recognition model): at each
// time step the most probable class; runs of one class are one character, the blank class (0)
// separates characters. Each character keeps the steps it spans, so it can be placed on the line.

#include <string>
#include <vector>

namespace regreader::parse {

/// A recogniser's character list: class i (1-based) is `symbols[i - 1]`; the class after the
/// last symbol is a space when the model was trained with one (PP-OCR's use_space_char).
struct CtcAlphabet {
  std::vector<char32_t> symbols;
  /// Reads one symbol per line (PaddleOCR's ppocr_keys_v1.txt). Throws Error(kConversion).
  static CtcAlphabet from_file(const std::string& path);
};

struct CtcChar {
  char32_t c = 0;
  int first_step = 0, last_step = 0;  ///< inclusive
  float prob = 0;                     ///< the highest probability over its steps
  /// The runner-up symbol at the step where `c` was most probable, and its probability: what
  /// the recogniser would have read instead (0 when only blank competed).
  char32_t runner_up = 0;
  float runner_up_prob = 0;
  /// The third choice at that step and its probability (0 when fewer symbols competed): a
  /// glyph read at 72-100 dpi often has the right reading third (撇 0.29, 撒 0.24, 撤 0.10).
  char32_t third = 0;
  float third_prob = 0;
};

struct CtcLine {
  std::vector<CtcChar> chars;
  float confidence = 0;  ///< mean of the characters' probabilities (0 when none)
};

/// Decodes `steps` x `classes` probabilities (row-major). Classes beyond the alphabet and its
/// space are ignored as blanks.
CtcLine ctc_greedy_decode(const float* probs, int steps, int classes, const CtcAlphabet& alphabet);

}  // namespace regreader::parse
