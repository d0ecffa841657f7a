#include "regreader/parse/reg_id.hpp"

#include <cctype>
#include <set>
#include <stdexcept>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/structure/document_title.hpp"

namespace regreader::parse {

namespace {

// The cover: page 1's blocks, or the first blocks of a document RegReader paginated itself
// (whose page 1 may run far past the cover).
constexpr size_t kCoverBlocks = 12;

// Issuers of Chinese standards: GB (national), the sector codes of the 行业标准代号 list, DB
// (local), Q/ (enterprise), T/ (group). A code outside it ("CGB 26859" from an OCR'd running
// header) is not taken for the document's number. No library carries this list.
bool known_issuer(const std::string& number) {
  static const std::set<std::string> kIssuers = {
      "GB", "GBZ", "GJB", "AQ", "BB", "CB", "CH", "CJ", "CJJ", "CY", "DA", "DB",  "DL",  "DZ", "EJ",
      "FZ", "GA",  "GH",  "GY", "HB", "HG", "HJ", "HS", "HY",  "JB", "JC", "JG",  "JGJ", "JR", "JT",
      "JY", "LB",  "LD",  "LS", "LY", "MH", "MT", "MZ", "NB",  "NY", "QB", "QC",  "QJ",  "QX", "SB",
      "SC", "SF",  "SH",  "SJ", "SL", "SN", "SY", "TB", "TD",  "TY", "WB", "WH",  "WJ",  "WM", "WS",
      "WW", "XB",  "YB",  "YC", "YD", "YS", "YY", "YZ", "ZY",  "Q",  "T",  "CECS"};
  const size_t end = number.find_first_of("/ ");
  return kIssuers.count(number.substr(0, end)) > 0;
}

// The number opens the line ("GB 26860—2011", "GB 26860—2011 电力安全工作规程"), or follows the
// cover's banner ("中华人民共和国国家标准GB38755—2019") or a label ("**标准编号**：Q/CSG …"):
// not a reference in a sentence.
bool opens_line(const std::string& line, const std::string& number) {
  const std::string org = number.substr(0, number.find_first_of("/ "));
  const size_t at = line.find(org);
  if (at == std::string::npos) return false;
  std::string before = line.substr(0, at);
  std::erase(before, '*');  // Markdown emphasis around a label: "**标准编号**："
  before = text::trim(before);
  if (before.empty()) return true;
  if (before.find("，") != std::string::npos || before.find("。") != std::string::npos)
    return false;
  // After the banner ("…标准GB 38755—2019") or a label ("标准编号：Q/CSG 125008—2016").
  for (std::string_view end : {"标准", "编号：", "编号:", "标准号：", "标准号:"})
    if (before.size() >= end.size() &&
        before.compare(before.size() - end.size(), end.size(), end) == 0)
      return true;
  return false;
}

// A cover says what it is, in short lines: ICS, a banner (中华人民共和国国家标准, …企业标准),
// 发布/实施 dates, 代替, 备案号. A page of the body that repeats the number as its running header
// (a page cut out as its own file) has none of them, and its number is not the file's own.
bool is_cover_line(const std::string& line_in) {
  const std::string line = text::trim(line_in);
  if (line.empty() || text::to_codepoints(line).size() > 40) return false;
  if (line.rfind("ICS", 0) == 0) return true;
  for (std::string_view banner : {"国家标准", "行业标准", "企业标准", "地方标准", "团体标准"})
    if (line.size() >= banner.size() &&
        line.compare(line.size() - banner.size(), banner.size(), banner) == 0)
      return true;
  for (const char* mark : {"发布", "实施", "代替", "备案号"})
    if (line.find(mark) != std::string::npos) return true;
  return false;
}

// `line` without the standard number in it: the banner before it and what follows the year.
std::string around_number(const std::string& line, const std::string& number) {
  const size_t at = line.find(number.substr(0, number.find_first_of("/ ")));
  const std::string year = number.substr(number.size() - 4);
  const size_t y = line.find(year, at == std::string::npos ? 0 : at);
  if (at == std::string::npos || y == std::string::npos) return line;
  return line.substr(0, at) + line.substr(y + year.size());
}

// The first line of a block, without Markdown heading marks, HTML anchors or emphasis.
std::string first_line(const std::string& markdown) {
  std::string line = markdown.substr(0, markdown.find('\n'));
  line = strip_html_tags(line);
  size_t i = 0;
  while (i < line.size() && (line[i] == '#' || line[i] == '*' || line[i] == ' ' || line[i] == '>'))
    ++i;
  return text::fold_width(line.substr(i));
}

}  // namespace

std::string reg_id_of_standard_number(const std::string& number) {
  std::string out;
  for (char32_t c : text::to_codepoints(number)) {
    if (c < 0x80 && std::isalnum(static_cast<int>(c)))
      out.push_back(static_cast<char>(c));
    else if (c == '.' && !out.empty() && std::isdigit(static_cast<unsigned char>(out.back())))
      out.push_back('.');
    else if ((c == U'—' || c == '-' || c == U'–') && !out.empty() && out.back() != '-')
      out.push_back('-');
  }
  return out;
}

std::string reg_id_from_cover(const model::ParsedDocument& doc) {
  // The first standard number that opens a line, if the cover says it is a cover (is_cover_line).
  std::string id;
  bool cover = false;
  size_t seen = 0;
  for (const auto& page : doc.pages) {
    if (page.page_num > 1 && seen > 0) break;
    for (const auto& b : page.content_blocks) {
      if (++seen > kCoverBlocks) break;
      const std::string line = first_line(b.content_markdown);
      const std::string number = standard_number(line);
      const bool is_number = !number.empty() && known_issuer(number) && opens_line(line, number);
      if (is_number && id.empty() && is_valid_reg_id(reg_id_of_standard_number(number)))
        id = reg_id_of_standard_number(number);
      // On the number's own line only the words around it count ("…标准GB …", "… 代替 …").
      const std::string rest = is_number ? around_number(line, number) : line;
      cover = cover || is_cover_line(rest);
    }
  }
  return cover ? id : std::string();
}

std::string derive_reg_id(const std::filesystem::path& path) {
  std::string stem = text::fold_width(path.stem().string());
  for (auto [from, to] : {std::pair{"—", "-"}, {"–", "-"}, {"－", "-"}, {"／", "/"}})
    for (size_t at; (at = stem.find(from)) != std::string::npos;)
      stem.replace(at, std::string_view(from).size(), to);
  // Standard codes: GB, GB/T, DL/T, NB/T, Q/GDW, QX/T … followed by number and year.
  static const Regex code(
      R"((?:^|[^A-Za-z])([A-Z]{1,4})(?:[_/ ]?([A-Z]{1,4}))?\s*(\d{2,6}(?:\.\d+)?)\s*[-—–]\s*(\d{4}))");
  std::string org, sub, number, year;
  if (RE2::PartialMatch(stem, code, &org, &sub, &number, &year))
    return org + sub + number + "-" + year;
  // A slug a shell takes as it is: letters, digits, CJK, "-", "_" and "."; anything else
  // (spaces, brackets, quotes, "&", "$") becomes one "-": "电力法(2018-12-29)" ->
  // "电力法-2018-12-29".
  std::string out;
  for (char32_t c : text::to_codepoints(stem)) {
    const bool keep =
        (c < 0x80 && (std::isalnum(static_cast<int>(c)) || c == '-' || c == '_' || c == '.')) ||
        (c >= 0x80 && text::is_han(c));
    if (!keep) {
      if (!out.empty() && out.back() != '-') out.push_back('-');
    } else {
      text::append_utf8(out, c);
    }
  }
  while (!out.empty() && out.back() == '-')
    out.pop_back();
  while (!out.empty() && out.front() == '-')  // an id never looks like a flag
    out.erase(0, 1);
  out = text::prefix(out, 80);
  return is_valid_reg_id(out) ? out : "document";  // "...md" has the stem ".."
}

bool is_valid_reg_id(const std::string& id) {
  const auto cps = text::to_codepoints(id);
  if (cps.empty() || cps.size() > 80) return false;
  // An id names a folder in `export`: "." and ".." would write beside the target.
  if (id.find_first_not_of('.') == std::string::npos) return false;
  for (char32_t c : cps)
    if (c < 0x20 || c == '/' || c == '\\' || text::is_space(c) || c == 0xFFFD) return false;
  return true;
}

}  // namespace regreader::parse
