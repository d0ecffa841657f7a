#pragma once
// What is printed on a page but is not the document's content: running headers and footers
// left inside the text (Word files converted from PDF carry them as paragraphs; OCR reads them
// slightly differently on every page), contents pages that the usual 目次 / leader-dot test
// misses (OCR loses both), and lines that are never chapters (目次, cover banners).

#include <set>
#include <string>
#include <string_view>

#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// What identifies a running line across pages: its Latin letters and ideographs (page numbers,
/// years, spacing and punctuation vary from page to page).
std::u32string running_line_key(std::string_view text);

/// Indices of raw paragraphs that are running headers or footers: short unnumbered lines at
/// the top or bottom of their page whose letters (digits ignored, near-identical readings
/// merged) come back on at least 3 pages and 30% of the pages, or on 3 pages in a row (a
/// section tab).
std::set<size_t> running_paragraphs(const RawDocument& raw);

/// Pages in the first part of a document whose numbered lines (at least 3, 60% of them) come
/// back later as headings, and that are mostly such lines or come before the body starts (the
/// first page with chapter 1, 2 or 3 that is not in `known` contents pages): a table of
/// contents.
std::set<int> contents_pages_by_repeats(const RawDocument& raw, const std::set<int>& known);

/// True for a line carrying Word's contents field (`PAGEREF _Toc… \h XVII`, `TOC \o "1-2"`):
/// a table-of-contents entry in text converted without evaluating fields.
bool has_toc_field(const std::string& text);
/// The text without Word field codes (PAGEREF with its switches and page, TOC \o, HYPERLINK \l,
/// FORMTEXT): they are never text.
std::string strip_field_codes(std::string text);

/// 目次, 目录 or Contents (spaces and Markdown's # ignored): the title of a contents page.
bool is_contents_title(std::string_view text);

/// Pages that hold a table of contents (目次 / 目录, many leader-dot or page-number lines, or
/// numbered lines that come back later as headings): their lines never start chapters.
std::set<int> toc_pages(const RawDocument& raw);

/// A table of contents written as plain paragraphs (Word files converted from PDF have no TOC
/// styles): after 目次 / 目录 / Contents, entries that end in a page number are not headings.
/// Fed the paragraphs in order; `inside` is true for the title and the entries.
class TocRun {
 public:
  bool inside(const std::string& text);
  bool active() const { return active_; }

 private:
  bool active_ = false;
};

/// A date set on a line of its own (2016.12.27, 2016年12月27日, 2019年3月) or a form's blank date
/// field (实施日期：年月日): set in large type as often as a heading, and never one. Under a
/// preface it ends the signature.
bool is_date_line(const std::string& t);

/// 目次, 目录, Contents and cover banners such as 中华人民共和国国家标准: headings by their
/// look, never chapters.
bool never_a_chapter(const std::string& text);

}  // namespace regreader::parse
