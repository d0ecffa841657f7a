#include "regreader/parse/office/docx_numbering.hpp"

#include <set>
#include <vector>

#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {
// Word numbers up to nine levels (w:ilvl 0..8).
constexpr int kLevels = 9;

std::string roman(int v, bool upper) {
  static const std::pair<int, const char*> table[] = {
      {1000, "m"}, {900, "cm"}, {500, "d"}, {400, "cd"}, {100, "c"}, {90, "xc"}, {50, "l"},
      {40, "xl"},  {10, "x"},   {9, "ix"},  {5, "v"},    {4, "iv"},  {1, "i"}};
  std::string out;
  for (auto [n, s] : table)
    for (; v >= n; v -= n)
      out += s;
  if (upper)
    for (char& c : out)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string letters(int v, char base) {
  // Word repeats the letter past z: aa, bb, …
  const int n = (v - 1) / 26 + 1;
  return std::string(static_cast<size_t>(n), static_cast<char>(base + (v - 1) % 26));
}

const char* const kChineseDigits[] = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

std::string chinese(int v) {
  const auto& digits = kChineseDigits;
  if (v < 0) return std::to_string(v);
  if (v < 10) return digits[v];
  if (v < 20) return std::string("十") + (v % 10 ? digits[v % 10] : "");
  if (v < 100) return std::string(digits[v / 10]) + "十" + (v % 10 ? digits[v % 10] : "");
  if (v < 1000) {  // 一百, 一百零五, 一百一十
    std::string out = std::string(digits[v / 100]) + "百";
    const int rest = v % 100;
    if (rest == 0) return out;
    if (rest < 10) return out + "零" + digits[rest];
    return out + (rest < 20 ? std::string("一") : "") + chinese(rest);
  }
  return std::to_string(v);
}

// Each digit as its ideograph: 一〇五 (Word's ideographDigital).
std::string chinese_digits(int v) {
  std::string out;
  for (char c : std::to_string(v))
    out += c >= '0' && c <= '9' ? kChineseDigits[c - '0'] : std::string(1, c);
  return out;
}

// A cycle of ideographs (甲乙丙…, 子丑寅…), repeating past its end as Word does.
std::string cycle(int v, const std::vector<std::string>& signs) {
  if (v < 1) return std::to_string(v);
  return signs[static_cast<size_t>(v - 1) % signs.size()];
}

// The financial numerals (壹贰叁, Word's chineseLegalSimplified) up to 99.
std::string chinese_legal(int v) {
  static const char* digits[] = {"零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"};
  if (v < 0 || v >= 100) return std::to_string(v);
  if (v < 10) return digits[v];
  return std::string(v / 10 > 1 ? digits[v / 10] : "壹") + "拾" + (v % 10 ? digits[v % 10] : "");
}

}  // namespace

std::string format_word_number(int v, const std::string& f) {
  if (f == "lowerLetter") return letters(v, 'a');
  if (f == "upperLetter") return letters(v, 'A');
  if (f == "lowerRoman") return roman(v, false);
  if (f == "upperRoman") return roman(v, true);
  // Word's names for counting in ideographs (LibreOffice writes 一, 二, 三 as
  // taiwaneseCountingThousand).
  static const std::set<std::string> counting = {
      "chineseCounting",   "chineseCountingThousand",   "japaneseCounting",
      "taiwaneseCounting", "taiwaneseCountingThousand", "koreanCounting",
      "japaneseLegal"};
  if (counting.count(f)) return chinese(v);
  if (f == "ideographDigital" || f == "taiwaneseDigital" || f == "koreanDigital")
    return chinese_digits(v);
  if (f == "chineseLegalSimplified") return chinese_legal(v);
  if (f == "ideographTraditional")
    return cycle(v, {"甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"});
  if (f == "ideographZodiac")
    return cycle(v, {"子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥"});
  // ①…⑳, ⑴…⒇, ⒈…⒛: beyond twenty Word writes the number plainly.
  if ((f == "decimalEnclosedCircle" || f == "decimalEnclosedCircleChinese") && v >= 1 && v <= 20)
    return text::from_codepoints({static_cast<char32_t>(0x2460 + v - 1)});
  if (f == "decimalEnclosedParen" && v >= 1 && v <= 20)
    return text::from_codepoints({static_cast<char32_t>(0x2474 + v - 1)});
  if (f == "decimalEnclosedFullstop" && v >= 1 && v <= 20)
    return text::from_codepoints({static_cast<char32_t>(0x2488 + v - 1)});
  if (f == "decimalZero") return (v >= 0 && v < 10 ? "0" : "") + std::to_string(v);
  if (f == "decimalFullWidth") return text::fold_width(std::to_string(v));
  if (f == "none" || f == "bullet") return "";
  return std::to_string(v);
}

DocxNumbering::DocxNumbering(const pugi::xml_document& numbering) {
  auto root = numbering.child("w:numbering");
  for (auto a : root.children("w:abstractNum")) {
    auto& levels = abstract_[a.attribute("w:abstractNumId").value()];
    for (auto l : a.children("w:lvl")) {
      Level lv;
      if (auto f = l.child("w:numFmt")) lv.format = f.attribute("w:val").value();
      lv.text = l.child("w:lvlText").attribute("w:val").value();
      lv.start = l.child("w:start").attribute("w:val").as_int(1);
      levels[l.attribute("w:ilvl").as_int(0)] = lv;
    }
  }
  for (auto n : root.children("w:num")) {
    Instance inst;
    inst.abstract_id = n.child("w:abstractNumId").attribute("w:val").value();
    for (auto o : n.children("w:lvlOverride"))
      if (auto so = o.child("w:startOverride"))
        inst.start_override[o.attribute("w:ilvl").as_int(0)] = so.attribute("w:val").as_int(1);
    nums_[n.attribute("w:numId").value()] = inst;
  }
}

std::string DocxNumbering::next_label(const std::string& num_id, int level) {
  auto n = nums_.find(num_id);
  if (n == nums_.end() || level < 0 || level >= kLevels) return {};
  auto a = abstract_.find(n->second.abstract_id);
  if (a == abstract_.end()) return {};
  auto& levels = a->second;
  auto start_of = [&](int l) {
    auto o = n->second.start_override.find(l);
    if (o != n->second.start_override.end()) return o->second;
    auto lv = levels.find(l);
    return lv == levels.end() ? 1 : lv->second.start;
  };
  auto& counter = counters_[n->second.abstract_id];
  if (counter.empty()) {
    counter.assign(kLevels, 0);
    for (int l = 0; l < kLevels; ++l)
      counter[static_cast<size_t>(l)] = start_of(l) - 1;
  }
  counter[static_cast<size_t>(level)] += 1;
  for (int l = level + 1; l < kLevels; ++l)
    counter[static_cast<size_t>(l)] = start_of(l) - 1;
  const auto lv = levels.find(level);
  if (lv == levels.end() || lv->second.format == "bullet" || lv->second.format == "none") return {};
  std::string out;
  const std::string& pattern = lv->second.text;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' &&
        pattern[i + 1] <= '9') {
      const int ref = pattern[i + 1] - '1';
      auto rl = levels.find(ref);
      // A level shown inside a deeper one counts from its start even before it was used.
      const int value = std::max(counter[static_cast<size_t>(ref)], start_of(ref));
      out += format_word_number(value, rl == levels.end() ? "decimal" : rl->second.format);
      ++i;
    } else {
      out.push_back(pattern[i]);
    }
  }
  return text::trim(out);
}

}  // namespace regreader::parse
