#include "regreader/agent/store_citation_checker.hpp"

#include <stdexcept>

#include "regreader/core/error.hpp"
#include "regreader/core/regex.hpp"

namespace regreader::agent {

namespace {

// Models often drop the year of a standard ("GB26860" for "GB26860-2011").
std::string without_year(const std::string& code) {
  static const Regex year(R"(-(19|20)\d{2}$)");
  std::string out = code;
  RE2::Replace(&out, year, "");
  return out;
}

}  // namespace

StoreCitationChecker::StoreCitationChecker(const store::PageStore& store) : store_(store) {
  for (const auto& info : store_.list())
    ids_.emplace_back(normalize_regulation_code(info.reg_id), info.reg_id);
}

std::optional<std::string> StoreCitationChecker::resolve(const std::string& regulation) const {
  const std::string cited = normalize_regulation_code(regulation);
  for (const auto& [code, id] : ids_)
    if (code == cited) return id;
  for (const auto& [code, id] : ids_)
    if (without_year(code) == without_year(cited)) return id;
  return std::nullopt;
}

bool StoreCitationChecker::has_regulation(const std::string& regulation) {
  return resolve(regulation).has_value();
}

std::optional<std::string> StoreCitationChecker::page_text(const std::string& regulation,
                                                           int page) {
  const auto id = resolve(regulation);
  if (!id) return std::nullopt;
  try {
    const model::PageDocument p = store_.page(*id, page);
    std::string text = p.content_markdown;
    for (const auto& a : p.annotations)
      text += "\n" + a.annotation_id + "：" + a.content;
    return text;
  } catch (const Error& e) {
    if (e.code() == ErrorCode::kNotFound) return std::nullopt;
    throw;
  }
}

std::vector<std::string> StoreCitationChecker::known_ids() {
  std::vector<std::string> out;
  for (const auto& [code, id] : ids_)
    out.push_back(id);
  return out;
}

}  // namespace regreader::agent
