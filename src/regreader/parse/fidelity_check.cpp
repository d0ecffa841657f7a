#include "regreader/parse/fidelity_check.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/pdf/glyph_repair.hpp"
#include "regreader/parse/pdf/page_furniture.hpp"
#include "regreader/parse/structure/numbering.hpp"

namespace regreader::parse {

namespace {

// The printed 目次 sits in the first part of a document.
constexpr double kTocSearchShare = 0.4;
// A page with this many leader-dot entries is a contents page even without a 目次 title.
constexpr size_t kMinTocEntries = 3;
// A header or footer line left on this share of the pages (and at least 3) is a running line.
constexpr double kRunningShare = 0.3;
// Running lines are short.
constexpr size_t kMaxRunningChars = 40;
// Shares above which the document is rated poor.
constexpr double kPoorTocMissing = 0.1, kPoorGarbage = 0.01;
constexpr double kPoorOcrConfidence = 70;
// A document whose table cells are unsure in more than this share is poor.
constexpr double kPoorUnsureCells = 0.2;
// Neighbours on each side whose page offsets an entry's is compared with, and how far off it
// may be.
constexpr size_t kOffsetWindow = 2;
constexpr int kOffsetTolerance = 1;
// A table cell longer than this that appears twice in one row was copied across cells.
constexpr size_t kCopiedCellChars = 30;

bool is_leader(char32_t c) {
  return c == '.' || c == U'…' || c == U'·' || c == U'⋯' || c == U'．' || c == U'‥';
}
bool is_roman(char32_t c) {
  return c == 'I' || c == 'V' || c == 'X' || c == 'i' || c == 'v' || c == 'x' ||
         (c >= 0x2160 && c <= 0x217F);
}

TocEntry make_entry(const std::u32string& body_in, int page) {
  // OCR breaks a leader line with stray marks ("作业要求……·……'……|…2"), so the run read as the
  // leader may start after some of it: the entry ends where two leader dots first meet.
  std::u32string body = body_in;
  for (size_t k = 0; k + 1 < body.size(); ++k)
    if (is_leader(body[k]) && is_leader(body[k + 1])) {
      body.resize(k);
      break;
    }
  std::string t =
      text::collapse_spaces(text::fold_width(text::from_codepoints({body.begin(), body.end()})));
  // A converter's contents line is a Markdown link with bold numbers: "[**1**总则 ……1](#_toc1)".
  static const Regex link(R"(\]\([^)]*\)|\[|\])");
  RE2::GlobalReplace(&t, link, "");
  t = text::trim(text::without_emphasis(t));
  TocEntry e;
  e.printed_page = page;
  // Contents entries are headings: "5 年景评估方法" is chapter 5, not five years.
  if (auto m = match_section_number(t + " ", /*heading=*/true)) {
    e.section = m->number;
    e.title = text::strip_spaces(m->rest);
  } else {
    e.title = text::strip_spaces(t);
  }
  return e;
}

}  // namespace

std::vector<TocEntry> parse_toc_entries(std::string_view s) {
  std::vector<TocEntry> out;
  const auto cps = text::to_codepoints(s);
  std::u32string cur;
  size_t i = 0;
  auto flush_plain = [&] {  // a line ending in a page number after a space: "1 范围 1"
    size_t e = cur.size();
    while (e > 0 && text::is_space(cur[e - 1]))
      --e;
    size_t d = e;
    while (d > 0 && cur[d - 1] >= '0' && cur[d - 1] <= '9')
      --d;
    if (d < e && e - d <= 3 && d > 0 && text::is_space(cur[d - 1])) {
      const int page = std::stoi(text::from_codepoints({cur.begin() + d, cur.begin() + e}));
      auto entry = make_entry(cur.substr(0, d), page);
      if (!entry.title.empty() || !entry.section.empty()) out.push_back(entry);
    }
    cur.clear();
  };
  while (i < cps.size()) {
    const char32_t c = cps[i];
    if (c == '\n') {
      flush_plain();
      ++i;
      continue;
    }
    size_t run = i;
    while (run < cps.size() && (is_leader(cps[run]) || cps[run] == ' '))
      ++run;
    size_t dots = 0;
    for (size_t k = i; k < run; ++k)
      dots += is_leader(cps[k]) ? (cps[k] == U'…' || cps[k] == U'⋯' ? 2 : 1) : 0;
    if (dots >= 4) {
      size_t d = run;
      while (d < cps.size() && ((cps[d] >= '0' && cps[d] <= '9') || is_roman(cps[d])))
        ++d;
      if (d > run && d - run <= 4) {
        const std::string num = text::from_codepoints({cps.begin() + run, cps.begin() + d});
        const bool arabic = num[0] >= '0' && num[0] <= '9';
        auto entry = make_entry(cur, arabic ? text::to_int(num).value_or(-1) : -1);
        if (!entry.title.empty() || !entry.section.empty()) out.push_back(entry);
        cur.clear();
        i = d;
        continue;
      }
    }
    cur.push_back(c);
    ++i;
  }
  flush_plain();
  return out;
}

namespace {

std::string first_line(const std::string& s) {
  return s.substr(0, s.find('\n'));
}
std::string last_line(const std::string& s) {
  const size_t at = s.rfind('\n');
  return at == std::string::npos ? s : s.substr(at + 1);
}

void check_toc(const std::vector<model::PageDocument>& pages, const model::DocumentStructure& s,
               FidelityReport& r) {
  const size_t limit =
      std::max<size_t>(3, static_cast<size_t>(static_cast<double>(pages.size()) * kTocSearchShare));
  std::set<std::string> seen;
  for (size_t p = 0; p < pages.size() && p < limit; ++p) {
    std::vector<TocEntry> entries;
    bool titled = false;
    for (const auto& b : pages[p].content_blocks) {
      if (b.block_type == model::BlockType::kTable) continue;
      titled = titled || is_contents_title(b.content_markdown);
      for (auto& e : parse_toc_entries(b.content_markdown))
        entries.push_back(std::move(e));
    }
    if (!titled && entries.size() < kMinTocEntries) continue;
    r.has_printed_toc = r.has_printed_toc || !entries.empty();
    for (auto& e : entries) {
      bool cjk = false;
      for (char32_t c : text::to_codepoints(e.title))
        cjk = cjk || text::is_cjk(c);
      if (e.section.empty() && !cjk) continue;  // an English "Contents" entry without a number
      const std::string key = e.section.empty() ? e.title : e.section;
      if (!seen.insert(key).second) continue;  // the same entry in a second-language 目次
      const model::ChapterNode* n = nullptr;
      if (!e.section.empty()) {
        n = s.get_node_by_section_number(e.section);
      } else {
        // "附：条文说明" in the 目次 is the chapter 条文说明.
        std::string want = e.title;
        for (const char* p : {"附：", "附:", "附"})
          if (text::starts_with(want, p) && text::length(want) > 3) {
            want = want.substr(std::string_view(p).size());
            break;
          }
        for (const auto& node : s.nodes())
          if (text::strip_spaces(node.title) == want) n = n ? n : &node;
      }
      e.tree_page = n ? n->page_start : 0;
      r.toc.push_back(e);
    }
  }
  // Printed page numbers and physical pages differ by the front matter, and a Word file
  // rendered by LibreOffice may drift by a page or two against the printed original: an entry
  // is on an inconsistent page when its offset is off the median of its neighbours' offsets.
  std::vector<size_t> paged;  // entries with both pages, in 目次 order
  for (size_t i = 0; i < r.toc.size(); ++i)
    if (r.toc[i].tree_page > 0 && r.toc[i].printed_page > 0) paged.push_back(i);
  std::set<size_t> off;
  for (size_t k = 0; k < paged.size(); ++k) {
    std::vector<int> around;
    for (size_t j = k >= kOffsetWindow ? k - kOffsetWindow : 0;
         j < paged.size() && j <= k + kOffsetWindow; ++j)
      if (j != k) around.push_back(r.toc[paged[j]].tree_page - r.toc[paged[j]].printed_page);
    if (around.empty()) continue;
    std::nth_element(around.begin(), around.begin() + static_cast<long>(around.size() / 2),
                     around.end());
    const int median = around[around.size() / 2];
    const auto& e = r.toc[paged[k]];
    if (std::abs(e.tree_page - e.printed_page - median) > kOffsetTolerance) off.insert(paged[k]);
  }
  for (size_t i = 0; i < r.toc.size(); ++i) {
    if (r.toc[i].tree_page == 0)
      r.toc_missing.push_back(r.toc[i]);
    else if (off.count(i))
      r.toc_off_page.push_back(r.toc[i]);
  }
}

void check_pages(const std::vector<model::PageDocument>& pages, FidelityReport& r) {
  std::map<std::u32string, std::set<int>> edges;
  size_t with_text = 0;
  double conf_sum = 0;
  for (const auto& p : pages) {
    if (p.content_blocks.empty()) r.empty_pages.push_back(p.page_num);
    if (p.text_source == "ocr") {
      r.ocr_pages.push_back(p.page_num);
      if (!p.ocr_engine.empty() && std::find(r.ocr_engines.begin(), r.ocr_engines.end(),
                                             p.ocr_engine) == r.ocr_engines.end())
        r.ocr_engines.push_back(p.ocr_engine);
      conf_sum += std::max(0.0f, p.ocr_confidence);
      if (p.ocr_confidence >= 0 && p.ocr_confidence < kPoorOcrConfidence)
        r.low_confidence_pages.push_back(p.page_num);
    }
    for (char32_t c : text::to_codepoints(p.content_markdown)) {
      if (text::is_space(c)) continue;
      ++r.chars;
      const bool bad = is_unreadable(c) || gbk_row_a0_ascii(c).has_value();
      r.garbage_chars += bad ? 1 : 0;
    }
    if (p.content_blocks.empty()) continue;
    ++with_text;
    for (const std::string& line : {first_line(p.content_blocks.front().content_markdown),
                                    last_line(p.content_blocks.back().content_markdown)}) {
      if (text::length(line) > kMaxRunningChars) continue;
      const std::u32string key = running_line_key(line);
      if (key.size() >= 2) edges[key].insert(p.page_num);
    }
  }
  if (!r.ocr_pages.empty()) r.ocr_confidence = conf_sum / static_cast<double>(r.ocr_pages.size());
  const size_t need = std::max<size_t>(
      3, static_cast<size_t>(static_cast<double>(with_text) * kRunningShare + 0.999));
  for (const auto& [key, where] : edges)
    if (where.size() >= need)
      r.running_lines.push_back(text::from_codepoints({key.begin(), key.end()}) + " (" +
                                std::to_string(where.size()) + " pages)");
}

bool spaced_number(const std::string& s) {  // "8. 70", "4. 1"
  auto cps = text::to_codepoints(s);
  for (size_t i = 0; i + 2 < cps.size(); ++i)
    if (cps[i] >= '0' && cps[i] <= '9' && cps[i + 1] == '.' && cps[i + 2] == ' ') return true;
  return false;
}

void check_tables(const std::vector<model::TableEntry>& tables, FidelityReport& r) {
  for (const auto& t : tables) {
    const auto& m = t.merged;
    for (const auto& c : m.cells) {
      std::string reason;
      r.filled_cells += c.content.empty() ? 0 : 1;
      if (c.unsure) {
        ++r.unsure_cells;
        reason = "OCR number unsure";
      } else if (spaced_number(c.content)) {
        reason = "number with a space after its dot";
      }
      if (reason.empty() && text::length(c.content) >= kCopiedCellChars)
        for (const auto& o : m.cells)
          if (&o != &c && o.row == c.row && o.col > c.col && o.content == c.content) {
            reason = "text copied into several cells of one row";
            break;
          }
      if (!reason.empty())
        r.suspicious_cells.push_back(
            {t.table_id, t.page_start, c.row, c.col, text::prefix(c.content, 40), reason});
    }
  }
}

std::string pages_text(const std::vector<int>& pages) {
  std::string s;
  for (size_t i = 0; i < pages.size() && i < 8; ++i)
    s += (i ? "," : "") + std::to_string(pages[i]);
  return pages.size() > 8 ? s + ",…" : s;
}

// One line per kind of layout warning: how many, and the first with its page.
void add_layout_problems(FidelityReport& r) {
  for (const std::string_view kind :
       {"split_sentences", "heading_gap", "title_is_chapter", "repeated_block"}) {
    const LayoutWarning* first = nullptr;
    int n = 0;
    for (const auto& w : r.layout_warnings)
      if (w.kind == kind && n++ == 0) first = &w;
    if (!first) continue;
    const std::string what = kind == "split_sentences" ? " table(s) whose cells cut sentences"
                             : kind == "heading_gap"   ? " gap(s) in heading numbers"
                             : kind == "title_is_chapter"
                                 ? " chapter(s) with the document's title"
                                 : " page(s) with text written more than once";
    r.problems.push_back(std::to_string(n) + what + " (" + first->detail + ", p" +
                         std::to_string(first->page) + (n > 1 ? " …)" : ")"));
  }
}

void rate(FidelityReport& r) {
  bool poor = false;
  auto share = [](size_t a, size_t b) { return b ? static_cast<double>(a) / b : 0.0; };
  if (!r.toc_missing.empty()) {
    poor = poor || share(r.toc_missing.size(), r.toc.size()) > kPoorTocMissing;
    std::string first = r.toc_missing.front().section + " " + r.toc_missing.front().title;
    r.problems.push_back(std::to_string(r.toc_missing.size()) + " of " +
                         std::to_string(r.toc.size()) + " 目次 entries missing from the tree (" +
                         text::trim(first) + " …)");
  }
  if (!r.toc_off_page.empty()) {
    poor = poor || share(r.toc_off_page.size(), r.toc.size()) > kPoorTocMissing;
    r.problems.push_back(std::to_string(r.toc_off_page.size()) +
                         " chapters on a page the 目次 "
                         "disagrees with");
  }
  if (r.garbage_chars > 0) {
    poor = poor || share(r.garbage_chars, r.chars) > kPoorGarbage;
    r.problems.push_back(std::to_string(r.garbage_chars) + " unreadable or mis-mapped glyphs");
  }
  if (r.ocr_confidence >= 0) {
    poor = poor || r.ocr_confidence < kPoorOcrConfidence;
    std::string by;
    for (const auto& e : r.ocr_engines)
      by += (by.empty() ? " read by " : "+") + e;
    r.problems.push_back(std::to_string(r.ocr_pages.size()) + " OCR pages" + by +
                         " (mean confidence " + std::to_string(static_cast<int>(r.ocr_confidence)) +
                         ")");
  }
  if (r.unsure_cells > 0) {
    // Tables whose cells OCR mostly could not confirm cannot be read for their values.
    poor = poor || share(r.unsure_cells, r.filled_cells) > kPoorUnsureCells;
    r.problems.push_back(std::to_string(r.unsure_cells) + " table values OCR could not confirm");
  }
  if (static_cast<int>(r.suspicious_cells.size()) > r.unsure_cells)
    r.problems.push_back(std::to_string(r.suspicious_cells.size() - r.unsure_cells) +
                         " suspicious table cells");
  // Blank pages are common in Word files (section breaks), so they make a document fair, not
  // poor: the pages are listed for a reader to compare with the original.
  if (!r.empty_pages.empty())
    r.problems.push_back("empty pages " + pages_text(r.empty_pages) +
                         " (blank in the original, or text lost)");
  if (!r.running_lines.empty())
    r.problems.push_back("running header/footer left in the text: " + r.running_lines.front());
  add_layout_problems(r);
  r.rating = poor ? "poor" : (r.problems.empty() ? "good" : "fair");
}

}  // namespace

FidelityReport check_document(const std::vector<model::PageDocument>& pages,
                              const model::DocumentStructure& structure,
                              const std::vector<model::TableEntry>& tables, bool real_pages,
                              const std::string& title) {
  FidelityReport r;
  r.pages = static_cast<int>(pages.size());
  check_toc(pages, structure, r);
  if (!real_pages) r.toc_off_page.clear();
  check_pages(pages, r);
  check_tables(tables, r);
  for (auto found : {split_sentence_tables(tables), heading_gaps(structure),
                     title_chapters(structure, title), repeated_blocks(pages)})
    r.layout_warnings.insert(r.layout_warnings.end(), found.begin(), found.end());
  rate(r);
  return r;
}

std::string FidelityReport::summary() const {
  std::string s = rating;
  for (size_t i = 0; i < problems.size() && i < 2; ++i)
    s += (i ? "; " : ": ") + problems[i];
  return s;
}

void to_json(nlohmann::json& j, const FidelityReport& r) {
  auto toc = [](const std::vector<TocEntry>& v) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& e : v)
      a.push_back({{"section", e.section},
                   {"title", e.title},
                   {"printed_page", e.printed_page},
                   {"tree_page", e.tree_page}});
    return a;
  };
  nlohmann::json cells = nlohmann::json::array();
  for (const auto& c : r.suspicious_cells)
    cells.push_back({{"table_id", c.table_id},
                     {"page", c.page},
                     {"row", c.row},
                     {"col", c.col},
                     {"text", c.text},
                     {"reason", c.reason}});
  nlohmann::json warnings = nlohmann::json::array();
  for (const auto& w : r.layout_warnings)
    warnings.push_back({{"kind", w.kind}, {"page", w.page}, {"detail", w.detail}});
  j = {{"rating", r.rating},
       {"summary", r.summary()},
       {"problems", r.problems},
       {"pages", r.pages},
       {"empty_pages", r.empty_pages},
       {"printed_toc", r.has_printed_toc},
       {"toc_entries", r.toc.size()},
       {"toc_missing", toc(r.toc_missing)},
       {"toc_off_page", toc(r.toc_off_page)},
       {"running_lines", r.running_lines},
       {"chars", r.chars},
       {"garbage_chars", r.garbage_chars},
       {"garbage_share", r.chars ? static_cast<double>(r.garbage_chars) / r.chars : 0.0},
       {"ocr_pages", r.ocr_pages},
       {"ocr_engines", r.ocr_engines},
       {"ocr_confidence", r.ocr_confidence},
       {"low_confidence_pages", r.low_confidence_pages},
       {"unsure_cells", r.unsure_cells},
       {"filled_cells", r.filled_cells},
       {"suspicious_cells", cells},
       {"layout_warnings", warnings}};
}

}  // namespace regreader::parse
