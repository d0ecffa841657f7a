#include "regreader/parse/pdf/pdf_layout.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include "regreader/core/median.hpp"
#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/structure/notes.hpp"
#include "regreader/parse/structure/numbering.hpp"

namespace regreader::parse {

namespace {

// Running headers and footers live in the top / bottom 8% of a page (A4: ~67pt).
constexpr float kMarginBand = 0.08f;
// A line repeated (digits ignored) in the margin of this share of pages is a running line.
constexpr float kRepeatShare = 0.4f;
// A font this much larger than the body text marks a heading.
constexpr float kHeadingSizeRatio = 1.1f;
// A text layer's font this much smaller than the body text sets a footnote, a note or a label,
// never a heading (LibreOffice's and Word's footnotes: 10 pt under 12 pt body text; a standard's
// notes: 9 pt under 10.5 pt).
constexpr float kSmallerSizeRatio = 0.92f;
// OCR's line heights within a paragraph differ by up to a third (GB 26859 p13: 14.4 and 10.8 pt);
// a larger jump is type of another size.
constexpr float kOcrSizeJump = 1.5f;
// A line ending this many character widths before the column's right edge ends its paragraph.
constexpr float kShortLineChars = 2.0f;
// A line indented by more than this many character widths starts a paragraph (首行缩进).
constexpr float kIndentChars = 1.5f;
// A vertical gap larger than this many line heights separates paragraphs.
constexpr float kParagraphGap = 0.9f;
// A line box taller than this many type sizes is the font's bounding box, not the glyphs'.
constexpr float kTallBox = 2.0f;
// Two lines whose vertical centres differ by less than this share of the line height are one line.
constexpr float kSameBaseline = 0.4f;
// A horizontal gap wider than this many character widths is written as a space.
constexpr float kWordGap = 0.3f;
// A gap wider than this many character widths separates table columns.
constexpr float kColumnGap = 2.0f;
// Headings are short.
constexpr size_t kMaxHeadingChars = 60;
// A page with fewer characters than this has no body text size of its own.
constexpr size_t kMinPageBodyChars = 150;
// ... or whose most used size covers less than this share of its characters.
constexpr double kPageBodyShare = 0.75;

std::string running_key(const std::string& s) {
  std::string out;
  for (char32_t c : text::to_codepoints(text::fold_width(s)))
    if (!text::is_space(c) && !(c >= '0' && c <= '9')) text::append_utf8(out, c);
  return out;
}

bool in_margin(const PdfPage& p, const PdfLine& l) {
  return l.y1 <= p.height * kMarginBand || l.y0 >= p.height * (1 - kMarginBand);
}

// Section tabs: a manual prints its part's name ("应知应会", "工作表格") at one spot at the
// top left of its pages, in a box or colour, text changing from part to part. Such a line is
// short, first on its page, near the top, left of the centre; it is a tab when the first lines
// of kMinTabPages or more pages start at the same spot, whatever they say.
constexpr float kTabBand = 0.1f;     // share of the page height from the top
constexpr size_t kMaxTabChars = 10;  // longest tab
constexpr size_t kMinTabPages = 3;   // pages with a tab at the same spot
constexpr float kTabSpotEms = 1.5f;  // same spot: left edges within this many character widths

// Characters per type size (in tenths of a point): the most used size and its count.
struct SizeTally {
  std::map<int, size_t> weight;
  size_t total = 0;
  void add(float size, size_t n) {
    weight[static_cast<int>(std::lround(size * 10))] += n;
    total += n;
  }
  std::pair<float, size_t> most_used() const {
    int best = 0;
    size_t best_w = 0;
    for (auto [sz, w] : weight)
      if (w > best_w) best = sz, best_w = w;
    return {best / 10.0f, best_w};
  }
};

bool ends_sentence(const std::string& s);  // below

bool tab_candidate(const PdfPage& p) {
  if (p.lines.size() < 2) return false;
  const PdfLine& l = p.lines.front();
  const std::string t = text::trim(text::fold_width(l.text));
  return l.y0 < p.height * kTabBand && l.x1 < p.width * 0.5f && text::length(t) <= kMaxTabChars &&
         !t.empty() && !match_section_number(t) && !text::starts_with(t, "表") &&
         !text::starts_with(t, "续表") && !ends_sentence(t);
}

void remove_section_tabs(std::vector<PdfPage>& pages) {
  std::vector<const PdfLine*> firsts;
  for (const auto& p : pages)
    if (tab_candidate(p)) firsts.push_back(&p.lines.front());
  std::vector<bool> drop(pages.size(), false);
  for (size_t i = 0; i < pages.size(); ++i) {
    if (!tab_candidate(pages[i])) continue;
    const PdfLine& l = pages[i].lines.front();
    const size_t same_spot =
        static_cast<size_t>(std::count_if(firsts.begin(), firsts.end(), [&](const PdfLine* o) {
          return std::fabs(o->x0 - l.x0) <= kTabSpotEms * std::max(l.size, 1.0f);
        }));
    drop[i] = same_spot >= kMinTabPages;
  }
  for (size_t i = 0; i < pages.size(); ++i)
    if (drop[i]) pages[i].lines.erase(pages[i].lines.begin());
}
}  // namespace

bool is_digit(char32_t c) {
  return (c >= '0' && c <= '9') || (c >= U'０' && c <= U'９');
}

bool is_number_separator(char32_t c) {
  return c == U'.' || c == U'．' || c == U'、' || c == U',' || c == U'，';
}

void ReadConf::add(char32_t c, float conf) {
  if (is_digit(c)) digit = std::min(digit, conf), ++digits;
  if (is_number_separator(c)) separator = std::min(separator, conf);
  if (c != U' ' && c != U'\u3000') sum += conf, ++chars;
}

void ReadConf::add(const ReadConf& o) {
  digit = std::min(digit, o.digit);
  separator = std::min(separator, o.separator);
  digits += o.digits;
  sum += o.sum;
  chars += o.chars;
}

// OCR sets a gap after the dot of a number ("0. 70", "4. 1. 1", an appendix's "E. 1"): a digit
// after "<digit>." or "<capital letter>." or a dot after a digit continues the number, whatever
// the gap.
bool inside_number(char32_t before_prev, char32_t prev, char32_t c) {
  const bool dot = prev == '.' || prev == U'．';
  const bool designation = is_digit(before_prev) || (before_prev >= 'A' && before_prev <= 'Z');
  if (dot && designation && is_digit(c)) return true;
  return is_digit(prev) && (c == '.' || c == U'．');
}

float body_font_size(const std::vector<PdfPage>& pages) {
  SizeTally tally;
  for (const auto& p : pages)
    for (const auto& l : p.lines)
      tally.add(l.size, l.text.size());
  return tally.most_used().first;
}

float page_body_size(const PdfPage& page, float doc_body) {
  SizeTally tally;
  for (const auto& l : page.lines)
    tally.add(l.size, text::length(l.text));
  if (tally.total < kMinPageBodyChars) return doc_body;
  const auto [size, chars] = tally.most_used();
  // A page whose text is mixed (a term entry's 20 pt definition and its 17 pt notes) keeps the
  // document's body size: only a clear majority is the page's own.
  if (static_cast<double>(chars) < kPageBodyShare * static_cast<double>(tally.total))
    return doc_body;
  return std::min(doc_body, size);
}

bool is_page_number_line(const std::string& s) {
  // The whole line (FullMatch). Around a bare number: white space (also the typographic spaces
  // U+2000-U+200A), dashes and the middle dot. [,，/] takes the full-width comma too.
  static const Regex pn(
      R"([\s\-—–·\x{2000}-\x{200A}]*(?:\d{1,4}|[IVXLivxl]{1,6})[\s\-—–·\x{2000}-\x{200A}]*|\s*第\s*\d+\s*页(?:\s*[,，/]?\s*共\s*\d+\s*页)?\s*|\s*\d+\s*/\s*\d+\s*)");
  const std::string folded = text::fold_width(s);
  if (RE2::FullMatch(folded, pn)) return true;
  auto cps = text::to_codepoints(text::trim(folded));
  return cps.size() == 1 && cps[0] >= 0x2160 && cps[0] <= 0x217F;  // Ⅲ
}

namespace {

// A running header that names the chapter the page is in (Word's STYLEREF field, LibreOffice's
// chapter field) changes from chapter to chapter, so it may repeat on too few pages to be told
// by repetition: it is a heading of the document (a line in type larger than the body or bold,
// out of the margins) printed again, in smaller type, as the first line of a page near its top,
// with its number or, as Word's STYLEREF prints a heading its numbering draws, without it.
// Key: the text without spaces; value: the largest size the heading is printed in.
std::map<std::string, float> printed_headings(const std::vector<PdfPage>& pages) {
  const float body = body_font_size(pages);
  std::map<std::string, float> out;
  auto add = [&](const std::string& key, float size) {
    if (text::length(key) < 2) return;  // a name of one character says too little
    float& largest = out[key];
    largest = std::max(largest, size);
  };
  for (const auto& p : pages)
    for (const auto& l : p.lines) {
      if (in_margin(p, l) || !(l.size > body * kHeadingSizeRatio || l.bold) ||
          text::length(l.text) > kMaxHeadingChars)
        continue;
      const std::string folded = text::fold_width(l.text);
      add(text::strip_spaces(folded), l.size);
      auto numbered = match_section_number(folded, true);
      if (!numbered) numbered = match_enumerated_heading(folded);
      if (numbered) add(text::strip_spaces(numbered->rest), l.size);
    }
  return out;
}

}  // namespace

void remove_running_lines(std::vector<PdfPage>& pages) {
  std::map<std::string, std::set<int>> seen;  // key -> pages where it is in the margin
  for (const auto& p : pages)
    for (const auto& l : p.lines)
      if (in_margin(p, l)) seen[running_key(l.text)].insert(p.number);
  const size_t need =
      std::max<size_t>(2, static_cast<size_t>(std::ceil(pages.size() * kRepeatShare)));
  const auto headings = printed_headings(pages);
  // The print of a header 2.5 cm from the top is in the margin band; its box (the font's, a CJK
  // font's reaching far below the print) may end below it: the first line's top is what counts.
  auto names_a_chapter = [&](const PdfPage& p) {
    if (p.lines.empty() || p.lines.front().y0 > p.height * kMarginBand) return false;
    const PdfLine& l = p.lines.front();
    auto h = headings.find(text::strip_spaces(text::fold_width(l.text)));
    return h != headings.end() && h->second > kHeadingSizeRatio * l.size;
  };
  for (auto& p : pages) {
    if (names_a_chapter(p)) p.lines.erase(p.lines.begin());
    std::erase_if(p.lines, [&](const PdfLine& l) {
      if (!in_margin(p, l)) return false;
      if (is_page_number_line(l.text)) return true;
      const std::string key = running_key(l.text);
      return pages.size() >= 3 && !key.empty() && seen[key].size() >= need;
    });
  }
  remove_section_tabs(pages);
}

void assemble_line(PdfLine& l) {
  const auto& row = l.chars;
  l.text.clear();
  l.segments.clear();
  if (row.empty()) return;
  l.x0 = row.front().x0;
  l.x1 = 0;
  l.y0 = row.front().y0;
  l.y1 = row.front().y1;
  std::map<int, size_t> sizes;
  size_t bold = 0;
  float prev_x1 = row.front().x0, conf_sum = 0;
  char32_t prev = 0, before_prev = 0;
  for (const auto& ch : row) {
    const float gap = ch.x0 - prev_x1, em = std::max(ch.size, 1.0f);
    const bool space =
        (gap > kWordGap * em || ch.space_before) && !inside_number(before_prev, prev, ch.c);
    if (space && !l.text.empty()) l.text.push_back(' ');
    if (l.segments.empty() || gap > kColumnGap * em) l.segments.push_back({ch.x0, ch.x1, {}});
    auto& seg = l.segments.back();
    if (space && !seg.text.empty()) seg.text.push_back(' ');
    seg.conf.add(ch.c, ch.conf);
    conf_sum += ch.conf;
    before_prev = prev;
    prev = ch.c;
    text::append_utf8(seg.text, ch.c);
    seg.x1 = std::max(seg.x1, ch.x1);
    text::append_utf8(l.text, ch.c);
    prev_x1 = std::max(prev_x1, ch.x1);
    l.x1 = std::max(l.x1, ch.x1);
    l.y0 = std::min(l.y0, ch.y0);
    l.y1 = std::max(l.y1, ch.y1);
    sizes[static_cast<int>(ch.size * 10 + 0.5f)]++;
    bold += ch.bold ? 1 : 0;
  }
  size_t best = 0;
  for (auto [sz, n] : sizes)
    if (n > best) best = n, l.size = sz / 10.0f;
  l.bold = bold * 2 > row.size();
  l.mean_conf = conf_sum / static_cast<float>(row.size());
}

std::vector<PdfLine> build_lines(std::vector<PdfChar> chars) {
  std::stable_sort(chars.begin(), chars.end(),
                   [](const PdfChar& a, const PdfChar& b) { return a.baseline < b.baseline; });
  std::vector<std::vector<PdfChar>> rows;
  for (const auto& ch : chars) {
    if (!rows.empty()) {
      const PdfChar& first = rows.back().front();
      const float tol = kSameBaseline * std::max({first.size, ch.size, 1.0f});
      if (std::fabs(ch.baseline - first.baseline) <= tol) {
        rows.back().push_back(ch);
        continue;
      }
    }
    rows.push_back({ch});
  }
  std::vector<PdfLine> lines;
  for (auto& row : rows) {
    std::stable_sort(row.begin(), row.end(),
                     [](const PdfChar& a, const PdfChar& b) { return a.x0 < b.x0; });
    PdfLine l;
    l.chars = std::move(row);
    assemble_line(l);
    lines.push_back(std::move(l));
  }
  return lines;
}

namespace {

bool ends_sentence(const std::string& s) {
  auto cps = text::to_codepoints(text::trim(s));
  if (cps.empty()) return true;
  char32_t c = cps.back();
  return c == U'。' || c == U'；' || c == U'：' || c == U'！' || c == U'？' || c == ':' || c == ';';
}

struct Para {
  std::string text;
  float size = 0;
  bool bold = true;
  size_t chars = 0;
  bool soft_start = false;
  bool exact_sizes = true;  ///< every line's size is its font's (a text layer), not OCR's guess
  // Where its lines are: left and right edges, the centres of the first and last, their height.
  float x0 = 1e9f, x1 = 0, top = -1, bottom = 0, height = 0;

  void add_line(const PdfLine& l) {
    x0 = std::min(x0, l.x0), x1 = std::max(x1, l.x1);
    const float c = (l.y0 + l.y1) / 2;
    if (top < 0) top = c;
    bottom = c;
    height = std::max(height, l.y1 - l.y0);
  }
};

// A paragraph in a frame of its own (Word's paragraph border, a text box): a rule above its first
// line and one below its last, each as wide as its lines, a rule on either side, and no rule
// across it (a table's rows have them). The frame sits within a line's height of the text above,
// below and on the left; on the right it may stand off (a one-line call-out in a full-width box).
bool framed(const PdfPage& page, const Para& p) {
  constexpr float kSlack = 2;
  if (p.top < 0) return false;
  bool above = false, below = false, left = false, right = false;
  for (const auto& r : page.rules) {
    if (r.horizontal()) {
      if (r.x0 > p.x0 + kSlack || r.x1 < p.x1 - kSlack) continue;
      if (r.y0 > p.top && r.y0 < p.bottom) return false;
      above = above || (r.y0 <= p.top && r.y0 > p.top - p.height);
      below = below || (r.y0 >= p.bottom && r.y0 < p.bottom + p.height);
    } else if (r.y0 <= p.top && r.y1 >= p.bottom) {
      left = left || (r.x0 <= p.x0 + kSlack && r.x0 > p.x0 - p.height);
      right = right || r.x0 >= p.x1 - kSlack;  // a short last line ends far from it
    }
  }
  return above && below && left && right;
}

}  // namespace

namespace {

float centre(const PdfLine& l) {
  return (l.y0 + l.y1) / 2;
}

// The usual distance between the centres of two consecutive lines of the page's type (the
// median), for pages whose line boxes are too tall to measure gaps by.
float usual_pitch(const PdfPage& page) {
  std::vector<float> pitches;
  for (size_t k = 1; k < page.lines.size(); ++k) {
    const auto &a = page.lines[k - 1], &b = page.lines[k];
    const float p = centre(b) - centre(a), em = std::max(a.size, 1.0f);
    if (std::fabs(a.size - b.size) < 0.5f && p > 0 && p < 3 * em) pitches.push_back(p);
  }
  return median(std::move(pitches));
}

}  // namespace

std::vector<RawBlock> lines_to_paragraphs(const PdfPage& page, float body_size) {
  std::vector<RawBlock> out;
  const float pitch = usual_pitch(page);
  // Where full lines end and start on this page.
  float right = 0, left = page.width;
  for (const auto& l : page.lines)
    right = std::max(right, l.x1), left = std::min(left, l.x0);
  if (page.text_right >= 0) right = page.text_right;
  if (page.text_left >= 0) left = page.text_left;
  Para cur;
  auto flush = [&] {
    std::string t = text::clean_spaces(cur.text);
    // "第一条 为防止…": the space after an article's number tells a start from a citation
    // ("第一条为…" cites one, numbering.hpp); spaces between Chinese characters go, that one
    // stays.
    if (!match_section_number(t)) {
      const std::string spaced = text::collapse_spaces(cur.text);
      const size_t sp = spaced.find(' ');
      if (sp != std::string::npos && match_section_number(spaced))
        t = spaced.substr(0, sp) + " " + text::clean_spaces(spaced.substr(sp + 1));
    }
    if (!t.empty()) {
      RawBlock b;
      b.text = t;
      b.page = page.number;
      const bool bigger = cur.size > body_size * kHeadingSizeRatio;
      b.styled_heading =
          (bigger || cur.bold) && text::length(t) <= kMaxHeadingChars && !ends_sentence(t);
      b.larger_font = bigger;
      b.smaller_font = cur.exact_sizes && cur.size < body_size * kSmallerSizeRatio;
      b.soft_start = cur.soft_start;
      b.boxed = framed(page, cur);
      out.push_back(std::move(b));
    }
    cur = Para{};
  };
  const PdfLine* prev = nullptr;
  for (const auto& l : page.lines) {
    const std::string folded = text::fold_width(l.text);
    if (text::trim(folded).empty()) continue;
    bool hard = prev == nullptr, soft = false;
    if (prev) {
      const float h = std::max(1.0f, prev->y1 - prev->y0);
      const float gap = l.y0 - prev->y1;
      const float em = std::max(prev->size, 1.0f);
      const bool short_prev = prev->x1 < right - kShortLineChars * em;
      const bool indented = l.x0 > left + kIndentChars * em && l.x0 > prev->x0 + kIndentChars * em;
      // OCR's lines are placed less exactly, and their sizes are each line's box height: a
      // clause's full first line boxed 14.4 pt over its last at 10.8 is still one paragraph; a
      // cover's lines in type of clearly different sizes (61 pt `GB` over its 25 pt title) are not.
      const bool exact_sizes = prev->mean_conf >= 100 && l.mean_conf >= 100;
      const float sizes =
          std::max(l.size, prev->size) / std::max(1.0f, std::min(l.size, prev->size));
      // (A line whose box spans far more than its type, a border read as a glyph, says nothing.)
      const bool sane_box = h <= 2.0f * em;
      const bool size_change = (exact_sizes || short_prev || sizes > kOcrSizeJump || !sane_box) &&
                               std::fabs(l.size - prev->size) > 0.15f * em;
      // A heading set large wraps onto a second, shorter line of the same type, centred under
      // the first or starting where it starts (a tab label at the left above a centred heading
      // is not part of it).
      // OCR's lines: there, lines overlapping by half are aligned.
      const bool prev_large = prev->size > body_size * kHeadingSizeRatio;
      const float overlap = std::min(l.x1, prev->x1) - std::max(l.x0, prev->x0);
      const bool aligned = exact_sizes
                               ? std::fabs((l.x0 + l.x1) - (prev->x0 + prev->x1)) / 2 <= em ||
                                     std::fabs(l.x0 - prev->x0) <= em
                               : overlap > 0.5f * std::min(l.x1 - l.x0, prev->x1 - prev->x0);
      // A numbered line under a heading ("1.巡视周期" under "四、巡视检查") starts an item of its
      // own. Left-aligned, a wrapped line never runs further right than the line it continues: a
      // line of text running on past a short heading is the paragraph under it ("7.1 一般要求"
      // over its text). A centred heading's second line may be the longer.
      const bool centred = std::fabs((l.x0 + l.x1) - (prev->x0 + prev->x1)) / 2 <= em;
      const bool heading_wrap = prev_large && !size_change && prev->bold == l.bold &&
                                gap <= kParagraphGap * h && aligned && !ends_sentence(prev->text) &&
                                !opens_numbered_paragraph(folded) &&
                                (centred || l.x1 <= prev->x1 + em);
      // Leaving or entering heading-size type ends a paragraph, however close the sizes — when
      // the sizes are the font's (a text layer), not OCR's guess from each line's height.
      const bool crosses_heading_size =
          exact_sizes && prev_large != (l.size > body_size * kHeadingSizeRatio);
      // Bold type ends a paragraph where a bold line stands alone (a heading: short, no full
      // stop); bold words inside a paragraph (emphasis running over a full line) do not. (Out of
      // bold, a short line already ends the paragraph: heading_wrap needs the same weight.)
      const bool short_line = l.x1 < right - kShortLineChars * em;
      const bool bold_break = !prev->bold && l.bold && short_line && !ends_sentence(l.text);
      // Some fonts give every glyph a box twice the type's height (a CJK font's whole bounding
      // box): boxes of consecutive lines overlap and no gap shows. There, a line further from
      // the one above than the page's usual distance plus half a character starts a paragraph
      // (a framed box's padding, the space before a heading).
      const bool tall_boxes = h > kTallBox * em;
      const bool far = tall_boxes && pitch > 0 && centre(l) - centre(*prev) > pitch + 0.5f * em;
      hard = (!heading_wrap && (short_prev || indented)) || gap > kParagraphGap * h || far ||
             size_change || crosses_heading_size || bold_break;
      soft = !hard && opens_numbered_paragraph(folded);
    }
    if (hard || soft) {
      flush();
      cur.soft_start = soft;
    }
    text::join_wrapped(cur.text, text::trim(folded));
    cur.add_line(l);
    const size_t n = l.text.size();
    cur.size = (cur.chars * cur.size + n * l.size) / static_cast<float>(cur.chars + n);
    cur.chars += n;
    cur.bold = cur.bold && l.bold;
    cur.exact_sizes = cur.exact_sizes && l.mean_conf >= 100;
    prev = &l;
  }
  flush();
  return out;
}

}  // namespace regreader::parse
