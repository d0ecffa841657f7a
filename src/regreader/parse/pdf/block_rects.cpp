#include "regreader/parse/pdf/block_rects.hpp"

#include <algorithm>
#include <string_view>

#include "regreader/core/text.hpp"
#include "regreader/parse/pdf/page_alignment.hpp"

namespace regreader::parse {

namespace {

constexpr size_t kPrefix = 12;  // key characters that find a block's beginning
constexpr size_t kSuffix = 6;   // and its end

// The page's alignment key, and for each key character the index of the PdfChar it came from.
struct PageKey {
  std::u32string key;
  std::vector<size_t> char_of;
};

PageKey page_key(const PageGlyphs& page) {
  PageKey k;
  for (size_t i = 0; i < page.chars.size(); ++i)
    for (char32_t c : alignment_key(text::from_codepoints({page.chars[i]}))) {
      k.key.push_back(c);
      k.char_of.push_back(i);
    }
  return k;
}

BlockRect bounds(const PageGlyphs& page, const PageKey& k, size_t from, size_t to) {
  BlockRect r{1e9f, 1e9f, -1e9f, -1e9f};
  for (size_t i = from; i < to; ++i) {
    const auto& b = page.boxes[k.char_of[i]];
    r.x0 = std::min(r.x0, b[0]), r.y0 = std::min(r.y0, b[1]);
    r.x1 = std::max(r.x1, b[2]), r.y1 = std::max(r.y1, b[3]);
  }
  return r;
}

// The span [begin, end) of `key` in the page key, searched from `cursor` first.
std::optional<std::pair<size_t, size_t>> find_span(const PageKey& k, const std::u32string& key,
                                                   size_t cursor) {
  if (key.size() < 2) return std::nullopt;
  const std::u32string head = key.substr(0, std::min(kPrefix, key.size()));
  size_t pos = k.key.find(head, cursor);
  if (pos == std::u32string::npos) pos = k.key.find(head);
  if (pos == std::u32string::npos) return std::nullopt;
  // The end: the block's last characters, near where its length puts them (a table's cells or
  // a repaired glyph may make the page text a little longer or shorter).
  const size_t n = std::min(kSuffix, key.size());
  const std::u32string tail = key.substr(key.size() - n);
  const size_t expect = pos + key.size();
  const size_t from = expect > n + key.size() / 4 ? expect - n - key.size() / 4 : pos;
  const size_t end = k.key.find(tail, std::max(from, pos));
  if (end == std::u32string::npos || end > expect + key.size() / 4 + n) return std::nullopt;
  return std::pair{pos, end + n};
}

}  // namespace

namespace {

void append_chars(PageGlyphs& g, const std::vector<PdfChar>& chars) {
  for (const auto& c : chars) {
    g.chars.push_back(c.c);
    g.boxes.push_back({c.x0, c.y0, c.x1, c.y1});
  }
}

}  // namespace

PageGlyphs glyphs_of(const PdfPageContent& page) {
  PageGlyphs g{page.width, page.height, {}, {}};
  append_chars(g, page.chars);
  return g;
}

PageGlyphs glyphs_of(const PdfPage& page) {
  PageGlyphs g{page.width, page.height, {}, {}};
  for (const auto& l : page.lines)
    append_chars(g, l.chars);
  return g;
}

int attach_page_rects(model::PageDocument& p, const PageGlyphs& glyphs) {
  if (glyphs.chars.empty()) return 0;
  p.width = glyphs.width;
  p.height = glyphs.height;
  std::vector<std::string> texts;
  for (const auto& b : p.content_blocks)
    texts.push_back(b.content_markdown);
  const auto rects = locate_texts(glyphs, texts);
  int located = 0;
  for (size_t b = 0; b < rects.size(); ++b)
    if (rects[b]) {
      p.content_blocks[b].rect =
          std::array<float, 4>{rects[b]->x0, rects[b]->y0, rects[b]->x1, rects[b]->y1};
      ++located;
    }
  return located;
}

int attach_rects(model::ParsedDocument& doc, const std::vector<PageGlyphs>& layout) {
  int located = 0;
  for (auto& p : doc.pages)
    if (p.page_num >= 1 && static_cast<size_t>(p.page_num) <= layout.size())
      located += attach_page_rects(p, layout[static_cast<size_t>(p.page_num - 1)]);
  return located;
}

std::vector<std::optional<BlockRect>> locate_texts(const PageGlyphs& page,
                                                   const std::vector<std::string>& texts) {
  const PageKey k = page_key(page);
  std::vector<std::optional<BlockRect>> out;
  size_t cursor = 0;
  for (const auto& t : texts) {
    out.emplace_back();
    // A table's later part carries the caption and header rows it repeats from the first page,
    // which this page may not print: without them, up to three leading lines.
    std::string_view rest = t;
    for (int drop = 0; drop <= 3; ++drop) {
      if (const auto span = find_span(k, alignment_key(rest), cursor)) {
        out.back() = bounds(page, k, span->first, span->second);
        cursor = span->second;
        break;
      }
      const size_t nl = rest.find('\n');
      if (nl == std::string_view::npos) break;
      rest.remove_prefix(nl + 1);
      while (!rest.empty() && (rest.front() == '\n'))
        rest.remove_prefix(1);
    }
  }
  return out;
}

}  // namespace regreader::parse
