#include "regreader/parse/markdown_parser.hpp"

#include <unicode/utf8.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"

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
    if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '|') {
      cur.push_back('|');
      ++i;
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

bool is_separator_row(const std::string& line) {
  static const std::regex sep(R"(^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$)");
  return std::regex_match(line, sep);
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

struct Builder {
  RawDocument raw;
  bool markdown = true;
  int page = 1;
  bool saw_page_marker = false;
  std::string para;
  bool para_list = false;

  void flush() {
    std::string t = text::trim(para);
    if (!t.empty()) {
      RawBlock b;
      b.text = t;
      b.page = page;
      b.list_item = para_list;
      raw.blocks.push_back(std::move(b));
    }
    para.clear();
    para_list = false;
  }

  // `<!-- page N -->` names the page that follows; a form feed starts the next one.
  void page_marker(int number) {
    flush();
    saw_page_marker = true;
    page = std::max(number, 1);
  }
  void form_feed() {
    flush();
    saw_page_marker = true;
    ++page;
  }
};

}  // namespace

RawDocument parse_markdown(std::string_view content, bool markdown, const ParseOptions& options) {
  static const std::regex page_marker(R"(^\s*<!--\s*page[\s:=]*(\d+)\s*-->\s*$)",
                                      std::regex::icase);
  static const std::regex heading(R"(^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$)");
  static const std::regex list_item(R"(^\s*([-*+]|\d{1,3}[.)])\s+(.*)$)");
  static const std::regex html_comment(R"(^\s*<!--.*-->\s*$)");
  Builder b;
  b.markdown = markdown;
  b.raw.format = markdown ? "markdown" : "text";
  const auto lines = split_lines(content);
  bool in_comment = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    std::smatch m;
    if (line == "\f") {
      b.form_feed();
      continue;
    }
    if (std::regex_match(line, m, page_marker)) {
      b.page_marker(std::stoi(m[1].str()));
      continue;
    }
    if (!markdown) {
      if (text::trim(line).empty())
        b.flush();
      else
        text::join_wrapped(b.para, text::trim(line));
      continue;
    }
    if (in_comment) {
      in_comment = line.find("-->") == std::string::npos;
      continue;
    }
    if (std::regex_match(line, html_comment)) continue;
    if (text::starts_with(text::trim(line), "<!--")) {
      in_comment = true;
      continue;
    }
    const std::string trimmed = text::trim(line);
    if (trimmed.empty()) {
      b.flush();
      continue;
    }
    if (std::regex_match(line, m, heading)) {
      b.flush();
      RawBlock h;
      h.text = m[2].str();
      h.heading_level = static_cast<int>(m[1].length());
      h.page = b.page;
      if (!text::trim(h.text).empty()) b.raw.blocks.push_back(std::move(h));
      continue;
    }
    if (is_pipe_row(line) && i + 1 < lines.size() && is_separator_row(lines[i + 1])) {
      b.flush();
      std::vector<std::vector<std::string>> rows{split_pipe_row(line)};
      i += 2;
      while (i < lines.size() && is_pipe_row(lines[i]))
        rows.push_back(split_pipe_row(lines[i++]));
      --i;
      RawBlock t;
      t.kind = RawBlock::Kind::kTable;
      t.page = b.page;
      t.table = make_table(rows);
      b.raw.blocks.push_back(std::move(t));
      continue;
    }
    std::string body = trimmed;
    while (text::starts_with(body, ">"))
      body = text::trim(body.substr(1));
    if (std::regex_match(body, m, list_item)) {
      b.flush();
      b.para = body;
      b.para_list = true;
      continue;
    }
    // A line ending in two spaces or a backslash is a hard break; otherwise lines wrap.
    text::join_wrapped(b.para, body);
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
