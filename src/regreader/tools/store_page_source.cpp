#include "regreader/tools/store_page_source.hpp"

#include <algorithm>
#include <map>

#include "regreader/core/error.hpp"
#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"

namespace regreader::tools {

namespace {

// Titles shorter than this are too common to be read as a regulation's name.
constexpr size_t kMinTitleChars = 4;

bool has_year(const std::string& code) {
  static const Regex year(R"(-(19|20)\d{2}(-\d+)?$)");
  return RE2::PartialMatch(code, year);
}

std::string without_year(const std::string& code) {
  static const Regex year(R"(-(19|20)\d{2}(-\d+)?$)");
  std::string out = code;
  RE2::Replace(&out, year, "");
  return out;
}

// Of several ids one name fits (copies of one document), the shortest: the first ingested.
void keep_shortest(std::map<std::string, std::string>& m, const std::string& name,
                   const std::string& id) {
  auto it = m.find(name);
  if (it == m.end() || id.size() < it->second.size() ||
      (id.size() == it->second.size() && id < it->second))
    m[name] = id;
}

}  // namespace

StorePageSource::StorePageSource(const store::DocumentStore& store,
                                 const index::AliasTable& aliases)
    : store_(store) {
  const auto regs = store_.list();
  std::map<std::string, std::string> by_name;
  for (const auto& info : regs) {
    ids_.emplace_back(normalize_regulation_code(info.reg_id), info.reg_id);
    names_.push_back({info.reg_id, info.reg_id});
    const std::string title = text::trim(info.title);
    if (text::length(title) >= kMinTitleChars) keep_shortest(by_name, title, info.reg_id);
  }
  for (const auto& [alias, target] : aliases) {
    for (const auto& info : regs)
      if (info.reg_id == target || info.title.find(target) != std::string::npos)
        keep_shortest(by_name, alias, info.reg_id);
  }
  for (const auto& [name, id] : by_name)
    names_.push_back({name, id});
}

std::optional<std::string> StorePageSource::resolve(const std::string& cited) {
  const std::string code = normalize_regulation_code(cited);
  for (const auto& [c, id] : ids_)
    if (c == code) return id;
  if (has_year(code)) {
    // An id without a year may be that year's edition; an id with another year or copy is not.
    for (const auto& [c, id] : ids_)
      if (!has_year(c) && c == without_year(code)) return id;
    return std::nullopt;
  }
  std::optional<std::string> best;
  for (const auto& [c, id] : ids_)
    if (without_year(c) == code && (!best || id.size() < best->size())) best = id;
  return best;
}

std::optional<CitedPage> StorePageSource::page(const std::string& reg_id, int page) {
  try {
    const model::PageDocument p = store_.page(reg_id, page);
    CitedPage out;
    out.text = p.content_markdown;
    for (const auto& a : p.annotations)
      out.text += "\n" + a.annotation_id + "：" + a.content;
    out.chapters = p.active_chapters;
    out.chapters.insert(out.chapters.end(), p.chapter_path.begin(), p.chapter_path.end());
    return out;
  } catch (const Error& e) {
    if (e.code() == ErrorCode::kNotFound) return std::nullopt;
    throw;
  }
}

}  // namespace regreader::tools
