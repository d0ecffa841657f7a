#pragma once
// Places the paragraphs of a Word document on the pages of LibreOffice's rendering of it.
//
// Word's XML has no pages; the rendering has pages but loses the structure. Both hold the same
// text in the same order, give or take numbering labels, fields, headers and footers. Each
// paragraph's opening characters are looked up in the rendered text; the occurrences that keep
// document order (the longest increasing chain, so a phrase repeated later in the document
// cannot pull a paragraph forward) anchor the paragraphs, and paragraphs left without an anchor
// are placed by their text length between the anchors around them. The earlier greedy search
// moved its cursor to the first occurrence ahead, and one repeated phrase put every following
// paragraph 1-4 pages late.

#include <string>
#include <string_view>
#include <vector>

namespace regreader::parse {

/// Letters, digits and ideographs of `s`, width-folded: what the Word text and the rendered
/// text have in common (punctuation and spacing differ between the two).
std::u32string alignment_key(std::string_view s);

/// Where texts fall in a rendering.
struct Placement {
  std::vector<int> pages;  ///< the 1-based page each text starts on
  /// For each text, where it runs onto a later page: (offset in its alignment key, page). Only
  /// texts found whole at their anchor are split this way.
  std::vector<std::vector<std::pair<size_t, int>>> breaks;
  size_t anchored = 0;  ///< texts anchored by a found occurrence
};

class PageAligner {
 public:
  /// `page_keys`: the alignment_key of each rendered page's text, page 1 first.
  explicit PageAligner(const std::vector<std::u32string>& page_keys);

  /// Places texts (alignment keys, in reading order) on the pages.
  Placement place(const std::vector<std::u32string>& texts) const;

 private:
  int page_of(size_t pos) const;
  std::u32string all_;
  std::vector<size_t> page_start_;
};

}  // namespace regreader::parse
