#pragma once
// The orchestrator's first step: one small model call that classifies a question (search /
// table / reference / discovery) and extracts hints (regulation ids, section numbers 5.2.3, table
// ids 表1, note ids 注1). When the model's JSON is unusable, deterministic rules answer instead;
// the hints the rules find are always added (a regex does not miss "表1").

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regreader/agent/agent_response.hpp"
#include "regreader/agent/llm/llm_client.hpp"

namespace regreader::agent {

enum class QueryIntent {
  kSearch,     ///< find the provisions on a topic
  kTable,      ///< a figure in a table, or which table
  kReference,  ///< a numbered section, a note, a cross-reference
  kDiscovery,  ///< similar passages, comparing sections
};

std::string_view query_intent_name(QueryIntent i);
/// "search" | "table" | "reference" | "discovery"; nullopt otherwise.
std::optional<QueryIntent> parse_query_intent(std::string_view name);

struct QueryAnalysis {
  std::vector<QueryIntent> intents;   ///< at least one, no duplicates, in the order given
  std::vector<std::string> reg_ids;   ///< normalised: "GB26860-2011", "DLT5352"
  std::vector<std::string> sections;  ///< "5.2.3"
  std::vector<std::string> tables;    ///< "表1", "表A.2"
  std::vector<std::string> notes;     ///< "注1", "注①"
  std::vector<std::string> skills;    ///< skills the model chose by their descriptions
  bool from_model = false;            ///< false: the model's answer was unusable, rules decided

  bool has(QueryIntent i) const;
};

/// The rules alone: hints by regex, intents by keywords; kSearch when nothing else applies.
QueryAnalysis analyze_query_rules(std::string_view query);

/// The model's JSON answer ({"intents":[…],"reg_ids":[…],"sections":[…],"tables":[…],
/// "notes":[…]}); nullopt when there is no JSON object or no known intent in it.
std::optional<QueryAnalysis> parse_query_analysis(std::string_view model_text);

/// The analyzer's system prompt (short: it is sent with every question).
const std::string& query_analyzer_prompt();

/// The analyzer's prompt with a catalogue of skills ("name: description" lines) to choose from.
std::string query_analyzer_prompt(const std::string& skill_catalogue);

/// One model call (recorded into `into` as agent "analyzer"), then the rules as fallback and
/// for hints. With a skill catalogue the model also picks skills. Exceptions propagate.
QueryAnalysis analyze_query(LlmClient& llm, const std::string& query, AgentResponse& into,
                            const std::string& skill_catalogue = "");

nlohmann::json to_json(const QueryAnalysis& a);

}  // namespace regreader::agent
