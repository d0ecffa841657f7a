#include "regreader/parse/markdown/markdown_parser.hpp"

#include <unicode/utf8.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "regreader/core/error.hpp"
#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/structure/numbering.hpp"

namespace regreader::parse {

namespace {

std::vector<std::string> split_lines(std::string_view s) {
  std::vector<std::string> lines;
  std::string cur;
  for (char c : s) {
    if (c == '\n') {
      if (!cur.empty() && cur.back() == '\r') cur.pop_back();
      lines.push_back(cur);
      cur.clear();
    } else if (c == '\f') {
      lines.push_back(cur);
      lines.emplace_back("\f");
      cur.clear();
    } else {
      cur.push_back(c);
    }
  }
  if (!cur.empty()) lines.push_back(cur);
  return lines;
}

std::vector<std::string> split_pipe_row(const std::string& line) {
  std::string s = text::trim(line);
  if (!s.empty() && s.front() == '|') s.erase(0, 1);
  if (!s.empty() && s.back() == '|') s.pop_back();
  std::vector<std::string> cells;
  std::string cur;
  for (size_t i = 0; i < s.size(); ++i) {
    // \| is a bar inside a cell; any escaped punctuation is that character (unescape_punctuation).
    if (s[i] == '\\' && i + 1 < s.size() && std::ispunct(static_cast<unsigned char>(s[i + 1]))) {
      cur.push_back(s[++i]);
    } else if (s[i] == '|') {
      cells.push_back(text::trim(cur));
      cur.clear();
    } else {
      cur.push_back(s[i]);
    }
  }
  cells.push_back(text::trim(cur));
  return cells;
}

// The delimiter row under a table's header: `|---|:--:|`. Converters that merge header cells
// leave the merged ones blank (`|---  |  |  |`); such a row still opens the table when it starts
// with a delimiter cell and holds nothing but delimiters and blanks.
bool is_separator_row(const std::string& line) {
  static const Regex sep(R"(\s*\|?\s*:?-{2,}:?\s*(?:\|\s*(?::?-{2,}:?)?\s*)*\|?\s*)");
  return RE2::FullMatch(line, sep);
}

bool is_pipe_row(const std::string& line) {
  auto t = text::trim(line);
  return t.size() >= 2 && t.front() == '|';
}

model::TableMeta make_table(const std::vector<std::vector<std::string>>& rows) {
  model::TableMeta t;
  t.row_count = static_cast<int>(rows.size());
  for (const auto& r : rows)
    t.col_count = std::max(t.col_count, static_cast<int>(r.size()));
  for (int r = 0; r < t.row_count; ++r)
    for (int c = 0; c < static_cast<int>(rows[r].size()); ++c)
      t.cells.push_back({r, c, rows[r][c], 1, 1});
  if (!rows.empty()) t.col_headers = rows.front();
  return t;
}

// Whole lines (RE2::FullMatch). [^\n\r] is "any character" as the ECMAScript "." was: a line may
// hold a lone \r.
// The largest page number a `<!-- page N -->` marker may name.
constexpr int kMaxMarkedPage = 100000;
const Regex kPageMarker(R"((?i)\s*<!--\s*page[\s:=]*(\d+)\s*-->\s*)");
const Regex kHeading(R"(\s{0,3}(#{1,6})\s+([^\n\r]*?)\s*#*\s*)");
const Regex kListItem(R"(\s*(?:[-*+]|\d{1,3}[.)])\s+[^\n\r]*)");
const Regex kHtmlComment(R"(\s*<!--[^\n\r]*-->\s*)");

// Text as Markdown means it: a backslash before ASCII punctuation makes that character literal
// (CommonMark 2.4). Word-to-Markdown converters write a clause number "1.0.1" as "1\.0.1" so
// that it is not read as a list; left escaped, no clause number of such a file was found.
std::string unescape_punctuation(const std::string& t) {
  std::string out;
  out.reserve(t.size());
  for (size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '\\' && i + 1 < t.size() && std::ispunct(static_cast<unsigned char>(t[i + 1]))) {
      out.push_back(t[++i]);
      continue;
    }
    out.push_back(c);
  }
  return out;
}

// Images (![alt](file.png), ![ref1]) are no text: a converter leaves a page's header and logo
// as images around the words.
std::string without_images(const std::string& t) {
  static const Regex image(R"(!\[[^\]\n]*\](?:\([^)\n]*\)|\[[^\]\n]*\])?)");
  if (t.find("![") == std::string::npos) return t;
  std::string out = t;
  RE2::GlobalReplace(&out, image, "");
  return text::trim(out);
}

// A line of a number alone is the page number a converter left at a page's foot ("5" before the
// next page's header), or a cell of a table written one cell per line (a 序号): a paragraph of
// its own, never joined to the line after it.
bool page_number_line(const std::string& trimmed) {
  return !trimmed.empty() && trimmed.size() <= 4 &&
         std::all_of(trimmed.begin(), trimmed.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// Plain text is written one paragraph a line (a word processor's "save as text") or wrapped at
// a width (pdftotext, mail): there a quarter of the lines or more run to within a tenth of the
// width. A line continues the paragraph before it unless it opens a numbered one (一、总体要求,
// （一）, 1.目的, 5.2.1, 注1：) or the line before it ended a sentence, was a part's or an item's
// title or, in wrapped text, stopped short of the width (a title, a paragraph's last line); in
// text that is not wrapped, each line is a paragraph.
class Unwrap {
 public:
  Unwrap() = default;
  explicit Unwrap(const std::vector<std::string>& lines) {
    std::vector<size_t> lengths;
    for (const auto& l : lines)
      if (const std::string t = text::trim(l); !t.empty()) lengths.push_back(text::length(t));
    if (lengths.empty()) return;
    // The width lines are wrapped at: nine lines in ten are no longer.
    auto at = lengths.begin() + static_cast<std::ptrdiff_t>(lengths.size() * 9 / 10);
    std::nth_element(lengths.begin(), at, lengths.end());
    width_ = *at;
    const auto full = std::count_if(lengths.begin(), lengths.end(),
                                    [&](size_t n) { return n * 10 >= width_ * 9; });
    wrapped_ = static_cast<size_t>(full) * 4 >= lengths.size();
  }

  bool joins(const std::string& before, const std::string& line) const {
    const std::string prev = text::trim(before);
    if (opens_numbered_paragraph(text::fold_width(line))) return false;
    const auto cps = text::to_codepoints(prev);
    if (cps.empty()) return true;  // the line after a page break continues its paragraph
    static const std::u32string_view kEnds = U"。！？；：!?;";
    if (kEnds.find(cps.back()) != std::u32string_view::npos) return false;
    // A part's or an item's title (一、总体要求, （一）指导思想) is a line of its own.
    const std::string folded = text::fold_width(prev);
    if (match_enumerated_heading(folded) || match_item_heading(folded)) return false;
    // Below this width nothing tells a wrapped line from a short one.
    constexpr size_t kMinWrapWidth = 20;
    if (width_ < kMinWrapWidth) return true;
    return wrapped_ && cps.size() * 5 >= width_ * 4;
  }

 private:
  size_t width_ = 0;
  bool wrapped_ = false;
};

// Reads lines into raw blocks: one paragraph is collected at a time and flushed at a blank line,
// a heading, a table, a list item or a page break.
struct Builder {
  bool markdown = true;  ///< false: plain text, where a backslash is a character
  RawDocument raw;
  int page = 1;
  bool saw_page_marker = false;
  bool in_comment = false;
  std::string para;
  bool para_list = false;

  void flush() {
    std::string t = markdown ? without_images(text::trim(para)) : text::trim(para);
    if (!t.empty()) {
      RawBlock b;
      b.text = markdown ? unescape_punctuation(t) : t;
      b.page = page;
      b.list_item = para_list;
      raw.blocks.push_back(std::move(b));
    }
    para.clear();
    para_list = false;
  }

  // `<!-- page N -->` names the page that follows; a form feed starts the next one.
  bool page_break(const std::string& line) {
    std::string number;
    if (line == "\f") {
      flush();
      saw_page_marker = true;
      ++page;
      return true;
    }
    if (!RE2::FullMatch(line, kPageMarker, &number)) return false;
    // A number past any document's length names no page (<!-- page 99999999 --> would make
    // a hundred million empty pages): an ordinary comment.
    const auto n = text::to_int(number);
    if (!n || *n > kMaxMarkedPage) return false;
    flush();
    saw_page_marker = true;
    page = std::max(*n, 1);
    return true;
  }

  // HTML comments (<!-- INFO END -->), also over several lines, are not text.
  bool comment(const std::string& line) {
    if (in_comment) {
      in_comment = line.find("-->") == std::string::npos;
      return true;
    }
    if (RE2::FullMatch(line, kHtmlComment)) return true;
    if (!text::starts_with(text::trim(line), "<!--")) return false;
    in_comment = true;
    return true;
  }

  bool heading(const std::string& line) {
    std::string hashes, title;
    if (!RE2::FullMatch(line, kHeading, &hashes, &title)) return false;
    flush();
    RawBlock h;
    h.text = unescape_punctuation(without_images(title));
    h.heading_level = static_cast<int>(hashes.size());
    h.page = page;
    if (!text::trim(h.text).empty()) raw.blocks.push_back(std::move(h));
    return true;
  }

  // A pipe table starting at lines[i]: returns the index of its last line.
  std::optional<size_t> table(const std::vector<std::string>& lines, size_t i) {
    if (!is_pipe_row(lines[i]) || i + 1 >= lines.size() || !is_separator_row(lines[i + 1]))
      return std::nullopt;
    flush();
    std::vector<std::vector<std::string>> rows{split_pipe_row(lines[i])};
    size_t k = i + 2;
    while (k < lines.size() && is_pipe_row(lines[k]))
      rows.push_back(split_pipe_row(lines[k++]));
    RawBlock t;
    t.kind = RawBlock::Kind::kTable;
    t.page = page;
    t.table = make_table(rows);
    raw.blocks.push_back(std::move(t));
    return k - 1;
  }

  // Body text: block quotes unwrapped, list items start their own paragraph, other lines wrap.
  void body(const std::string& trimmed) {
    std::string line = trimmed;
    while (text::starts_with(line, ">"))
      line = text::trim(line.substr(1));
    if (page_number_line(line)) {
      flush();
      para = line;
      flush();
      return;
    }
    if (RE2::FullMatch(line, kListItem)) {
      flush();
      para = line;
      para_list = true;
      return;
    }
    text::join_wrapped(para, line);
  }
};

}  // namespace

RawDocument parse_markdown(std::string_view content, bool markdown, const ParseOptions& options) {
  Builder b;
  b.markdown = markdown;
  b.raw.format = markdown ? "markdown" : "text";
  const auto lines = split_lines(content);
  // Plain text only: a Markdown file's paragraphs are its blank lines'.
  const Unwrap unwrap = markdown ? Unwrap() : Unwrap(lines);
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (b.page_break(line)) continue;
    const std::string trimmed = text::trim(line);
    if (!markdown) {
      if (trimmed.empty() || (!b.para.empty() && !unwrap.joins(lines[i - 1], trimmed))) b.flush();
      if (!trimmed.empty()) text::join_wrapped(b.para, trimmed);
      continue;
    }
    if (b.comment(line)) continue;
    if (trimmed.empty()) {
      b.flush();
      continue;
    }
    if (b.heading(line)) continue;
    if (const auto last = b.table(lines, i)) {
      i = *last;
      continue;
    }
    b.body(trimmed);
  }
  b.flush();
  RawDocument raw = std::move(b.raw);
  if (b.saw_page_marker) {
    raw.paging = model::Paging::kReal;
    raw.page_count = raw.blocks.empty() ? 0 : raw.blocks.back().page;
  } else {
    assign_synthetic_pages(raw, options.synthetic_page_chars);
  }
  for (const auto& blk : raw.blocks)
    if (blk.heading_level == 1 && raw.title.empty()) raw.title = blk.text;
  return raw;
}

void assign_synthetic_pages(RawDocument& raw, int page_chars) {
  int page = 1;
  size_t used = 0;
  for (auto& blk : raw.blocks) {
    size_t n = text::length(blk.text);
    if (blk.table) n += text::length(blk.table->to_markdown());
    if (used > 0 && used + n > static_cast<size_t>(page_chars)) {
      ++page;
      used = 0;
    }
    blk.page = page;
    used += n;
  }
  raw.paging = model::Paging::kSynthetic;
  raw.page_count = raw.blocks.empty() ? 0 : page;
}

RawDocument parse_markdown_file(const std::filesystem::path& path, bool markdown,
                                const ParseOptions& options) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(ErrorCode::kIo, path, "cannot open for reading");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string content = ss.str();
  if (text::starts_with(content, "\xEF\xBB\xBF")) content.erase(0, 3);
  const auto* p = reinterpret_cast<const uint8_t*>(content.data());
  int32_t i = 0;
  const auto n = static_cast<int32_t>(content.size());
  while (i < n) {
    UChar32 c = 0;
    U8_NEXT(p, i, n, c);
    if (c < 0)
      throw ParseError(ErrorCode::kCorruptFile, path,
                       "not valid UTF-8 text (byte offset " + std::to_string(i) +
                           "); convert it first, e.g. iconv -f GB18030 -t UTF-8");
    if (c == 0) throw ParseError(ErrorCode::kCorruptFile, path, "binary data in a text file");
  }
  if (text::trim(content).empty())
    throw ParseError(ErrorCode::kEmptyDocument, path, "file has no text");
  return parse_markdown(content, markdown, options);
}

}  // namespace regreader::parse
