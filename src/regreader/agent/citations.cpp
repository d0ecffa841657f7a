#include "regreader/agent/citations.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"

namespace regreader::agent {

namespace {

// Byte offset of a sub-match in the text it was found in.
size_t offset(std::string_view text, const re2::StringPiece& group) {
  return static_cast<size_t>(group.data() - text.data());
}

// Calls f(groups) for each match in s, left to right and not overlapping: groups[0] is the whole
// match, an unmatched group has data() == nullptr. Each search starts where the last match ended,
// with the text before it as context (^ matches only at 0).
template <typename F>
void for_each_match(std::string_view s, const RE2& re, F f) {
  std::vector<re2::StringPiece> g(1 + re.NumberOfCapturingGroups());
  const int n = static_cast<int>(g.size());
  for (size_t pos = 0;
       pos <= s.size() && re.Match(s, pos, s.size(), RE2::UNANCHORED, g.data(), n);) {
    f(g);
    const size_t end = offset(s, g[0]) + g[0].size();
    pos = end > pos ? end : pos + 1;  // none of the patterns matches empty text; no endless loop
  }
}

// A code before a page counts as its regulation when this close on the same line ("GB26860 表1
// P4").
constexpr size_t kMaxCodeToPageBytes = 48;
// Qualifiers (表1, 注1, 4.2.3) are looked for this far after the page.
constexpr size_t kQualifierWindowBytes = 60;
// A range wider than this is not checked page by page (a model citing "P1-300" is not precise).
constexpr int kMaxCheckedPages = 20;

struct Span {
  size_t start = 0, end = 0;
  std::string value;  // code: normalised; page: "first-last"
  int first = 0, last = 0;
};

// Regulation codes: GB 26860-2011, GB/T 14285—2006, DL/T 5352, Q/GDW 1799.1-2013, NB/T 31147.
std::vector<Span> find_codes(const std::string& s) {
  static const Regex code(
      R"((^|[^A-Za-z0-9])([A-Z]{1,4}(?:\s*[/／]\s*[A-Z]{1,4})?\s*\d{3,6}(?:\.\d+)?(?:\s*[-—–]\s*(?:19|20)\d{2})?))");
  std::vector<Span> out;
  for_each_match(s, code, [&](const std::vector<re2::StringPiece>& m) {
    Span sp{offset(s, m[2]), offset(s, m[2]) + m[2].size(),
            normalize_regulation_code(std::string_view(m[2]))};
    if (sp.value[0] == 'P' && std::isdigit(static_cast<unsigned char>(sp.value[1])))
      return;  // "P123" is a page, not a code
    out.push_back(std::move(sp));
  });
  return out;
}

// Pages: P4, P4-5, p.4, 第4页, 第4-5页, 第4至5页.
std::vector<Span> find_pages(const std::string& s) {
  static const Regex page(
      R"((^|[^A-Za-z0-9])(?:[Pp]\.?\s*(\d{1,4})(?:\s*[-~–—至]\s*[Pp]?\.?\s*(\d{1,4}))?|第\s*(\d{1,4})\s*(?:[-~–—至]\s*(\d{1,4})\s*)?页))");
  std::vector<Span> out;
  for_each_match(s, page, [&](const std::vector<re2::StringPiece>& m) {
    const bool p_form = m[2].data() != nullptr;
    const std::string first(p_form ? m[2] : m[4]);
    const std::string last(p_form ? m[3] : m[5]);
    Span sp;
    sp.start = offset(s, m[0]) + m[1].size();
    sp.end = offset(s, m[0]) + m[0].size();
    const auto a = text::to_int(first), b = last.empty() ? a : text::to_int(last);
    if (!a || !b) return;  // a page number no document has
    sp.first = *a;
    sp.last = std::max(sp.first, *b);
    out.push_back(sp);
  });
  return out;
}

bool same_line(const std::string& s, size_t from, size_t to) {
  return s.find('\n', from) >= to;
}

// End of the qualifier window: a sentence or list delimiter, a line end, or the byte budget.
size_t window_end(const std::string& s, size_t from, size_t limit) {
  size_t end = std::min(s.size(), std::min(limit, from + kQualifierWindowBytes));
  for (const char* d : {"\n", "；", ";", "。", "，", ",", "、", "）", ")", "】"}) {
    const size_t p = s.find(d, from);
    if (p != std::string::npos && p < end) end = p;
  }
  return end;
}

void read_qualifiers(const std::string& w, Citation& c) {
  static const Regex table(R"(表\s*([A-Z]?\d+(?:[.\-]\d+)*))");
  static const Regex note(R"(注\s*(\d+|[①②③④⑤⑥⑦⑧⑨⑩]|[一二三四五六七八九十]+))");
  static const Regex section(
      R"(第\s*[\d一二三四五六七八九十百零]+\s*[条章节]|附录\s*[A-Z]|\d+(?:\.\d+){1,4})");
  std::string m;
  if (c.table.empty() && RE2::PartialMatch(w, table, &m)) c.table = "表" + m;
  if (c.annotation.empty() && RE2::PartialMatch(w, note, &m)) c.annotation = "注" + m;
  re2::StringPiece found;
  if (c.section.empty() && section.Match(w, 0, w.size(), RE2::UNANCHORED, &found, 1))
    c.section = text::strip_spaces(std::string_view(found));
}

std::string trim_copy(std::string_view s) {
  return text::trim(s);
}

bool is_ascii_digit(char c) {
  return c >= '0' && c <= '9';
}

bool is_ascii_letter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

// Figures quoted in [from, to): decimals and numbers with a unit; not section numbers.
//
// The pattern was (^|[^\d.A-Za-z])(\d+(?:\.\d+)?)(?!\.\d)\s*(unit)?; RE2 has no lookahead, so the
// context checks are made here, on bytes (the window may start inside a character). Before a
// ".digit" the backtracking matcher gave up the last digit of the fraction, else of the integer
// part ("12.55.1" -> "12.5", "12.5.1" -> "1", "1.5.1" -> nothing): kept as it was.
std::vector<std::string> find_figures(const std::string& s, size_t from, size_t to) {
  static const Regex number(R"((\d+)(\.\d+)?)");
  static const Regex unit(
      R"(\s*(kV|KV|kv|MVA|MW|kVA|kW|kA|mA|mm|cm|km|m|A|V|W|Hz|s|min|h|%|℃|°C|Ω|米|毫米|厘米|千米|公里|千伏|伏|安|秒|分钟|小时|天|日|人|次|倍|度)?)");
  std::vector<std::string> out;
  const std::string seg = s.substr(from, to - from);
  const auto dot_digit = [&](size_t i) {
    return i + 1 < seg.size() && seg[i] == '.' && is_ascii_digit(seg[i + 1]);
  };
  re2::StringPiece g[3];
  for (size_t pos = 0; number.Match(seg, pos, seg.size(), RE2::UNANCHORED, g, 3);) {
    const size_t search_start = pos;
    const size_t start = offset(seg, g[0]);
    size_t end = start + g[0].size();
    pos = end;  // no figure starts inside a run of digits and dots
    // (^|[^\d.A-Za-z]): a byte before the number, not taken by the last match.
    if (start > 0) {
      const char before = seg[start - 1];
      if (start == search_start || is_ascii_digit(before) || before == '.' ||
          is_ascii_letter(before))
        continue;
    }
    bool unit_allowed = true;
    if (dot_digit(end)) {  // the fraction is there: (\.\d+)? took it greedily
      if (g[2].size() > 2)
        end -= 1;  // "12.55" of "12.55.1" -> "12.5"
      else if (g[1].size() > 1)
        end = start + g[1].size() - 1;  // "12" of "12.5.1" -> "1"
      else
        continue;            // "1.5.1": no figure here
      unit_allowed = false;  // a digit follows: no unit can
    }
    const std::string num = seg.substr(start, end - start);
    std::string u;
    if (unit_allowed) {
      re2::StringPiece w[2];
      unit.Match(seg, end, seg.size(), RE2::ANCHOR_START, w, 2);  // always matches, maybe empty
      u = std::string(w[1]);
      end += w[0].size();
    }
    pos = end;
    const bool decimal = num.find('.') != std::string::npos;
    if (!u.empty() || (decimal && num.rfind("0.", 0) == 0)) out.push_back(num + u);
  }
  return out;
}

// "0.70" → "0.7", "10" → "10": numbers compare without trailing decimal zeros.
std::string canonical_number(std::string n) {
  if (n.find('.') == std::string::npos) return n;
  while (n.back() == '0')
    n.pop_back();
  if (n.back() == '.') n.pop_back();
  return n;
}

std::string leading_number(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.'))
    ++i;
  return std::string(s.substr(0, i));
}

}  // namespace

std::string normalize_regulation_code(std::string_view code) {
  std::string s = text::fold_width(code);
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (s.compare(i, 3, "—") == 0 || s.compare(i, 3, "–") == 0) {
      out += '-';
      i += 3;
    } else if (s.compare(i, 3, "／") == 0) {
      i += 3;
    } else {
      const char c = s[i++];
      if (c == '/' || std::isspace(static_cast<unsigned char>(c))) continue;
      out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

namespace {

// Stored ids that do not look like a standard's code (SAMPLE-2026, 调度规程) are found literally.
void add_known_ids(const std::string& s, const std::vector<std::string>& ids,
                   std::vector<Span>& codes) {
  for (const auto& id : ids) {
    if (id.empty()) continue;
    for (size_t at = s.find(id); at != std::string::npos; at = s.find(id, at + id.size())) {
      bool inside = false;
      for (const auto& c : codes)
        inside |= at < c.end && c.start < at + id.size();
      if (!inside) codes.push_back(Span{at, at + id.size(), id});
    }
  }
  std::sort(codes.begin(), codes.end(),
            [](const Span& a, const Span& b) { return a.start < b.start; });
}

}  // namespace

std::vector<Citation> extract_citations(std::string_view answer_in,
                                        const std::vector<std::string>& known_ids) {
  const std::string s = text::fold_width(answer_in);
  auto codes = find_codes(s);
  add_known_ids(s, known_ids, codes);
  const auto pages = find_pages(s);
  std::vector<Citation> out;
  size_t prev_end = 0;
  for (size_t i = 0; i < pages.size(); ++i) {
    const Span& p = pages[i];
    const Span* code = nullptr;
    for (const auto& c : codes)
      if (c.end <= p.start) code = &c;
    if (!code) continue;
    Citation c;
    c.regulation = code->value;
    c.page_first = p.first;
    c.page_last = p.last;
    const bool page_between = i > 0 && pages[i - 1].start >= code->end;
    const bool near = !page_between && same_line(s, code->end, p.start) &&
                      p.start - code->end <= kMaxCodeToPageBytes;
    size_t start = near ? code->start : p.start;
    const size_t next = i + 1 < pages.size() ? pages[i + 1].start : s.size();
    const size_t end = window_end(s, p.end, next);
    if (near) read_qualifiers(s.substr(code->end, p.start - code->end), c);
    read_qualifiers(s.substr(p.end, end - p.end), c);
    c.raw = trim_copy(std::string_view(s).substr(start, end - start));
    c.offset = start;
    const size_t line_start = s.rfind('\n', start == 0 ? 0 : start - 1);
    const size_t from = std::max(line_start == std::string::npos ? 0 : line_start + 1, prev_end);
    if (from < start) c.figures = find_figures(s, from, start);
    prev_end = end;
    out.push_back(std::move(c));
  }
  return out;
}

bool figure_on_page(std::string_view figure, std::string_view page_text) {
  const std::string want = canonical_number(leading_number(figure));
  if (want.empty()) return false;
  const std::string page = text::fold_width(page_text);
  static const Regex number(R"(\d+(?:\.\d+)?)");
  bool found = false;
  for_each_match(page, number, [&](const std::vector<re2::StringPiece>& m) {
    found = found || canonical_number(std::string(m[0])) == want;
  });
  return found;
}

std::vector<CheckedCitation> check_citations(const std::vector<Citation>& citations,
                                             CitationChecker& checker) {
  std::vector<CheckedCitation> out;
  for (const auto& c : citations) {
    CheckedCitation cc{c, CitationStatus::kVerified, ""};
    if (!checker.has_regulation(c.regulation)) {
      cc.status = CitationStatus::kUnknownRegulation;
      cc.detail = "no regulation " + c.regulation;
      out.push_back(std::move(cc));
      continue;
    }
    std::string pages_text;
    const int last = std::min(c.page_last, c.page_first + kMaxCheckedPages - 1);
    for (int p = c.page_first; p <= last && cc.status == CitationStatus::kVerified; ++p) {
      auto t = checker.page_text(c.regulation, p);
      if (!t) {
        cc.status = CitationStatus::kPageMissing;
        cc.detail = c.regulation + " has no page " + std::to_string(p);
      } else {
        pages_text += *t;
        pages_text += '\n';
      }
    }
    for (const auto& f : c.figures) {
      if (cc.status != CitationStatus::kVerified) break;
      if (!figure_on_page(f, pages_text)) {
        cc.status = CitationStatus::kFigureNotOnPage;
        cc.detail = "\"" + f + "\" is not on " + c.regulation + " P" +
                    std::to_string(c.page_first) +
                    (c.page_last != c.page_first ? "-" + std::to_string(c.page_last) : "");
      }
    }
    out.push_back(std::move(cc));
  }
  return out;
}

std::string_view citation_status_name(CitationStatus s) {
  switch (s) {
    case CitationStatus::kUnchecked:
      return "unchecked";
    case CitationStatus::kVerified:
      return "verified";
    case CitationStatus::kUnknownRegulation:
      return "unknown_regulation";
    case CitationStatus::kPageMissing:
      return "page_missing";
    case CitationStatus::kFigureNotOnPage:
      return "figure_not_on_page";
  }
  return "unchecked";
}

bool is_fabricated(CitationStatus s) {
  return s == CitationStatus::kUnknownRegulation || s == CitationStatus::kPageMissing ||
         s == CitationStatus::kFigureNotOnPage;
}

}  // namespace regreader::agent
