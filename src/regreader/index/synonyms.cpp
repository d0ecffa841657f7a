#include "regreader/index/synonyms.hpp"

#include <algorithm>
#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"

namespace regreader::index {

const SynonymTable& builtin_synonyms() {
  static const SynonymTable table = {
      {"变电所", "变电站"}, {"千伏", "kV"},       {"千瓦", "kW"},     {"兆瓦", "MW"},
      {"兆伏安", "MVA"},    {"刀闸", "隔离开关"}, {"开关", "断路器"}, {"安规", "安全工作规程"},
  };
  return table;
}

void read_tab_pairs(const std::filesystem::path& file, const std::string& expected,
                    std::vector<std::pair<std::string, std::string>>& into) {
  std::ifstream in(file);
  if (!in) return;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const std::string t = text::trim(line);
    if (t.empty() || t[0] == '#') continue;
    const auto tab = t.find('\t');
    if (tab == std::string::npos || text::trim(t.substr(0, tab)).empty() ||
        text::trim(t.substr(tab + 1)).empty())
      throw Error(ErrorCode::kInvalidArgument,
                  file.string() + " line " + std::to_string(n) + ": expected \"" + expected + "\"");
    into.emplace_back(text::trim(t.substr(0, tab)), text::trim(t.substr(tab + 1)));
  }
}

SynonymTable load_synonyms(const std::filesystem::path& file) {
  SynonymTable table = builtin_synonyms();
  read_tab_pairs(file, "word<TAB>replacement", table);
  return table;
}

std::vector<std::string> expand_term(const std::string& term, const SynonymTable& table) {
  std::vector<std::string> out{term};
  for (const auto& [from, to] : table) {
    const size_t at = term.find(from);
    if (at == std::string::npos) continue;
    std::string variant = term;
    variant.replace(at, from.size(), to);
    if (std::find(out.begin(), out.end(), variant) == out.end()) out.push_back(variant);
  }
  return out;
}

}  // namespace regreader::index
