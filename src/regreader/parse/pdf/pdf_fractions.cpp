#include "regreader/parse/pdf/pdf_fractions.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace regreader::parse {

namespace {

// Distances are in heights of a character's box (the type's size as printed: some PDFs scale
// their text matrix, so the font size says little), measured from the bar.
constexpr float kMaxBarThickness = 1.5f;  // points
constexpr float kNearBar = 0.6f;      // a part's box ends (begins) this near above (below) the bar
constexpr float kThroughBar = 0.15f;  // and may reach this far across it
constexpr float kPastEnds = 0.6f;     // a part may reach this far past the bar's ends
constexpr float kBeside = 1.5f;       // the formula's line is looked for this far from the ends
constexpr float kSameLine = 0.3f;     // baselines of one line differ by less
constexpr float kWiderBar = 2.0f;     // a bar is at most this much longer than its wider part
constexpr float kMaxGap = 1.0f;       // between the characters of a part
constexpr float kRuleTouch = 2.0f;    // points: another rule this near meets the bar

float height(const PdfChar& c) {
  return std::max(c.y1 - c.y0, 1.0f);
}

struct Bar {
  float x0, x1, y;
};

bool is_bar(const PdfRule& r) {
  return r.horizontal() && r.y1 - r.y0 <= kMaxBarThickness && r.x1 > r.x0;
}

// A border crossing the bar or ending at it (a table's grid, a box, a rule drawn in pieces).
bool meets_another_rule(size_t at, const std::vector<PdfRule>& rules) {
  const PdfRule& r = rules[at];
  for (size_t k = 0; k < rules.size(); ++k) {
    const PdfRule& o = rules[k];
    if (k != at && o.x1 >= r.x0 - kRuleTouch && o.x0 <= r.x1 + kRuleTouch &&
        o.y1 >= r.y0 - kRuleTouch && o.y0 <= r.y1 + kRuleTouch)
      return true;
  }
  return false;
}

bool within(const PdfChar& c, const Bar& b) {
  const float past = kPastEnds * height(c);
  return c.x0 >= b.x0 - past && c.x1 <= b.x1 + past;
}

bool near(const PdfChar& c, const Bar& b) {
  const float reach = kBeside * height(c);
  return c.x1 >= b.x0 - reach && c.x0 <= b.x1 + reach;
}

bool across(const PdfChar& c, const Bar& b) {
  return c.y0 < b.y && c.y1 > b.y && near(c, b) && !within(c, b);
}

enum class Side { kAbove, kBelow };

bool on_side(const PdfChar& c, const Bar& b, Side side) {
  const float h = height(c);
  if (side == Side::kAbove) return c.y1 <= b.y + kThroughBar * h && c.y1 >= b.y - kNearBar * h;
  return c.y0 >= b.y - kThroughBar * h && c.y0 <= b.y + kNearBar * h;
}

// The characters of one part of the fraction, left to right: the free characters within the
// bar's length on the line of those whose box ends (begins) near it on that side (a subscript's
// box begins further down), without a gap, and nothing beside them on their line.
std::optional<std::vector<size_t>> part(const std::vector<PdfChar>& chars,
                                        const std::vector<bool>& used, const Bar& b, Side side) {
  const PdfChar* seed = nullptr;
  for (size_t i = 0; i < chars.size() && !seed; ++i)
    if (!used[i] && within(chars[i], b) && on_side(chars[i], b, side)) seed = &chars[i];
  if (!seed) return std::nullopt;
  const float h = height(*seed), line = seed->baseline;
  auto on_line = [&](const PdfChar& c, float share) {
    return std::abs(c.baseline - line) <= share * h;
  };
  std::vector<size_t> out;
  for (size_t i = 0; i < chars.size(); ++i) {
    const PdfChar& c = chars[i];
    const bool this_side = side == Side::kAbove ? c.y0 + c.y1 < 2 * b.y : c.y0 + c.y1 > 2 * b.y;
    if (!used[i] && within(c, b) && this_side && on_line(c, 2 * kSameLine)) out.push_back(i);
  }
  std::sort(out.begin(), out.end(), [&](size_t a, size_t c) { return chars[a].x0 < chars[c].x0; });
  for (size_t k = 1; k < out.size(); ++k)
    if (chars[out[k]].x0 - chars[out[k - 1]].x1 > kMaxGap * h) return std::nullopt;
  for (const PdfChar& c : chars)  // the line goes on beside: an underline
    if (!within(c, b) && near(c, b) && !across(c, b) && on_line(c, kSameLine)) return std::nullopt;
  return out;
}

bool is_operator(char32_t c) {
  return std::u32string_view(U"+-−±×·*/÷=＋－＝").find(c) != std::u32string_view::npos;
}

// A part written linearly: in brackets when an operator joins its terms (P_j − P_z).
std::u32string linear(const std::vector<PdfChar>& chars, const std::vector<size_t>& at) {
  std::u32string s;
  for (size_t i : at)
    s.push_back(chars[i].c);
  const bool terms = std::any_of(s.begin() + 1, s.end(), is_operator);
  return terms ? U"(" + s + U")" : s;
}

// The characters written for a fraction: spread over the bar's length on the formula's line
// (the box and baseline of its character nearest the bar).
std::vector<PdfChar> written(const std::u32string& text, const Bar& b, const PdfChar& line,
                             float conf) {
  std::vector<PdfChar> out;
  const float step = (b.x1 - b.x0) / static_cast<float>(text.size());
  for (size_t k = 0; k < text.size(); ++k) {
    PdfChar c = line;
    c.c = text[k];
    c.x0 = b.x0 + step * static_cast<float>(k);
    c.x1 = c.x0 + step;
    c.conf = conf;
    c.alt = c.runner_up = c.third = 0;
    c.space_before = false;
    out.push_back(c);
  }
  return out;
}

// `v` without the elements `gone` marks.
template <typename T>
void drop(std::vector<T>& v, const std::vector<bool>& gone) {
  std::vector<T> kept;
  for (size_t i = 0; i < v.size(); ++i)
    if (!gone[i]) kept.push_back(std::move(v[i]));
  v = std::move(kept);
}

float width(const std::vector<PdfChar>& chars, const std::vector<size_t>& at) {
  return chars[at.back()].x1 - chars[at.front()].x0;
}

}  // namespace

void join_fractions(std::vector<PdfChar>& chars, std::vector<PdfRule>& rules) {
  std::vector<bool> used(chars.size(), false), bars(rules.size(), false);
  std::vector<PdfChar> added;
  for (size_t r = 0; r < rules.size(); ++r) {
    if (!is_bar(rules[r]) || meets_another_rule(r, rules)) continue;
    const Bar b{rules[r].x0, rules[r].x1, (rules[r].y0 + rules[r].y1) / 2};
    const auto top = part(chars, used, b, Side::kAbove);
    const auto bottom = part(chars, used, b, Side::kBelow);
    if (!top || !bottom) continue;
    const PdfChar* line = nullptr;  // the formula's character nearest the bar
    float nearest = 0;
    for (size_t i = 0; i < chars.size(); ++i) {
      if (used[i] || !across(chars[i], b)) continue;
      const float d = std::max(b.x0 - chars[i].x1, chars[i].x0 - b.x1);
      if (!line || d < nearest) line = &chars[i], nearest = d;
    }
    const float h = height(chars[top->front()]);
    if (!line || b.x1 - b.x0 > std::max(width(chars, *top), width(chars, *bottom)) + kWiderBar * h)
      continue;
    float conf = 100;
    for (const auto* p : {&*top, &*bottom})
      for (size_t i : *p) {
        used[i] = true;
        conf = std::min(conf, chars[i].conf);
      }
    const auto more = written(linear(chars, *top) + U"/" + linear(chars, *bottom), b, *line, conf);
    added.insert(added.end(), more.begin(), more.end());
    bars[r] = true;
  }
  if (added.empty()) return;
  drop(chars, used);
  chars.insert(chars.end(), added.begin(), added.end());
  drop(rules, bars);
}

}  // namespace regreader::parse
