#include "regreader/agent/citations.hpp"

#include <algorithm>
#include <set>

#include "regreader/core/error.hpp"

namespace regreader::agent {

tools::AnswerReport ToolCitationChecker::check(const std::string& answer,
                                               const std::vector<std::string>& read_regulations) {
  const nlohmann::json args = {{"answer", answer}, {"read_regulations", read_regulations}};
  const ToolResult r = tools_.call_tool("verify_answer", args);
  if (r.is_error || !r.structured.is_object())
    throw Error(ErrorCode::kRemote, "verify_answer failed: " + r.content.substr(0, 300));
  return tools::answer_report_from_json(r.structured);
}

tools::AnswerReport SourceCitationChecker::check(const std::string& answer,
                                                 const std::vector<std::string>& read_regulations) {
  tools::CheckOptions o;
  o.read_regulations = read_regulations;
  return tools::check_answer_claims(answer, source_, o);
}

std::string_view citation_status_name(CitationStatus s) {
  return tools::verdict_name(s);
}

bool is_fabricated(CitationStatus s) {
  return tools::is_failure(s);
}

namespace {

void collect(const nlohmann::json& j, std::set<std::string>& out, int depth) {
  if (depth > 8) return;
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) {
      if ((k == "reg_id" || k == "reg_ids") && v.is_string()) out.insert(v.get<std::string>());
      if (k == "reg_ids" && v.is_array())
        for (const auto& x : v)
          if (x.is_string()) out.insert(x.get<std::string>());
      collect(v, out, depth + 1);
    }
  } else if (j.is_array()) {
    for (const auto& v : j)
      collect(v, out, depth + 1);
  }
}

}  // namespace

std::vector<std::string> regulations_in(const nlohmann::json& args, const nlohmann::json& result) {
  std::set<std::string> ids;
  collect(args, ids, 0);
  collect(result, ids, 0);
  ids.erase("");
  ids.erase("all");
  return {ids.begin(), ids.end()};
}

}  // namespace regreader::agent
