#pragma once
// The orchestrator's specialists: each a ReactAgent with a short prompt and only its own tools
// (ReactOptions::allowed_tools refuses and logs any other call).
//
//   search     list_regulations, get_toc, smart_search, read_page_range
//   table      search_tables, get_table_by_id, lookup_annotation
//   reference  resolve_reference, lookup_annotation, read_page_range
//   discovery  find_similar_content, compare_sections

#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "regreader/agent/query_analyzer.hpp"

namespace regreader::agent {

enum class SubagentKind { kSearch, kTable, kReference, kDiscovery };

struct SubagentSpec {
  SubagentKind kind;
  std::string name;             ///< "search_agent" … (in events and ModelCall::agent)
  std::set<std::string> tools;  ///< its whole tool set
  std::string prompt;           ///< its system prompt
};

const SubagentSpec& subagent_spec(SubagentKind kind);

/// The subagent serving an intent.
SubagentKind subagent_for(QueryIntent intent);

/// The role line a subagent of `kind` starts with ("你是规程表格子代理。").
std::string subagent_role(SubagentKind kind);
/// The rules every subagent reports by (findings with sources, never the final answer).
const std::string& subagent_report_rules();
/// "search" | "table" | "reference" | "discovery".
std::optional<SubagentKind> parse_subagent_kind(std::string_view name);

/// What the subagent is asked: the question and the analyzer's hints, on a few lines.
std::string subagent_task(const std::string& query, const QueryAnalysis& analysis);

}  // namespace regreader::agent
