#include "regreader/agent/answer_check.hpp"

#include <spdlog/spdlog.h>

#include <map>
#include <stdexcept>

#include "regreader/agent/prompts.hpp"
#include "regreader/core/regex.hpp"

namespace regreader::agent {

namespace {

// "GB26860" and "GB26860-2011" are one source.
std::string source_key(const Citation& c) {
  static const Regex year(R"(-(19|20)\d{2}$)");
  std::string code = c.regulation;
  RE2::Replace(&code, year, "");
  return code + "|" + std::to_string(c.page_first) + "|" + std::to_string(c.page_last) + "|" +
         c.table + "|" + c.annotation + "|" + c.section;
}

// One entry per cited source; a source cited twice keeps its worst verdict.
std::vector<CheckedCitation> unique_sources(std::vector<CheckedCitation> all) {
  std::vector<CheckedCitation> out;
  std::map<std::string, size_t> index;
  for (auto& c : all) {
    const std::string key = source_key(c.citation);
    auto it = index.find(key);
    if (it == index.end()) {
      index.emplace(key, out.size());
      out.push_back(std::move(c));
    } else if (is_fabricated(c.status) && !is_fabricated(out[it->second].status)) {
      out[it->second] = std::move(c);
    }
  }
  return out;
}

}  // namespace

void check_answer(AgentResponse& r, CitationChecker* checker, std::string_view agent_name) {
  const auto citations =
      extract_citations(r.content, checker ? checker->known_ids() : std::vector<std::string>{});
  if (checker) {
    r.sources = unique_sources(check_citations(citations, *checker));
  } else {
    std::vector<CheckedCitation> unchecked;
    unchecked.reserve(citations.size());
    for (const auto& c : citations)
      unchecked.push_back({c, CitationStatus::kUnchecked, ""});
    r.sources = unique_sources(std::move(unchecked));
  }
  for (const auto& s : r.sources)
    if (is_fabricated(s.status)) {
      r.warnings.push_back("fabricated citation: " + s.citation.raw + " (" + s.detail + ")");
      spdlog::warn("{}: fabricated citation {} ({})", agent_name, s.citation.raw, s.detail);
    }
  const bool not_found = r.content.find(kNotFoundPhrase) != std::string::npos;
  r.uncited = r.outcome == AgentOutcome::kAnswered && !r.tool_calls.empty() && r.sources.empty() &&
              !not_found;
  if (r.uncited) r.warnings.push_back("the answer cites no page of a regulation");
}

}  // namespace regreader::agent
