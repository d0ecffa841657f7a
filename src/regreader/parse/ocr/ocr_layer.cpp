#include "regreader/parse/ocr/ocr_layer.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

#include "regreader/core/text.hpp"
#include "regreader/core/words.hpp"
#include "regreader/parse/pdf/glyph_repair.hpp"

namespace regreader::parse {

namespace {

// Confidence given to an OCR digit that the scan's own text layer reads as another digit.
constexpr float kDisputedDigitConf = 40.0f;
// Confidence given to a line taken from the scan's own text layer where OCR found nothing.
constexpr float kLayerLineConf = 30.0f;
// Below this confidence (0-100) an OCR digit yields to the layer's reading of the place (and
// stays unsure either way).
constexpr float kYieldConf = 70.0f;
// Characters read with at least this confidence, and no alternative, are the document's own
// evidence of which character pairs occur (on GB 26859's scan, 70 gave five more words right
// and one wrong against 80; 60 one more of each against 70).
constexpr float kEvidenceConf = 70.0f;
// Below this an OCR reading yields to an alternative that forms a dictionary word where it forms
// none (on GB 26859 a threshold of 70 also turned a right 断股, read with 63, into 新股).
constexpr float kUnsureConf = 60.0f;
// An OCR reading this confident that forms pairs seen elsewhere stands against another.
constexpr float kConfidentConf = 80.0f;
constexpr float kVeryConfidentConf = 90.0f;
// Below this an OCR reading yields to an alternative that forms more of the pairs the library's
// text holds, where the document's own pairs tie (bench/ocr_synthetic.py at 72 dpi, the other
// regulations' Markdown as the library: 65 ideographs substituted without it, 64 at 60, 59 at
// 80, 58 at 95).
constexpr float kLibraryConf = 95.0f;

enum class Kind { kHan, kDigit, kLatin, kOther };

Kind kind_of(char32_t c) {
  if (text::is_han(c)) return Kind::kHan;
  if (is_digit(c)) return Kind::kDigit;
  if ((c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z')) return Kind::kLatin;
  return Kind::kOther;
}

// A separator between digits as OCR may read it: chi_sim also reads a small 、 as a middle dot.
bool read_as_separator(char32_t c) {
  return is_number_separator(c) || c == U'·';
}

char32_t folded(char32_t c) {
  const auto s = text::to_codepoints(text::fold_width(text::from_codepoints({c})));
  return s.empty() ? c : s.front();
}

bool is_blank(char32_t c) {
  return c == U' ' || c == U'\u3000' || c == U'\t';
}

// The layer's characters on the stretch of page an OCR line covers, left to right.
std::vector<PdfChar> layer_stretch(const PdfLine& line, const std::vector<PdfChar>& layer) {
  const float em = std::max(1.0f, line.y1 - line.y0);
  std::vector<PdfChar> out;
  for (const auto& l : layer) {
    const float cx = (l.x0 + l.x1) / 2, cy = (l.y0 + l.y1) / 2;
    if (is_blank(l.c) || cy < line.y0 || cy > line.y1) continue;
    if (cx < line.x0 - em || cx > line.x1 + em) continue;
    out.push_back(l);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const PdfChar& a, const PdfChar& b) { return a.x0 < b.x0; });
  return out;
}

// Levenshtein alignment of two readings of one line: per character of `a`, the index of the
// character of `b` it is matched or substituted with (-1 where `a` has an extra character).
// Written here because the pairs are needed, not just the distance; lines are short (under
// 100 characters), so the quadratic table is cheap.
std::vector<int> align(const std::vector<char32_t>& a, const std::vector<char32_t>& b,
                       size_t& distance) {
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<size_t>> d(n + 1, std::vector<size_t>(m + 1, 0));
  for (size_t i = 0; i <= n; ++i)
    d[i][0] = i;
  for (size_t j = 0; j <= m; ++j)
    d[0][j] = j;
  for (size_t i = 1; i <= n; ++i)
    for (size_t j = 1; j <= m; ++j)
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
  distance = d[n][m];
  std::vector<int> pair(n, -1);
  size_t i = n, j = m;
  while (i > 0 && j > 0) {
    if (d[i][j] == d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)) {
      pair[i - 1] = static_cast<int>(j - 1);
      --i, --j;
    } else if (d[i][j] == d[i - 1][j] + 1) {
      --i;
    } else {
      --j;
    }
  }
  return pair;
}

// Above this share of differing characters the two readings disagree about the line itself
// (another segmentation, a table row read across columns): no character is voted on.
constexpr double kMaxLineDistance = 0.4;

// A line's characters other than blanks: where they are on the line, and width-folded.
struct Readable {
  std::vector<size_t> index;
  std::vector<char32_t> folded;
};

Readable readable(const std::vector<PdfChar>& chars) {
  Readable r;
  for (size_t i = 0; i < chars.size(); ++i)
    if (!is_blank(chars[i].c)) {
      r.index.push_back(i);
      r.folded.push_back(folded(chars[i].c));
    }
  return r;
}

// Per character of `mine`, the index of the character of `stretch` read in its place (-1 where
// none); empty when the two readings disagree about the line itself.
std::vector<int> aligned(const std::vector<char32_t>& mine, const std::vector<PdfChar>& stretch) {
  std::vector<char32_t> theirs;
  for (const auto& l : stretch)
    theirs.push_back(folded(l.c));
  if (mine.empty() || theirs.empty()) return {};
  size_t distance = 0;
  std::vector<int> pair = align(mine, theirs, distance);
  if (static_cast<double>(distance) >
      kMaxLineDistance * static_cast<double>(std::max(mine.size(), theirs.size())))
    return {};
  return pair;
}

void vote_line(std::vector<PdfChar>& chars, const std::vector<PdfChar>& stretch) {
  const Readable mine = readable(chars);
  const std::vector<int> pair = aligned(mine.folded, stretch);
  for (size_t k = 0; k < pair.size(); ++k) {
    if (pair[k] < 0) continue;
    const char32_t other = folded(stretch[static_cast<size_t>(pair[k])].c);
    const char32_t own = mine.folded[k];
    if (other == own || is_unreadable(other) || kind_of(other) != kind_of(own)) continue;
    PdfChar& c = chars[mine.index[k]];
    if (kind_of(other) != Kind::kDigit) {
      if (kind_of(other) != Kind::kOther) c.alt = other;
      // `20.35` or `20、35` (20 and 35 kV): a separator between digits the two readings
      // disagree on changes the number as much as a digit does.
      const bool between_digits = k > 0 && k + 1 < mine.folded.size() &&
                                  is_digit(mine.folded[k - 1]) && is_digit(mine.folded[k + 1]);
      if (between_digits && read_as_separator(own) && read_as_separator(other))
        c.conf = std::min(c.conf, kDisputedDigitConf);
      continue;
    }
    if (c.conf < kYieldConf) c.c = other;
    c.conf = std::min(c.conf, kDisputedDigitConf);  // one of the two readings is wrong
  }
}

// One line of the page read several times by OCR: each character takes the reading most of them
// agree on (the more confident on a tie); a digit any reading disputes stays unsure.
void pick_line(std::vector<PdfChar>& chars, const std::vector<std::vector<PdfChar>>& stretches) {
  const Readable mine = readable(chars);
  // Per character, (reading, confidence) of every reading of its place, the line's own first.
  std::vector<std::vector<std::pair<char32_t, float>>> votes(mine.index.size());
  for (size_t k = 0; k < votes.size(); ++k)
    votes[k].emplace_back(chars[mine.index[k]].c, chars[mine.index[k]].conf);
  for (const auto& stretch : stretches) {
    const std::vector<int> pair = aligned(mine.folded, stretch);
    for (size_t k = 0; k < pair.size(); ++k)
      if (pair[k] >= 0 && !is_unreadable(stretch[static_cast<size_t>(pair[k])].c))
        votes[k].emplace_back(stretch[static_cast<size_t>(pair[k])].c,
                              stretch[static_cast<size_t>(pair[k])].conf);
  }
  for (size_t k = 0; k < votes.size(); ++k) {
    const auto& v = votes[k];
    size_t best = 0, best_count = 0;
    bool disputed_digit = false;
    for (size_t i = 0; i < v.size(); ++i) {
      const char32_t x = folded(v[i].first);
      const auto n = static_cast<size_t>(
          std::count_if(v.begin(), v.end(), [&](const auto& w) { return folded(w.first) == x; }));
      if (n > best_count || (n == best_count && v[i].second > v[best].second))
        best = i, best_count = n;
      disputed_digit = disputed_digit ||
                       (x != mine.folded[k] &&
                        (kind_of(x) == Kind::kDigit || kind_of(mine.folded[k]) == Kind::kDigit));
    }
    PdfChar& c = chars[mine.index[k]];
    c.c = v[best].first;
    c.conf = disputed_digit ? std::min(v[best].second, kDisputedDigitConf) : v[best].second;
  }
}

// The numbers of a line: runs of digits, with the separators between them (`1.5`, `20、35`).
struct NumberRun {
  size_t first = 0, last = 0;  // indices into the line's characters, inclusive
  float x0 = 0, x1 = 0;
};

std::vector<NumberRun> number_runs(const std::vector<PdfChar>& chars) {
  std::vector<NumberRun> out;
  for (size_t i = 0; i < chars.size(); ++i) {
    if (!is_digit(folded(chars[i].c))) continue;
    NumberRun run{i, i, chars[i].x0, chars[i].x1};
    while (run.last + 1 < chars.size()) {
      const char32_t next = folded(chars[run.last + 1].c);
      const bool joins =
          is_digit(next) || (read_as_separator(next) && run.last + 2 < chars.size() &&
                             is_digit(folded(chars[run.last + 2].c)));
      if (!joins) break;
      run.last += is_digit(next) ? 1 : 2;
    }
    for (size_t k = run.first; k <= run.last; ++k)
      run.x0 = std::min(run.x0, chars[k].x0), run.x1 = std::max(run.x1, chars[k].x1);
    out.push_back(run);
    i = run.last;
  }
  return out;
}

// A number's digits and separators as one reading has them (a middle dot is chi_sim's 、).
template <typename It>
std::u32string number_key(It first, It last) {
  std::u32string out;
  for (; first != last; ++first) {
    const char32_t f = folded(first->c);
    if (is_digit(f))
      out += f;
    else if (read_as_separator(f))
      out += f == U'·' ? U'、' : f;
  }
  return out;
}

// Each number of the line that `stretch` (another reading of the same place) reads otherwise is
// unsure: character alignment says nothing when two readings of a noisy table row differ in
// more than kMaxLineDistance of their characters, or when one drops a decimal point (`10` for
// `1.0` is an insertion, not a substitution). The other reading's characters within the
// number's width are compared; nothing readable there is no evidence either way.
void dispute_line_numbers(std::vector<PdfChar>& chars, const std::vector<PdfChar>& stretch) {
  for (const NumberRun& run : number_runs(chars)) {
    const float em = std::max(1.0f, chars[run.first].y1 - chars[run.first].y0);
    const float from = run.x0 - 0.3f * em, to = run.x1 + 0.3f * em;
    std::vector<PdfChar> theirs;
    for (const auto& o : stretch) {
      const float cx = (o.x0 + o.x1) / 2;
      if (cx >= from && cx <= to && !is_unreadable(o.c) && !is_blank(o.c)) theirs.push_back(o);
    }
    if (theirs.empty()) continue;
    const auto mine = chars.begin() + static_cast<long>(run.first);
    const long length = static_cast<long>(run.last - run.first) + 1;
    if (number_key(theirs.begin(), theirs.end()) == number_key(mine, mine + length)) continue;
    for (size_t k = run.first; k <= run.last; ++k)
      if (is_digit(folded(chars[k].c))) chars[k].conf = std::min(chars[k].conf, kDisputedDigitConf);
  }
}

// Runs `vote` on each line of `ocr` with the stretch of each other reading under it; the
// characters come back in line order.
template <typename Vote>
void vote_per_line(std::vector<PdfChar>& ocr, const std::vector<std::vector<PdfChar>>& others,
                   Vote vote) {
  std::vector<PdfLine> lines = build_lines(ocr);
  std::vector<PdfChar> out;
  out.reserve(ocr.size());
  for (auto& line : lines) {
    std::vector<std::vector<PdfChar>> stretches;
    for (const auto& other : others)
      stretches.push_back(layer_stretch(line, other));
    vote(line.chars, stretches);
    out.insert(out.end(), line.chars.begin(), line.chars.end());
  }
  ocr = std::move(out);
}

// A line of the hidden text layer where OCR recognised nothing at all (tesseract drops short
// headings such as "1 范围" next to large white space) is taken from the layer, at a low
// confidence so that its numbers are marked unsure.
void add_lines_ocr_missed(std::vector<PdfChar>& ocr, const std::vector<PdfChar>& layer) {
  const std::vector<PdfLine> lines = build_lines(layer);
  std::vector<PdfChar> added;
  for (const auto& l : lines) {
    const float pad = 0.3f * (l.y1 - l.y0);
    const bool covered = std::any_of(ocr.begin(), ocr.end(), [&](const PdfChar& c) {
      const float cx = (c.x0 + c.x1) / 2, cy = (c.y0 + c.y1) / 2;
      return cx >= l.x0 && cx <= l.x1 && cy >= l.y0 - pad && cy <= l.y1 + pad;
    });
    if (covered) continue;
    for (auto c : l.chars) {
      c.conf = kLayerLineConf;
      c.bold = false;
      added.push_back(c);
    }
  }
  ocr.insert(ocr.end(), added.begin(), added.end());
}

// The character pairs the document reads with confidence.
struct Evidence {
  std::unordered_map<uint64_t, int> pairs;
  int pair(char32_t a, char32_t b) const {
    const auto it = pairs.find(char_pair(a, b));
    return it == pairs.end() ? 0 : it->second;
  }
};

bool confident(const PdfChar& c) {
  return c.alt == 0 && c.conf >= kEvidenceConf && !is_blank(c.c);
}

Evidence confident_text(const std::vector<PdfPage>& pages) {
  Evidence e;
  for (const auto& p : pages)
    for (const auto& l : p.lines)
      for (size_t i = 1; i < l.chars.size(); ++i)
        if (confident(l.chars[i - 1]) && confident(l.chars[i]))
          ++e.pairs[char_pair(l.chars[i - 1].c, l.chars[i].c)];
  return e;
}

// What an alternative is decided by: the document's confident pairs, the library's other text
// (null: none).
struct Sources {
  const Evidence& seen;
  const CharPairs* library = nullptr;
};

// How strongly `x` between `left` and `right` is borne out: the pairs with its Han neighbours
// the document reads with confidence; when those say nothing, those the library's other text
// holds (a pair counts once however often: the library is not the document); then the words
// ICU's dictionary knows (塌方, 子串). Pairs with punctuation say little (，不 is frequent
// anywhere).
struct Support {
  int pairs = 0, library = 0, words = 0;
};

Support support(char32_t x, char32_t left, char32_t right, const Sources& by) {
  auto word = [](char32_t a, char32_t b) {
    return text::is_dictionary_word(text::from_codepoints({a, b})) ? 1 : 0;
  };
  auto held = [&](char32_t a, char32_t b) {
    return by.library && by.library->count(char_pair(a, b)) > 0 ? 1 : 0;
  };
  Support s;
  if (text::is_han(left))
    s.pairs += by.seen.pair(left, x), s.library += held(left, x), s.words += word(left, x);
  if (text::is_han(right))
    s.pairs += by.seen.pair(x, right), s.library += held(x, right), s.words += word(x, right);
  return s;
}

// Whether `other` should replace `c`: it forms more of the document's confident pairs (unless
// the OCR's reading stands); with those even, more of the library's pairs while `c` is under
// kLibraryConf; then more dictionary words while `c` is unsure.
bool yields(const PdfChar& c, char32_t other, char32_t left, char32_t right, const Sources& by) {
  const Support mine = support(c.c, left, right, by), theirs = support(other, left, right, by);
  // The OCR's reading stands when it is confident and forms pairs seen elsewhere, or when it
  // is very confident and the other reading has a single pair for it.
  const bool stands = (mine.pairs > 0 && c.conf >= kConfidentConf) ||
                      (c.conf >= kVeryConfidentConf && theirs.pairs < 2);
  if (theirs.pairs != mine.pairs) return theirs.pairs > mine.pairs && !stands;
  if (theirs.library != mine.library && c.conf < kLibraryConf) return theirs.library > mine.library;
  return theirs.words > mine.words && c.conf < kUnsureConf;
}

// Resolves one line's alternatives (another reading's, then the recogniser's second and third
// choices); true when a character changed.
bool resolve_line(std::vector<PdfChar>& chars, const Sources& by) {
  bool changed = false;
  for (size_t i = 0; i < chars.size(); ++i) {
    PdfChar& c = chars[i];
    const char32_t left = i > 0 ? chars[i - 1].c : 0;
    const char32_t right = i + 1 < chars.size() ? chars[i + 1].c : 0;
    for (const char32_t other : {c.alt, c.runner_up, c.third}) {
      if (other == 0 || other == c.c || !yields(c, other, left, right, by)) continue;
      c.c = other;  // the next alternative must beat this one
      changed = true;
    }
    c.alt = 0;
    c.runner_up = 0;
    c.third = 0;
  }
  return changed;
}

}  // namespace

void resolve_alternatives(std::vector<PdfPage>& pages, const CharPairs* library) {
  const Evidence seen = confident_text(pages);
  const Sources by{seen, library};
  for (auto& p : pages) {
    bool changed = false;
    std::vector<PdfChar> chars;
    for (auto& l : p.lines) {
      changed = resolve_line(l.chars, by) || changed;
      chars.insert(chars.end(), l.chars.begin(), l.chars.end());
    }
    if (changed) p.lines = build_lines(std::move(chars));
  }
}

void combine_ocr_readings(std::vector<PdfChar>& ocr,
                          const std::vector<std::vector<PdfChar>>& others) {
  if (others.empty()) return;
  vote_per_line(ocr, others, pick_line);
  dispute_numbers(ocr, others);
}

void dispute_numbers(std::vector<PdfChar>& ocr, const std::vector<std::vector<PdfChar>>& others) {
  vote_per_line(ocr, others, [](std::vector<PdfChar>& chars, const auto& stretches) {
    for (const auto& stretch : stretches)
      dispute_line_numbers(chars, stretch);
  });
}

namespace {

// Two characters whose boxes overlap in height: on one line.
bool same_line(const PdfChar& a, const PdfChar& b) {
  return a.y0 < b.y1 && b.y0 < a.y1;
}

}  // namespace

void mend_plus_minus(std::vector<PdfChar>& ocr) {
  for (size_t i = 0; i + 1 < ocr.size(); ++i) {
    PdfChar& c = ocr[i];
    const PdfChar& next = ocr[i + 1];
    if (c.c != U'士' || !is_digit(next.c) || !same_line(c, next)) continue;
    const float em = std::max(1.0f, c.y1 - c.y0);
    if (next.x0 - c.x1 > em) continue;  // another word
    const bool starts_word = i == 0 || !same_line(ocr[i - 1], c) ||
                             c.x0 - ocr[i - 1].x1 > 0.5f * em || !text::is_han(ocr[i - 1].c);
    if (starts_word) c.c = U'±';
  }
}

void mend_year_dashes(std::vector<PdfChar>& ocr) {
  auto upper = [](char32_t c) { return c >= U'A' && c <= U'Z'; };
  for (size_t i = 1; i + 4 < ocr.size(); ++i) {
    if (ocr[i].c != U'一') continue;
    // Four digits of a year after it, 19xx or 20xx, on its line.
    bool year = (ocr[i + 1].c == U'1' && ocr[i + 2].c == U'9') ||
                (ocr[i + 1].c == U'2' && ocr[i + 2].c == U'0');
    for (size_t k = i + 1; year && k <= i + 4; ++k)
      year = is_digit(ocr[k].c) && same_line(ocr[i], ocr[k]);
    if (!year || (i + 5 < ocr.size() && is_digit(ocr[i + 5].c) && same_line(ocr[i], ocr[i + 5])))
      continue;
    // Before it, on its line: the standard's number (digits and points), then its code's letters
    // (GB, GB/T, DL/T, Q/GDW). A space between them is no character (PdfChar::space_before).
    size_t k = i;
    bool digits = false;
    while (k > 0 && same_line(ocr[k - 1], ocr[i]) &&
           (is_digit(ocr[k - 1].c) || ocr[k - 1].c == U'.')) {
      --k;
      digits = digits || is_digit(ocr[k].c);
    }
    size_t letters = 0;
    while (k > 0 && same_line(ocr[k - 1], ocr[i]) &&
           (upper(ocr[k - 1].c) || ocr[k - 1].c == U'/')) {
      --k;
      letters += upper(ocr[k].c) ? 1 : 0;
    }
    if (digits && letters >= 1) ocr[i].c = U'—';
  }
}

void mend_appendix_numbers(std::vector<PdfChar>& ocr) {
  auto upper = [](char32_t c) { return c >= U'A' && c <= U'Z'; };
  for (size_t i = 0; i + 2 < ocr.size(); ++i) {
    if ((ocr[i].c != U'表' && ocr[i].c != U'图') || !upper(ocr[i + 1].c) ||
        !is_digit(ocr[i + 2].c) || !same_line(ocr[i], ocr[i + 2]))
      continue;
    // `表A12` could be A.12 or A1.2, and `表A1.2` needs no mending.
    const bool more = i + 3 < ocr.size() && same_line(ocr[i], ocr[i + 3]) &&
                      (is_digit(ocr[i + 3].c) || ocr[i + 3].c == U'.');
    if (more) continue;
    const PdfChar& letter = ocr[i + 1];
    const PdfChar& digit = ocr[i + 2];
    PdfChar point = digit;
    point.c = U'.';
    point.x0 = letter.x1;
    point.x1 = std::max(letter.x1, digit.x0);
    point.conf = std::min(letter.conf, digit.conf);
    point.space_before = false;
    point.alt = point.runner_up = point.third = 0;
    ocr[i + 2].space_before = false;
    ocr.insert(ocr.begin() + static_cast<long>(i) + 2, point);
  }
}

void combine_with_text_layer(std::vector<PdfChar>& ocr, const std::vector<PdfChar>& layer) {
  if (layer.empty()) return;
  vote_per_line(ocr, {layer}, [](std::vector<PdfChar>& chars, const auto& stretches) {
    vote_line(chars, stretches.front());
  });
  add_lines_ocr_missed(ocr, layer);
}

}  // namespace regreader::parse
