#include "regreader/parse/reg_id.hpp"

#include <cctype>
#include <stdexcept>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {}  // namespace

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
