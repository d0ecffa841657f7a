#include "regreader/agent/citations.hpp"

#include <algorithm>
#include <cctype>
#include <regex>

#include "regreader/core/text.hpp"

namespace regreader::agent {

namespace {

// std::regex matches bytes: multi-byte characters appear in patterns only as literals or
// alternations (一|二), never inside [...], where they would match single bytes.

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
const std::regex& code_regex() {
  static const std::regex re(
      R"((^|[^A-Za-z0-9])([A-Z]{1,4}(?:\s*(?:/|／)\s*[A-Z]{1,4})?\s*\d{3,6}(?:\.\d+)?(?:\s*(?:-|—|–)\s*(?:19|20)\d{2})?))");
  return re;
}

// Pages: P4, P4-5, p.4, 第4页, 第4-5页, 第4至5页.
const std::regex& page_regex() {
  static const std::regex re(
      R"((^|[^A-Za-z0-9])(?:[Pp]\.?\s*(\d{1,4})(?:\s*(?:-|~|–|—|至)\s*[Pp]?\.?\s*(\d{1,4}))?|第\s*(\d{1,4})\s*(?:(?:-|~|–|—|至)\s*(\d{1,4})\s*)?页))");
  return re;
}

std::vector<Span> find_codes(const std::string& s) {
  std::vector<Span> out;
  for (auto it = std::sregex_iterator(s.begin(), s.end(), code_regex());
       it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    Span sp{static_cast<size_t>(m.position(2)), static_cast<size_t>(m.position(2) + m.length(2)),
            normalize_regulation_code(m.str(2))};
    if (sp.value[0] == 'P' && std::isdigit(static_cast<unsigned char>(sp.value[1])))
      continue;  // "P123" is a page, not a code
    out.push_back(std::move(sp));
  }
  return out;
}

std::vector<Span> find_pages(const std::string& s) {
  std::vector<Span> out;
  for (auto it = std::sregex_iterator(s.begin(), s.end(), page_regex());
       it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    const bool p_form = m[2].matched;
    const std::string first = p_form ? m.str(2) : m.str(4);
    const std::string last = p_form ? m.str(3) : m.str(5);
    Span sp;
    sp.start = static_cast<size_t>(m.position(0) + m.length(1));
    sp.end = static_cast<size_t>(m.position(0) + m.length(0));
    sp.first = std::stoi(first);
    sp.last = last.empty() ? sp.first : std::max(sp.first, std::stoi(last));
    out.push_back(sp);
  }
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
  static const std::regex table(R"(表\s*([A-Z]?\d+(?:[.\-]\d+)*))");
  static const std::regex note(
      R"(注\s*(\d+|①|②|③|④|⑤|⑥|⑦|⑧|⑨|⑩|(?:一|二|三|四|五|六|七|八|九|十)+))");
  static const std::regex section(
      R"((第\s*(?:\d|一|二|三|四|五|六|七|八|九|十|百|零)+\s*(?:条|章|节))|(附录\s*[A-Z])|(\d+(?:\.\d+){1,4}))");
  std::smatch m;
  if (c.table.empty() && std::regex_search(w, m, table)) c.table = "表" + m.str(1);
  if (c.annotation.empty() && std::regex_search(w, m, note)) c.annotation = "注" + m.str(1);
  if (c.section.empty() && std::regex_search(w, m, section))
    c.section = text::strip_spaces(m.str(0));
}

std::string trim_copy(std::string_view s) {
  return text::trim(s);
}

// Figures quoted in [from, to): decimals and numbers with a unit; not section numbers.
std::vector<std::string> find_figures(const std::string& s, size_t from, size_t to) {
  static const std::regex fig(
      R"((^|[^\d.A-Za-z])(\d+(?:\.\d+)?)(?!\.\d)\s*(kV|KV|kv|MVA|MW|kVA|kW|kA|mA|mm|cm|km|m|A|V|W|Hz|s|min|h|%|℃|°C|Ω|米|毫米|厘米|千米|公里|千伏|伏|安|秒|分钟|小时|天|日|人|次|倍|度)?)");
  std::vector<std::string> out;
  const std::string seg = s.substr(from, to - from);
  for (auto it = std::sregex_iterator(seg.begin(), seg.end(), fig); it != std::sregex_iterator();
       ++it) {
    const std::string number = (*it).str(2), unit = (*it).str(3);
    const bool decimal = number.find('.') != std::string::npos;
    if (!unit.empty() || (decimal && number.rfind("0.", 0) == 0)) out.push_back(number + unit);
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
  static const std::regex number(R"(\d+(?:\.\d+)?)");
  for (auto it = std::sregex_iterator(page.begin(), page.end(), number);
       it != std::sregex_iterator(); ++it)
    if (canonical_number((*it).str(0)) == want) return true;
  return false;
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
