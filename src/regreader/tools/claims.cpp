#include "regreader/tools/claims.hpp"

#include <algorithm>

#include "regreader/core/text.hpp"

namespace regreader::tools {

namespace {

struct Segment {
  size_t start, end;
};

// Sentence and item ends outside brackets: a citation's （…；…） stays with its sentence.
std::vector<Segment> segments(const std::string& s) {
  static constexpr std::string_view kOpen[] = {"（", "(", "["};
  static constexpr std::string_view kClose[] = {"）", ")", "]"};
  static constexpr std::string_view kEnds[] = {"\n", "。", "；", ";", "！", "？", "!", "?"};
  std::vector<Segment> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size();) {
    size_t step = 1;
    bool split = false;
    for (auto o : kOpen)
      if (s.compare(i, o.size(), o) == 0) ++depth, step = o.size();
    for (auto c : kClose)
      if (s.compare(i, c.size(), c) == 0) depth = std::max(0, depth - 1), step = c.size();
    for (auto e : kEnds)
      if (s.compare(i, e.size(), e) == 0 && (depth == 0 || e == "\n")) {
        split = true;
        step = e.size();
      }
    if (split) {
      if (s[i] == '\n') depth = 0;  // an unclosed bracket ends with its line
      out.push_back({start, i + step});
      start = i + step;
    }
    i += step;
  }
  if (start < s.size()) out.push_back({start, s.size()});
  return out;
}

// Whether a segment says nothing beyond its citations: "（GB26860 P4 表1）", "来源：GB… P4".
bool citation_only(const std::string& s, const Segment& seg, const std::vector<Citation>& cs) {
  std::string rest;
  size_t pos = seg.start;
  for (const auto& c : cs) {
    rest += s.substr(pos, c.start - pos);
    pos = c.end;
  }
  rest += s.substr(pos, seg.end - pos);
  for (std::string_view filler :
       {"来源", "依据", "参见", "详见", "见", "出处", "【", "】", "（", "）", "(", ")", "[",
        "]",    "：",   ":",    "，",   ",",  "、",   "；", ";",  "。", "-",  "*", "·"})
    for (size_t at = rest.find(filler); at != std::string::npos; at = rest.find(filler))
      rest.erase(at, filler.size());
  return text::strip_spaces(rest).empty();
}

}  // namespace

std::vector<Claim> split_claims(std::string_view answer, const std::vector<RegulationName>& names) {
  const std::string s = text::fold_width(answer);
  const auto citations = extract_citations(s, names);
  std::vector<std::pair<size_t, size_t>> masked;
  for (const auto& c : citations)
    masked.emplace_back(c.start, c.end);
  std::vector<Claim> out;
  bool prev_open = false;   // the last claim states figures and has no citation yet
  size_t intro = SIZE_MAX;  // an uncited introduction waiting for its items' citations
  for (const auto& seg : segments(s)) {
    std::vector<Citation> cs;
    for (const auto& c : citations)
      if (c.start >= seg.start && c.start < seg.end) cs.push_back(c);
    auto figures = find_figures(s, seg.start, seg.end, masked);
    if (figures.empty() && cs.empty()) continue;
    // An uncited part before "；" shares the citation that ends its sentence (and stays a claim
    // of its own, its figures checked apart from the next part's).
    const bool joins_prev =
        prev_open && !cs.empty() &&
        (text::ends_with(out.back().text, "；") || text::ends_with(out.back().text, ";"));
    if (joins_prev) out.back().citations = cs;
    if (prev_open && figures.empty() && citation_only(s, seg, cs)) {
      Claim& prev = out.back();
      prev.citations = std::move(cs);
      prev.end = seg.end;
      prev.text = text::trim(std::string_view(s).substr(prev.start, prev.end - prev.start));
      prev_open = false;
      // (intro is SIZE_MAX when none waits: intro + 1 would wrap to 0 and read out[SIZE_MAX].)
      if (intro != SIZE_MAX && intro + 1 < out.size() && out[intro].citations.empty()) {
        out[intro].citations = prev.citations;
        intro = SIZE_MAX;
      }
      continue;
    }
    // An introduction ("10kV 设备的安全距离如下：") is checked against what its items cite.
    if (!cs.empty() && intro < out.size()) {
      if (out[intro].citations.empty()) out[intro].citations = cs;
      intro = SIZE_MAX;
    }
    Claim c;
    c.start = seg.start;
    c.end = seg.end;
    c.text = text::trim(std::string_view(s).substr(seg.start, seg.end - seg.start));
    c.figures = std::move(figures);
    c.citations = std::move(cs);
    prev_open = !c.figures.empty() && c.citations.empty();
    if (prev_open && (text::ends_with(c.text, "：") || text::ends_with(c.text, ":")))
      intro = out.size();
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace regreader::tools
