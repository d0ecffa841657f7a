#include "regreader/tools/figures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"

namespace regreader::tools {

namespace {

struct UnitDef {
  std::string_view token;
  std::string_view family;
  double scale;
};

// Longest tokens first within a shared prefix ("mm" before "m", "min" before "m", "MVA" before
// "MW"); unit_at tries them in this order.
constexpr UnitDef kUnits[] = {
    {"毫米", "length", 0.001}, {"厘米", "length", 0.01},  {"千米", "length", 1000},
    {"公里", "length", 1000},  {"米", "length", 1},       {"mm", "length", 0.001},
    {"cm", "length", 0.01},    {"km", "length", 1000},    {"min", "time", 60},
    {"mA", "current", 0.001},  {"m", "length", 1},        {"千伏", "voltage", 1000},
    {"伏", "voltage", 1},      {"kV", "voltage", 1000},   {"KV", "voltage", 1000},
    {"kv", "voltage", 1000},   {"kVA", "power_va", 1000}, {"MVA", "power_va", 1e6},
    {"MW", "power", 1e6},      {"kW", "power", 1000},     {"W", "power", 1},
    {"kA", "current", 1000},   {"A", "current", 1},       {"V", "voltage", 1},
    {"Hz", "frequency", 1},    {"s", "time", 1},          {"h", "time", 3600},
    {"秒", "time", 1},         {"分钟", "time", 60},      {"小时", "time", 3600},
    {"天", "time", 86400},     {"日", "time", 86400},     {"周", "time", 604800},
    {"个月", "month", 1},      {"年", "year", 1},         {"%", "percent", 1},
    {"℃", "celsius", 1},       {"°C", "celsius", 1},      {"°", "degree", 1},
    {"度", "degree", 1},       {"Ω", "ohm", 1},           {"人", "people", 1},
    {"次", "times", 1},        {"倍", "multiple", 1},     {"台", "units", 1},
};

// Units a Chinese numeral may carry: durations ("保存一年", "三个月"). Counts are left out:
// "一人操作" and "一次设备" are words, not figures.
constexpr std::string_view kChineseNumeralUnits[] = {"个月", "年", "天",   "日",
                                                     "小时", "周", "分钟", "秒"};

bool is_ascii_letter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

bool is_ascii_digit(char c) {
  return c >= '0' && c <= '9';
}

const UnitDef* unit_at(std::string_view s, size_t pos, size_t* len) {
  size_t p = pos;
  while (p < s.size() && s[p] == ' ')
    ++p;
  const UnitDef* best = nullptr;
  for (const auto& u : kUnits) {
    if (s.compare(p, u.token.size(), u.token) != 0) continue;
    const size_t after = p + u.token.size();
    // An ASCII unit is a whole word: "m" of "min" or "max" is not a metre.
    if (is_ascii_letter(u.token.back()) && after < s.size() &&
        (is_ascii_letter(s[after]) || is_ascii_digit(s[after]) ||
         (s[after] == '.' && after + 1 < s.size() && is_ascii_digit(s[after + 1]))))
      continue;  // "A.1.2" is a clause, not amperes
    if (!best || u.token.size() > best->token.size()) best = &u;
  }
  if (best && len) *len = p - pos + best->token.size();
  return best;
}

double parse_value(std::string_view digits) {
  return std::strtod(std::string(digits).c_str(), nullptr);
}

bool overlaps(size_t a, size_t b, const std::vector<std::pair<size_t, size_t>>& masked) {
  return std::any_of(masked.begin(), masked.end(),
                     [&](const auto& m) { return a < m.second && m.first < b; });
}

// "±" as written. On a page, also "士" standing where a ± would (a cell or a word start:
// "| 士800 |"), the glyph text extraction and OCR give for ±; never "护士2名".
bool plus_minus_before(std::string_view s, size_t start, size_t* sign_start,
                       bool page_glyphs = false) {
  static constexpr std::string_view kPm = "±", kShi = "士";
  if (start >= kPm.size() && s.substr(start - kPm.size(), kPm.size()) == kPm) {
    *sign_start = start - kPm.size();
    return true;
  }
  if (page_glyphs && start >= kShi.size() && s.substr(start - kShi.size(), kShi.size()) == kShi) {
    const size_t at = start - kShi.size();
    size_t b = at;
    while (b > 0 && s[b - 1] == ' ')
      --b;
    const bool word_start = b == 0 || s[b - 1] == '|' || s[b - 1] == '\n' ||
                            s.substr(0, b).ends_with("（") || s[b - 1] == '(' || b < at;
    if (word_start) {
      *sign_start = at;
      return true;
    }
  }
  return false;
}

std::optional<int> chinese_value(std::string_view numeral) {
  std::string n(numeral);
  for (size_t at = n.find("两"); at != std::string::npos; at = n.find("两"))
    n.replace(at, std::string_view("两").size(), "二");
  return text::parse_number(n);
}

size_t chinese_unit_at(std::string_view s, size_t pos, std::string_view* unit) {
  for (auto u : kChineseNumeralUnits)
    if (s.compare(pos, u.size(), u) == 0) {
      *unit = u;
      return u.size();
    }
  return 0;
}

void add_figure(std::vector<Figure>& out, std::string_view s, size_t start, size_t num_end,
                size_t end, double value, bool pm) {
  Figure f;
  f.start = start;
  f.end = end;
  f.text = text::trim(s.substr(start, end - start));
  f.value = value;
  f.plus_minus = pm;
  size_t len = 0;
  if (const UnitDef* u = unit_at(s, num_end, &len); u && num_end + len == end) {
    f.unit = std::string(u->token);
    f.family = std::string(u->family);
    f.base = value * u->scale;
  } else {
    f.base = value;
  }
  out.push_back(std::move(f));
}

// Calls f(start, end, value, unit_family_scale...) for each Arabic number that is not part of a
// code, a page label or a clause number.
template <typename F>
void for_each_number(std::string_view s, size_t from, size_t to, F f) {
  static const Regex number(R"(\d+(?:\.\d+)*)");
  re2::StringPiece m;
  for (size_t pos = from; pos < to && number.Match(s, pos, to, RE2::UNANCHORED, &m, 1);) {
    const size_t start = static_cast<size_t>(m.data() - s.data());
    const size_t end = start + m.size();
    pos = end;
    if (start > 0) {
      const char before = s[start - 1];
      if (is_ascii_digit(before) || before == '.' || is_ascii_letter(before)) continue;
    }
    const auto dots = std::count(m.begin(), m.end(), '.');
    if (dots >= 2) continue;  // a clause number
    f(start, end, std::string_view(m.data(), m.size()), dots == 1);
  }
}

}  // namespace

size_t unit_length_at(std::string_view s, size_t pos) {
  size_t len = 0;
  return unit_at(s, pos, &len) ? len : 0;
}

std::vector<Figure> find_figures(std::string_view s, size_t from, size_t to,
                                 const std::vector<std::pair<size_t, size_t>>& masked) {
  std::vector<Figure> out;
  to = std::min(to, s.size());
  for_each_number(s, from, to, [&](size_t start, size_t end, std::string_view num, bool decimal) {
    size_t sign = start;
    const bool pm = plus_minus_before(s, start, &sign) && sign >= from;
    size_t ulen = 0;
    const bool has_unit = unit_at(s, end, &ulen) != nullptr && end + ulen <= to;
    if (!has_unit) ulen = 0;
    const size_t dot = num.find('.');
    const bool fine_decimal = decimal && (num.substr(0, dot) == "0" || num.size() - dot - 1 >= 2);
    if (!has_unit && !pm && !fine_decimal) return;
    if (overlaps(sign, end + ulen, masked)) return;
    add_figure(out, s, sign, end, end + ulen, parse_value(num), pm);
  });
  static const Regex numeral(R"([零〇一二两三四五六七八九十百]+)");
  re2::StringPiece m;
  for (size_t pos = from; pos < to && numeral.Match(s, pos, to, RE2::UNANCHORED, &m, 1);) {
    const size_t start = static_cast<size_t>(m.data() - s.data());
    const size_t end = start + m.size();
    pos = end;
    std::string_view unit;
    const size_t ulen = chinese_unit_at(s, end, &unit);
    if (ulen == 0 || end + ulen > to || overlaps(start, end + ulen, masked)) continue;
    if (start >= 3 && s.substr(start - 3, 3) == "第") continue;  // 第一年: an ordinal
    const auto v = chinese_value(std::string_view(m.data(), m.size()));
    if (!v) continue;
    Figure f;
    f.start = start;
    f.end = end + ulen;
    f.text = std::string(s.substr(start, end + ulen - start));
    f.value = *v;
    size_t len = 0;
    const UnitDef* u = unit_at(s, end, &len);
    f.unit = std::string(unit);
    f.family = u ? std::string(u->family) : "";
    f.base = u ? *v * u->scale : *v;
    out.push_back(std::move(f));
  }
  std::sort(out.begin(), out.end(),
            [](const Figure& a, const Figure& b) { return a.start < b.start; });
  return out;
}

namespace {

// The unit a table header cell gives its column: "电压等级 kV", "安全距离（m）", "时间/min".
const UnitDef* column_unit(std::string_view cell) {
  std::string c = text::trim(cell);
  for (std::string_view close : {")", "）"})
    if (text::ends_with(c, close)) c = text::trim(c.substr(0, c.size() - close.size()));
  for (const auto& u : kUnits) {
    if (!text::ends_with(c, u.token)) continue;
    const std::string_view head = std::string_view(c).substr(0, c.size() - u.token.size());
    if (head.empty()) return &u;
    // The unit must stand apart: after a space, a bracket or a slash (not the 米 of 千米数).
    for (std::string_view sep : {" ", "(", "（", "/", "，", ","})
      if (text::ends_with(head, sep)) return &u;
  }
  return nullptr;
}

// The cells of "| a | b |" or "a | b" (a table whose outer pipes were lost).
std::vector<std::string_view> cells(std::string_view row) {
  if (!row.empty() && row.front() == '|') row.remove_prefix(1);
  if (!row.empty() && row.back() == '|') row.remove_suffix(1);
  std::vector<std::string_view> out;
  size_t p = 0;
  for (size_t q = row.find('|');; q = row.find('|', p)) {
    out.push_back(row.substr(p, q == std::string_view::npos ? std::string_view::npos : q - p));
    if (q == std::string_view::npos) break;
    p = q + 1;
  }
  return out;
}

bool separator_row(std::string_view row) {
  return row.find_first_not_of("|-: ") == std::string_view::npos;
}

// Numbers of one stretch of text; `column` gives those without a unit of their own a unit.
void scan_numbers(std::string_view s, int row, const UnitDef* column, PageFigures& out) {
  for_each_number(s, 0, s.size(), [&](size_t start, size_t end, std::string_view num, bool) {
    PageNumber n;
    size_t sign = start;
    n.plus_minus = plus_minus_before(s, start, &sign, true);
    n.value = parse_value(num);
    n.row = row;
    n.decimal = num.find('.') != std::string_view::npos;
    size_t len = 0;
    const UnitDef* u = unit_at(s, end, &len);
    if (!u) u = column;
    n.family = u ? std::string(u->family) : "";
    n.base = u ? n.value * u->scale : n.value;
    out.numbers.push_back(n);
  });
  static const Regex numeral(R"([零〇一二两三四五六七八九十百]+)");
  re2::StringPiece m;
  for (size_t pos = 0; pos < s.size() && numeral.Match(s, pos, s.size(), RE2::UNANCHORED, &m, 1);) {
    const size_t end = static_cast<size_t>(m.data() - s.data()) + m.size();
    pos = end;
    std::string_view unit;
    if (chinese_unit_at(s, end, &unit) == 0) continue;
    const auto v = chinese_value(std::string_view(m.data(), m.size()));
    size_t len = 0;
    const UnitDef* u = unit_at(s, end, &len);
    if (!v || !u) continue;
    out.numbers.push_back(
        {static_cast<double>(*v), std::string(u->family), *v * u->scale, false, row});
  }
}

}  // namespace

PageFigures scan_page(std::string_view page) {
  PageFigures out;
  int row = -1;
  bool in_table = false;
  std::vector<const UnitDef*> units;
  size_t line_start = 0;
  while (line_start <= page.size()) {
    size_t line_end = page.find('\n', line_start);
    if (line_end == std::string_view::npos) line_end = page.size();
    const std::string_view line = page.substr(line_start, line_end - line_start);
    const std::string trimmed = text::trim(line);
    if (trimmed.find('|') != std::string::npos) {
      const auto cs = cells(trimmed);
      if (!in_table) {  // the header row: its cells give their columns' units
        units.clear();
        for (auto c : cs)
          units.push_back(column_unit(c));
      }
      in_table = true;
      if (!separator_row(trimmed)) {
        ++row;
        for (size_t i = 0; i < cs.size(); ++i)
          scan_numbers(cs[i], row, i < units.size() ? units[i] : nullptr, out);
      }
    } else {
      in_table = false;
      scan_numbers(line, -1, nullptr, out);
    }
    line_start = line_end + 1;
  }
  return out;
}

bool same_figure(const Figure& f, const PageNumber& n) {
  if (f.plus_minus != n.plus_minus) return false;
  const auto close = [](double a, double b) {
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
  };
  if (n.family.empty() && !f.family.empty() && n.row < 0 && !n.decimal) return false;
  if (f.family.empty() || n.family.empty()) return close(f.value, n.value);
  return f.family == n.family && close(f.base, n.base);
}

}  // namespace regreader::tools
