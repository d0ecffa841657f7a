#include "regreader/parse/pdf/page_alignment.hpp"

#include <algorithm>
#include <unordered_map>

#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {
// Characters of a text used to find it in the rendering.
constexpr size_t kProbeChars = 12;
// Shorter texts are not looked for: "1" or "是" would match anywhere.
constexpr size_t kMinProbeChars = 4;
// Between two anchors, a text this long is looked for in the stretch between them.
constexpr size_t kMinLocalChars = 2;
// A probe found more often than this says nothing about where its text is.
constexpr size_t kMaxOccurrences = 24;

struct Candidate {
  size_t text;
  size_t pos;
};

// Occurrences of `probe` in `hay` (at most kMaxOccurrences + 1).
std::vector<size_t> occurrences(const std::u32string& hay, std::u32string_view probe) {
  std::vector<size_t> out;
  for (size_t at = hay.find(probe); at != std::u32string::npos && out.size() <= kMaxOccurrences;
       at = hay.find(probe, at + 1))
    out.push_back(at);
  return out;
}

// The longest chain of candidates increasing in both text index and position (patience
// sorting; the candidates of one text are visited in decreasing position so a chain takes at
// most one of them).
std::vector<Candidate> longest_chain(const std::vector<Candidate>& cands) {
  std::vector<size_t> tails;  // index into cands of the smallest tail of each chain length
  std::vector<long> prev(cands.size(), -1);
  for (size_t i = 0; i < cands.size(); ++i) {
    const size_t pos = cands[i].pos;
    auto it = std::lower_bound(tails.begin(), tails.end(), pos,
                               [&](size_t t, size_t p) { return cands[t].pos < p; });
    // A chain ending in the same text cannot be extended by it.
    if (it != tails.begin() && cands[*(it - 1)].text == cands[i].text) continue;
    prev[i] = it == tails.begin() ? -1 : static_cast<long>(*(it - 1));
    if (it == tails.end())
      tails.push_back(i);
    else
      *it = i;
  }
  std::vector<Candidate> chain;
  for (long k = tails.empty() ? -1 : static_cast<long>(tails.back()); k >= 0;
       k = prev[static_cast<size_t>(k)])
    chain.push_back(cands[static_cast<size_t>(k)]);
  std::reverse(chain.begin(), chain.end());
  return chain;
}

}  // namespace

std::u32string alignment_key(std::string_view s) {
  std::u32string out;
  for (char32_t c : text::to_codepoints(text::fold_width(s))) {
    const bool keep = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                      text::is_han(c);
    if (keep) out.push_back(c);
  }
  return out;
}

PageAligner::PageAligner(const std::vector<std::u32string>& page_keys) {
  for (const auto& k : page_keys) {
    page_start_.push_back(all_.size());
    all_ += k;
  }
}

int PageAligner::page_of(size_t pos) const {
  const size_t i = static_cast<size_t>(
      std::upper_bound(page_start_.begin(), page_start_.end(), pos) - page_start_.begin());
  return static_cast<int>(std::max<size_t>(i, 1));
}

Placement PageAligner::place(const std::vector<std::u32string>& texts) const {
  std::vector<Candidate> cands;
  for (size_t t = 0; t < texts.size(); ++t) {
    if (texts[t].size() < kMinProbeChars) continue;
    const std::u32string_view probe(texts[t].data(), std::min(kProbeChars, texts[t].size()));
    auto found = occurrences(all_, probe);
    if (found.empty() || found.size() > kMaxOccurrences) continue;
    for (auto it = found.rbegin(); it != found.rend(); ++it)
      cands.push_back({t, *it});
  }
  const auto chain = longest_chain(cands);
  Placement out;
  out.anchored = chain.size();
  // Position of every text: its anchor, else the previous text's end (by text length), kept
  // before the next anchor.
  std::vector<long> anchor(texts.size(), -1);
  for (const auto& c : chain)
    anchor[c.text] = static_cast<long>(c.pos);
  out.breaks.assign(texts.size(), {});
  for (const auto& c : chain) {
    const auto& t = texts[c.text];
    if (all_.compare(c.pos, t.size(), t) != 0) continue;  // not found whole: no safe split
    for (size_t b : page_start_)
      if (b > c.pos && b < c.pos + t.size()) out.breaks[c.text].emplace_back(b - c.pos, page_of(b));
  }
  out.pages.assign(texts.size(), 1);
  size_t next_anchor = 0;  // index into chain of the next anchor at or after t
  size_t pos = 0;
  for (size_t t = 0; t < texts.size(); ++t) {
    while (next_anchor < chain.size() && chain[next_anchor].text < t)
      ++next_anchor;
    if (anchor[t] >= 0) {
      pos = static_cast<size_t>(anchor[t]);
    } else if (next_anchor < chain.size() && pos >= chain[next_anchor].pos) {
      pos = chain[next_anchor].pos > 0 ? chain[next_anchor].pos - 1 : 0;
    } else {
      // Between two anchors a text too short to be looked for in the whole rendering is looked
      // for in the stretch between them, which also holds the running headers, footers and page
      // numbers of any page break there: a chapter's heading ("1总则") after a contents page is
      // on the page it is printed on, not on the page the text before it ends.
      const size_t end = next_anchor < chain.size() ? chain[next_anchor].pos : all_.size();
      const std::u32string_view key(texts[t].data(), std::min(kProbeChars, texts[t].size()));
      const size_t at = key.size() >= kMinLocalChars ? all_.find(key, pos) : std::u32string::npos;
      if (at != std::u32string::npos && at + key.size() <= end) pos = at;
    }
    out.pages[t] = page_of(std::min(pos, all_.empty() ? 0 : all_.size() - 1));
    pos += texts[t].size();
  }
  return out;
}

}  // namespace regreader::parse
