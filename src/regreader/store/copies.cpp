#include "regreader/store/copies.hpp"

#include <algorithm>
#include <cctype>

namespace regreader::store {

Completeness completeness(const model::RegulationInfo& info, int ocr_pages) {
  Completeness c;
  c.paging = info.paging == model::Paging::kReal       ? 2
             : info.paging == model::Paging::kRendered ? 1
                                                       : 0;
  c.pages = info.total_pages;
  c.text_pages = std::max(0, info.total_pages - ocr_pages);
  return c;
}

Completeness completeness(const model::RegulationInfo& info,
                          const std::map<std::string, int>& ocr_page_counts) {
  const auto it = ocr_page_counts.find(info.reg_id);
  return completeness(info, it == ocr_page_counts.end() ? 0 : it->second);
}

std::string describe(const Completeness& c) {
  const char* paging = c.paging == 2   ? "real pages"
                       : c.paging == 1 ? "rendered pages"
                                       : "synthetic pages";
  return std::string(paging) + ", " + std::to_string(c.text_pages) + " of " +
         std::to_string(c.pages) + " pages from a text layer";
}

namespace {

// "GB26860-2011-3" -> "GB26860-2011"; "" when the id has no "-N" suffix.
std::string without_suffix(const std::string& id) {
  const size_t dash = id.rfind('-');
  if (dash == std::string::npos || dash == 0 || dash + 1 == id.size()) return {};
  for (size_t i = dash + 1; i < id.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(id[i]))) return {};
  if (id[dash + 1] == '0' || id.size() - dash > 4) return {};  // a year is no copy number
  return id.substr(0, dash);
}

}  // namespace

std::string family_of(const std::string& reg_id, const std::vector<std::string>& ids) {
  const std::string base = without_suffix(reg_id);
  if (!base.empty() && std::find(ids.begin(), ids.end(), base) != ids.end()) return base;
  return reg_id;
}

std::map<std::string, std::vector<std::string>> families(const std::vector<std::string>& ids) {
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& id : ids) {
    const std::string base = family_of(id, ids);
    if (base != id) out[base].push_back(id);
  }
  for (auto& [base, copies] : out) {
    std::sort(copies.begin(), copies.end(), [](const std::string& a, const std::string& b) {
      return a.size() != b.size() ? a.size() < b.size() : a < b;
    });
    copies.insert(copies.begin(), base);
  }
  return out;
}

}  // namespace regreader::store
