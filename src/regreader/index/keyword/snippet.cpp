#include "regreader/index/keyword/snippet.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "regreader/index/search_filter.hpp"

namespace regreader::index {

namespace {

using Span = std::pair<size_t, size_t>;  // byte range [first, second)

std::string lower_ascii(std::string s) {
  for (auto& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

size_t utf8_len(unsigned char c) {
  return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

// A table keeps its header row and the rows with a match; other blocks stay whole.
std::string table_rows(const std::string& text, const std::set<std::string>& tokens) {
  if (text.find("\n|") == std::string::npos && text.rfind("|", 0) != 0) return text;
  std::string out;
  size_t start = 0;
  int table_line = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    const bool row = line.rfind("|", 0) == 0;
    const std::string low = lower_ascii(line);
    const bool hit = std::any_of(tokens.begin(), tokens.end(), [&](const std::string& t) {
      return !t.empty() && low.find(t) != std::string::npos;
    });
    const bool separator = row && line.find_first_not_of("|-: ") == std::string::npos;
    if (!row || (table_line == 0) || (hit && !separator)) out += line + "\n";
    if (row) ++table_line;
    start = end + 1;
  }
  return out;
}

// Every occurrence of every token, merged where they overlap or touch.
std::vector<Span> matched_spans(const std::string& text, const std::set<std::string>& tokens) {
  const std::string low = lower_ascii(text);
  std::vector<Span> spans;
  for (const auto& t : tokens) {
    if (t.empty()) continue;
    for (size_t at = low.find(t); at != std::string::npos; at = low.find(t, at + 1))
      spans.emplace_back(at, at + t.size());
  }
  std::sort(spans.begin(), spans.end());
  std::vector<Span> merged;
  for (const auto& s : spans) {
    if (!merged.empty() && s.first <= merged.back().second)
      merged.back().second = std::max(merged.back().second, s.second);
    else
      merged.push_back(s);
  }
  return merged;
}

// The byte window of about `chars` characters that covers the most matched bytes, among the
// windows that start a little (`context` characters) before a match.
Span best_window(const std::string& text, const std::vector<Span>& spans, int chars) {
  // Byte offset of each character start.
  std::vector<size_t> starts;
  for (size_t i = 0; i < text.size(); i += utf8_len(static_cast<unsigned char>(text[i])))
    starts.push_back(i);
  starts.push_back(text.size());
  auto char_index = [&](size_t byte) {
    return static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), byte) -
                               starts.begin()) -
           1;
  };
  const size_t n = starts.size() - 1, width = static_cast<size_t>(chars), context = 20;
  // Matched bytes of the spans before each one (spans are sorted and disjoint).
  std::vector<size_t> before(spans.size() + 1, 0);
  for (size_t i = 0; i < spans.size(); ++i)
    before[i + 1] = before[i] + spans[i].second - spans[i].first;
  Span best{0, starts[std::min(n, width)]};
  size_t best_cover = 0;
  for (const auto& s : spans) {
    const size_t first = char_index(s.first);
    const size_t from = first > context ? first - context : 0;
    const size_t to = std::min(n, from + width);
    // The spans wholly inside [starts[from], starts[to]).
    const auto lo = std::lower_bound(spans.begin(), spans.end(), starts[from],
                                     [](const Span& x, size_t b) { return x.first < b; });
    const auto hi = std::upper_bound(lo, spans.end(), starts[to],
                                     [](size_t b, const Span& x) { return b < x.second; });
    const size_t cover = hi > lo ? before[static_cast<size_t>(hi - spans.begin())] -
                                       before[static_cast<size_t>(lo - spans.begin())]
                                 : 0;
    if (cover > best_cover) best_cover = cover, best = {starts[from], starts[to]};
  }
  return best;
}

}  // namespace

std::string make_snippet(const std::string& text, const std::set<std::string>& tokens, int chars) {
  std::set<std::string> low;
  for (const auto& t : tokens)
    low.insert(lower_ascii(t));
  const std::string body = table_rows(text, low);
  const auto spans = matched_spans(body, low);
  if (spans.empty()) return leading_snippet(text, chars);
  const auto [from, to] = best_window(body, spans, chars);
  std::string out = from > 0 ? "…" : "";
  bool space = false, wrote = false;
  auto next_span = spans.begin();
  for (size_t i = from; i < to;) {
    while (next_span != spans.end() && next_span->second <= i)
      ++next_span;
    const bool open = next_span != spans.end() && next_span->first == i;
    const unsigned char c = static_cast<unsigned char>(body[i]);
    if (!open && (c == ' ' || c == '\n' || c == '\t' || c == '\r')) {
      space = wrote;
      ++i;
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    wrote = true;
    if (open) {
      const size_t end = std::min(next_span->second, to);
      out += "【" + body.substr(i, end - i) + "】";
      i = end;
      continue;
    }
    const size_t len = utf8_len(c);
    out.append(body, i, len);
    i += len;
  }
  return to < body.size() ? out + "…" : out;
}

void make_snippets(const store::DocumentStore& store, std::vector<SearchHit>& hits) {
  for (auto& h : hits) {
    if (!h.snippet_tokens) continue;
    h.snippet = make_snippet(store.block_content(h.block_id).value_or(""), *h.snippet_tokens);
    h.snippet_tokens.reset();
  }
}

}  // namespace regreader::index
