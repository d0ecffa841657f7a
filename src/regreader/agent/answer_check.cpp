#include "regreader/agent/answer_check.hpp"

#include <spdlog/spdlog.h>

#include <map>
#include <set>

#include "regreader/agent/prompts.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/regex.hpp"

namespace regreader::agent {

namespace {

// "GB26860" and "GB26860-2011" are one source when they resolve to one stored id.
std::string source_key(const tools::CitationResult& c) {
  static const Regex year(R"(-(19|20)\d{2}$)");
  std::string code = c.reg_id;
  if (code.empty()) {
    code = c.citation.regulation;
    RE2::Replace(&code, year, "");
  }
  std::string key = code + "|" + std::to_string(c.citation.page_first) + "|" +
                    std::to_string(c.citation.page_last);
  for (const auto& o : c.citation.objects)
    key += "|" + o;
  return key;
}

// One entry per cited source; a source cited twice keeps its worst verdict.
std::vector<CheckedCitation> unique_sources(const std::vector<tools::ClaimResult>& claims) {
  std::vector<CheckedCitation> out;
  std::map<std::string, size_t> index;
  for (const auto& claim : claims)
    for (const auto& c : claim.citations) {
      CheckedCitation cc{c.citation, c.reg_id, c.verdict, c.detail};
      const std::string key = source_key(c);
      auto it = index.find(key);
      if (it == index.end()) {
        index.emplace(key, out.size());
        out.push_back(std::move(cc));
      } else if (is_fabricated(cc.status) && !is_fabricated(out[it->second].status)) {
        out[it->second] = std::move(cc);
      }
    }
  return out;
}

std::vector<std::string> regulations_read(const AgentResponse& r) {
  std::set<std::string> ids;
  for (const auto& t : r.tool_calls)
    ids.insert(t.regulations.begin(), t.regulations.end());
  return {ids.begin(), ids.end()};
}

// The claims as found, unchecked: when no checker is there or it could not be reached.
std::vector<tools::ClaimResult> unchecked_claims(const std::string& answer) {
  std::vector<tools::ClaimResult> out;
  for (auto& c : tools::split_claims(answer)) {
    tools::ClaimResult cr{c, {}, tools::Verdict::kUnchecked, ""};
    for (const auto& x : c.citations)
      cr.citations.push_back({x, "", tools::Verdict::kUnchecked, ""});
    out.push_back(std::move(cr));
  }
  return out;
}

}  // namespace

void check_answer(AgentResponse& r, CitationChecker* checker, std::string_view agent_name,
                  const std::optional<std::vector<std::string>>& read) {
  r.checked = false;
  if (checker) {
    try {
      r.claims = checker->check(r.content, read ? *read : regulations_read(r)).claims;
      r.checked = true;
    } catch (const Error& e) {
      r.warnings.push_back(std::string("the citations could not be checked: ") + e.what());
      spdlog::warn("{}: the citations could not be checked: {}", agent_name, e.what());
    }
  }
  if (!r.checked) r.claims = unchecked_claims(r.content);
  r.sources = unique_sources(r.claims);
  for (const auto& c : r.claims)
    if (tools::is_failure(c.verdict)) {
      r.warnings.push_back("claim not verified [" + std::string(tools::verdict_name(c.verdict)) +
                           "]: " + c.claim.text + " (" + c.detail + ")");
      spdlog::warn("{}: claim not verified [{}]: {} ({})", agent_name,
                   tools::verdict_name(c.verdict), c.claim.text, c.detail);
    }
  const bool not_found = r.content.find(kNotFoundPhrase) != std::string::npos;
  r.uncited = r.outcome == AgentOutcome::kAnswered && !r.tool_calls.empty() && r.sources.empty() &&
              !not_found;
  if (r.uncited) r.warnings.push_back("the answer cites no page of a regulation");
}

nlohmann::json answer_summary(const AgentResponse& r) {
  nlohmann::json claims = nlohmann::json::array();
  for (const auto& c : r.claims) {
    nlohmann::json j = {{"text", c.claim.text}, {"verdict", tools::verdict_name(c.verdict)}};
    if (!c.detail.empty()) j["detail"] = c.detail;
    claims.push_back(std::move(j));
  }
  return {{"answer", r.content},
          {"sources", r.sources.size()},
          {"fabricated_citations", r.failed_claims()},
          {"checked", r.checked},
          {"claims", std::move(claims)}};
}

}  // namespace regreader::agent
