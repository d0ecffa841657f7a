#include "regreader/tools/citation_grammar.hpp"

#include <algorithm>
#include <cctype>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/tools/figures.hpp"

namespace regreader::tools {

namespace {

size_t offset(std::string_view text, const re2::StringPiece& group) {
  return static_cast<size_t>(group.data() - text.data());
}

// A code before a page counts as its regulation when this close on the same line ("GB26860 表1
// P4").
constexpr size_t kMaxCodeToPageBytes = 48;

struct Span {
  size_t start = 0, end = 0;
  std::string value;   // regulation: as cited; page: unused
  std::string reg_id;  // regulation: the stored id of a known name
  int first = 0, last = 0;
};

bool is_ascii_alnum(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

bool id_char(char c) {
  return is_ascii_alnum(c);
}

// Whether a known name found at [at, at+len) stands alone: "GB26860-2011" is not a name inside
// "GB26860-2011-4", "XGB26860-2011" or "GB26860-2011.1".
bool stands_alone(const std::string& s, size_t at, size_t len) {
  if (at > 0 && id_char(s[at - 1]) && id_char(s[at])) return false;
  const size_t e = at + len;
  if (e >= s.size() || !id_char(s[e - 1])) return true;
  if (id_char(s[e])) return false;
  if ((s[e] == '-' || s[e] == '.') && e + 1 < s.size() &&
      std::isdigit(static_cast<unsigned char>(s[e + 1])))
    return false;
  return true;
}

bool overlaps_any(const std::vector<Span>& spans, size_t a, size_t b) {
  return std::any_of(spans.begin(), spans.end(),
                     [&](const Span& x) { return a < x.end && x.start < b; });
}

std::vector<Span> find_known(const std::string& s, std::vector<RegulationName> names) {
  std::sort(names.begin(), names.end(), [](const RegulationName& a, const RegulationName& b) {
    return a.name.size() > b.name.size();
  });
  std::vector<Span> out;
  for (const auto& n : names) {
    if (n.name.empty()) continue;
    const std::string name = text::fold_width(n.name);
    for (size_t at = s.find(name); at != std::string::npos; at = s.find(name, at + 1)) {
      if (!stands_alone(s, at, name.size()) || overlaps_any(out, at, at + name.size())) continue;
      size_t a = at, b = at + name.size();
      static constexpr std::string_view kOpen = "《", kClose = "》";
      if (a >= kOpen.size() && s.compare(a - kOpen.size(), kOpen.size(), kOpen) == 0 &&
          s.compare(b, kClose.size(), kClose) == 0) {
        a -= kOpen.size();  // the title's brackets belong to the citation
        b += kClose.size();
      }
      out.push_back(Span{a, b, n.reg_id, n.reg_id});
    }
  }
  return out;
}

// Regulation codes: GB 26860-2011, GB/T 14285—2006, DL/T 5352, Q/GDW 1799.1-2013, and a copy
// suffix after the year (GB26860-2011-4): read whole, so an unknown copy is never another one.
void find_codes(const std::string& s, std::vector<Span>& spans) {
  static const Regex code(
      R"((^|[^A-Za-z0-9])([A-Z]{1,4}(?:\s*/\s*[A-Z]{1,4})?\s*\d{3,6}(?:\.\d+)?(?:\s*[-—–]\s*(?:19|20)\d{2}(?:-\d{1,3})?)?))");
  re2::StringPiece m[3];
  for (size_t pos = 0; pos < s.size() && code.Match(s, pos, s.size(), RE2::UNANCHORED, m, 3);) {
    const size_t start = offset(s, m[2]), end = start + m[2].size();
    pos = std::max(end, pos + 1);
    if (end < s.size() && std::isdigit(static_cast<unsigned char>(s[end]))) continue;
    Span sp{start, end, normalize_regulation_code(std::string_view(m[2])), "", 0, 0};
    if (sp.value[0] == 'P' && std::isdigit(static_cast<unsigned char>(sp.value[1])))
      continue;  // "P123" is a page, not a code
    if (!overlaps_any(spans, start, end)) spans.push_back(std::move(sp));
  }
  std::sort(spans.begin(), spans.end(),
            [](const Span& a, const Span& b) { return a.start < b.start; });
}

// Names the library does not hold, written right before a page: an id-like token
// ("SAMPLE-2026-4 P3") or a title in 《》 ("《电力法》第3页"). They are regulations all the same,
// so the citation is reported as naming an unknown one instead of being lost.
void find_unknown_names(const std::string& s, std::vector<Span>& spans) {
  static const Regex named(
      R"((^|[^A-Za-z0-9])([A-Z][A-Za-z]+[A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)+|《[^》\n]{1,60}》)[ \t]*(?:[Pp]\.?\s*\d|第\s*\d))");
  re2::StringPiece m[3];
  for (size_t pos = 0; pos < s.size() && named.Match(s, pos, s.size(), RE2::UNANCHORED, m, 3);) {
    const size_t start = offset(s, m[2]), end = start + m[2].size();
    pos = std::max(end, pos + 1);
    if (overlaps_any(spans, start, end)) continue;
    std::string name(m[2]);
    if (text::starts_with(name, "《"))
      name =
          name.substr(std::string_view("《").size(), name.size() - std::string_view("《》").size());
    spans.push_back(Span{start, end, normalize_regulation_code(name), "", 0, 0});
  }
  std::sort(spans.begin(), spans.end(),
            [](const Span& a, const Span& b) { return a.start < b.start; });
}

// Pages: P4, P4-5, p.4, 第4页, 第4-5页, 第4至5页.
std::vector<Span> find_pages(const std::string& s) {
  static const Regex page(
      R"((^|[^A-Za-z0-9])(?:[Pp]\.?\s*(\d{1,5})(?:\s*[-~～–—至]\s*[Pp]?\.?\s*(\d{1,5}))?|第\s*(\d{1,5})\s*(?:[-~～–—至]\s*(\d{1,5})\s*)?页))");
  std::vector<Span> out;
  re2::StringPiece m[6];
  for (size_t pos = 0; pos < s.size() && page.Match(s, pos, s.size(), RE2::UNANCHORED, m, 6);) {
    const size_t end = offset(s, m[0]) + m[0].size();
    pos = std::max(end, pos + 1);
    if (end < s.size() && is_ascii_alnum(s[end]) && m[2].data()) continue;  // "P4x" is a word
    const bool p_form = m[2].data() != nullptr;
    const std::string first(p_form ? m[2] : m[4]);
    const std::string last(p_form ? m[3] : m[5]);
    const auto a = text::to_int(first), b = last.empty() ? a : text::to_int(last);
    if (!a || !b) continue;
    Span sp;
    sp.start = offset(s, m[0]) + m[1].size();
    sp.end = end;
    sp.first = *a;
    sp.last = std::max(*a, *b);
    out.push_back(sp);
  }
  return out;
}

// The objects chained at `pos` ("表1、注1", " 5.3", "，第十二条"); returns where the chain ends.
size_t read_objects(const std::string& s, size_t pos, size_t limit,
                    std::vector<std::string>& objects) {
  static const Regex object(
      R"(((?:[ \t]|、|，|,|和|及|与)*)(续?表\s*(?:[A-Z]\.?)?\d+(?:[.\-]\d+)*|注\s*(?:\d+|[①②③④⑤⑥⑦⑧⑨⑩]|[一二三四五六七八九十]+)|附录\s*[A-Z]|第\s*[\d一二三四五六七八九十百零〇]+\s*[条章节款]|[A-Z]\.\d+(?:\.\d+)*|\d+(?:\.\d+){1,5})(条)?)");
  re2::StringPiece m[4];
  while (pos < limit && object.Match(s, pos, limit, RE2::ANCHOR_START, m, 4)) {
    const std::string label = text::strip_spaces(std::string_view(m[2]));
    const size_t end = offset(s, m[0]) + m[0].size();
    // A decimal with a unit after it ("，0.70 m") is a figure, not a clause.
    const bool decimal_like = object_kind(label) == 'c' &&
                              std::isdigit(static_cast<unsigned char>(label[0])) &&
                              std::count(label.begin(), label.end(), '.') == 1;
    if (decimal_like && unit_length_at(s, offset(s, m[2]) + m[2].size()) > 0) break;
    if (end < s.size() && std::isdigit(static_cast<unsigned char>(s[end]))) break;
    objects.push_back(label.rfind("续表", 0) == 0 ? label.substr(std::string("续").size()) : label);
    pos = end;
  }
  return pos;
}

bool same_line(const std::string& s, size_t from, size_t to) {
  return s.find('\n', from) >= to;
}

std::string first_of_kind(const std::vector<std::string>& objects, char kind) {
  for (const auto& o : objects)
    if (object_kind(o) == kind || (kind == 'c' && object_kind(o) != 't' && object_kind(o) != 'n'))
      return o;
  return "";
}

}  // namespace

char object_kind(std::string_view label) {
  if (text::starts_with(label, "表")) return 't';
  if (text::starts_with(label, "注")) return 'n';
  if (text::starts_with(label, "附录")) return 'a';
  if (text::starts_with(label, "第")) return 'r';
  return 'c';
}

std::string Citation::table() const {
  return first_of_kind(objects, 't');
}
std::string Citation::annotation() const {
  return first_of_kind(objects, 'n');
}
std::string Citation::section() const {
  return first_of_kind(objects, 'c');
}

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

std::vector<Citation> extract_citations(std::string_view text_in,
                                        const std::vector<RegulationName>& names) {
  const std::string s = text::fold_width(text_in);
  auto regs = find_known(s, names);
  find_codes(s, regs);
  find_unknown_names(s, regs);
  const auto pages = find_pages(s);
  std::vector<Citation> out;
  for (size_t i = 0; i < pages.size(); ++i) {
    const Span& p = pages[i];
    const Span* reg = nullptr;
    for (const auto& r : regs)
      if (r.end <= p.start) reg = &r;
    if (!reg) continue;
    Citation c;
    c.regulation = reg->value;
    c.reg_id = reg->reg_id;
    c.page_first = p.first;
    c.page_last = p.last;
    const bool page_between = i > 0 && pages[i - 1].start >= reg->end;
    const bool near = !page_between && same_line(s, reg->end, p.start) &&
                      p.start - reg->end <= kMaxCodeToPageBytes;
    if (near) read_objects(s, reg->end, p.start, c.objects);
    const size_t next = i + 1 < pages.size() ? pages[i + 1].start : s.size();
    const size_t end = read_objects(s, p.end, next, c.objects);
    c.start = near ? reg->start : p.start;
    c.end = end;
    c.raw = text::trim(std::string_view(s).substr(c.start, c.end - c.start));
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace regreader::tools
